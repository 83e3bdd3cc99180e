// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { userKeys } from "../../api/queries/users.ts";
import { answers, GraphQLAnswerError, type ResultOfOperation } from "../../test/graphql-handlers.ts";
import { server } from "../../test/server.ts";
import { startDashboard, TEAM_ID, USER } from "../sandbox-grid/testing.tsx";
import { importStep, parseRepositoryInput } from "./importStep.ts";
import { templateUrlOf } from "./TemplateTab.tsx";
import { invalidMessage } from "./useForkNameValidity.ts";

const GITHUB_USER = {
  ...USER,
  githubProfile: { data: { login: "ada", email: null, scopes: ["user:email", "repo", "read:org"] } },
};

const ghRepo = (owner: string, name: string, authorization: "READ" | "WRITE" = "WRITE") => ({
  id: `${owner}/${name}`,
  name,
  fullName: `${owner}/${name}`,
  private: false,
  authorization,
  updatedAt: "2026-11-20T10:00:00Z",
  pushedAt: "2026-11-20T10:00:00Z",
  owner: { id: owner, login: owner, avatarUrl: null },
  appInstalled: true,
});

const BASE_OPERATIONS = {
  RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
  GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
  GetGithubAccounts: () => ({
    me: {
      id: USER.id,
      githubProfile: { id: "1", login: "ada" },
      githubOrganizations: [{ id: "2", login: "acme" }],
    },
  }),
  RepositoryTeams: () => ({ projects: [] }),
};

const VM_TIERS = {
  "GET /api/v1/vm_tiers": () => ({
    vmTiers: [
      { tier: 1, shortid: "vm-1", name: "Nano", cpu: 2, memory: 4, storage: 20, creditBasis: 10 },
      { tier: 2, shortid: "vm-2", name: "Micro", cpu: 4, memory: 8, storage: 40, creditBasis: 20 },
    ],
  }),
};

function openWithGithub(path: string, operations: Parameters<typeof startDashboard>[1], rest = {}) {
  const started = startDashboard(
    path,
    { ...BASE_OPERATIONS, ...operations },
    { rest: { ...VM_TIERS, ...rest } },
  );
  act(() => started.client.setQueryData(userKeys.current, GITHUB_USER));
  return started;
}

describe("import flow steps", () => {
  const found = { status: "success" as const, found: true };
  it("S2-2.014 / S2-4.002 signin, permissions, select, loading, config; a failed fetch returns to select", () => {
    const base = { loggedIn: true, githubScopes: ["repo"], selected: null, repository: found };
    expect(importStep({ ...base, loggedIn: false })).toBe("signin");
    expect(importStep({ ...base, githubScopes: ["user:email", "read:org"] })).toBe("permissions");
    expect(importStep(base)).toBe("select");
    const selected = { owner: "acme", name: "rocket" };
    expect(importStep({ ...base, selected, repository: { status: "pending", found: false } })).toBe(
      "loading",
    );
    expect(importStep({ ...base, selected })).toBe("config");
    expect(importStep({ ...base, selected, repository: { status: "error", found: false } })).toBe("select");
    // public_repo alone lets public repositories through.
    expect(importStep({ ...base, githubScopes: ["public_repo"], selected })).toBe("config");
  });

  it("S2-2.022 with no GitHub linked the flow stays at select (its search says 'No organizations found')", () => {
    expect(
      importStep({
        loggedIn: true,
        githubScopes: null,
        selected: { owner: "a", name: "b" },
        repository: { status: "pending", found: false },
      }),
    ).toBe("select");
  });

  it("S2-2.017 Find by URL reads owner/name from an address or as typed", () => {
    expect(parseRepositoryInput("https://github.com/acme/rocket.git")).toEqual({
      owner: "acme",
      name: "rocket",
    });
    expect(parseRepositoryInput(" acme/rocket/ ")).toEqual({ owner: "acme", name: "rocket" });
    expect(parseRepositoryInput("acme")).toBeNull();
    expect(parseRepositoryInput("acme/rocket/tree/main")).toBeNull();
  });

  it("S2-2.021 / S2-5.002 / S1-9.005 Import template: the sandbox URL of owner/repo[/tree/branch[/folder]]; main and master hide the branch", () => {
    const origin = "https://boxyard.test";
    expect(templateUrlOf("acme/rocket", origin)).toBe("https://boxyard.test/s/github/acme/rocket");
    expect(templateUrlOf("https://github.com/acme/rocket/tree/master", origin)).toBe(
      "https://boxyard.test/s/github/acme/rocket",
    );
    expect(templateUrlOf("https://github.com/acme/rocket/tree/dev/apps/web", origin)).toBe(
      "https://boxyard.test/s/github/acme/rocket/tree/dev/apps/web",
    );
    expect(templateUrlOf("not a repository", origin)).toBeNull();
  });

  it("S2-8.001 a failed validation request shows the server's message, else the HTTP status text", () => {
    expect(
      invalidMessage(
        new ApiError("Request failed with status code 404", {
          status: 404,
          body: { errors: { detail: ["Nope."] } },
        }),
      ),
    ).toBe("Nope.");
    expect(
      invalidMessage(new ApiError("Request failed with status code 502", { status: 502, body: undefined })),
    ).toBe("Bad Gateway");
  });
});

describe("import dialog", () => {
  it("S1-2.028 / S1-5.005 import_repo=owner/name opens the dialog at the repository; the parameter is removed", async () => {
    const { router } = openWithGithub("/dashboard/recent?import_repo=acme/rocket", {
      GetGithubRepo: (variables) => {
        expect(variables).toEqual({ owner: "acme", name: "rocket" });
        return { githubRepo: ghRepo("acme", "rocket") };
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Import repository" });
    await within(dialog).findByRole("form", { name: "Import acme/rocket" });
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("S1-5.005 an import_repo that is not owner/name opens the dialog without a prefill", async () => {
    openWithGithub("/dashboard/recent?import_repo=rocket", {
      GetPartialGitHubAccountRepos: () => ({ me: { id: USER.id, githubRepos: [] } }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Import repository" });
    expect(
      within(dialog).getByRole("tab", { name: "Search in organizations" }).getAttribute("aria-selected"),
    ).toBe("true");
  });

  it("S2-2.015 / S2-2.016 / S2-2.020 / S1-9.001 four tabs; the account's 10 latest, all of them once searched; the empty search text", async () => {
    const { operationsCalled } = openWithGithub("/dashboard/recent?import_repo=x", {
      GetPartialGitHubAccountRepos: () => ({ me: { id: USER.id, githubRepos: [ghRepo("ada", "rocket")] } }),
      GetFullGitHubAccountRepos: () => ({
        me: { id: USER.id, githubRepos: [ghRepo("ada", "rocket"), ghRepo("ada", "old-lab")] },
      }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Import repository" });
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Search in organizations", "Find by URL", "Start from a template", "Import template"]);
    await within(dialog).findByRole("button", { name: "Import ada/rocket" });
    fireEvent.change(within(dialog).getByRole("searchbox", { name: "Search repositories" }), {
      target: { value: "lab" },
    });
    await within(dialog).findByRole("button", { name: "Import ada/old-lab" });
    expect(operationsCalled().map((op) => op.operationName)).toContain("GetFullGitHubAccountRepos");
    fireEvent.change(within(dialog).getByRole("searchbox", { name: "Search repositories" }), {
      target: { value: "nothing-like-it" },
    });
    expect(
      within(dialog).getByText(
        "No repository matching the search. Please double check the repository name or try the Find by URL option.",
      ),
    ).toBeTruthy();
  });

  it("S2-2.018 'Start from a template' opens official starters with createRepo=true", async () => {
    openWithGithub("/dashboard/recent?import_repo=x", {
      GetPartialGitHubAccountRepos: () => ({ me: { id: USER.id, githubRepos: [] } }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Import repository" });
    fireEvent.click(within(dialog).getByRole("tab", { name: "Start from a template" }));
    const links = within(within(dialog).getByRole("list", { name: "Starter templates" })).getAllByRole(
      "link",
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => /\?createRepo=true$/.test(link.getAttribute("href") ?? ""))).toBe(true);
  });

  it("S2-2.021 / S2-5.002 'Import template' shows the sandbox URL; Open URL stays disabled for what is not owner/repo", async () => {
    openWithGithub("/dashboard/recent?import_repo=x", {
      GetPartialGitHubAccountRepos: () => ({ me: { id: USER.id, githubRepos: [] } }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Import repository" });
    fireEvent.click(within(dialog).getByRole("tab", { name: "Import template" }));
    const open = within(dialog).getByRole("button", { name: "Open URL" }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText("GitHub URL"), { target: { value: "rocket" } });
    expect(open.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("GitHub URL"), {
      target: { value: "https://github.com/acme/rocket/tree/dev/web" },
    });
    expect(within(dialog).getByTestId("template-url").textContent).toBe(
      `${window.location.origin}/s/github/acme/rocket/tree/dev/web`,
    );
    await waitFor(() => expect(open.disabled).toBe(false));
  });

  it("S2-8.008 an already imported repository says where, with links", async () => {
    openWithGithub("/dashboard/recent?import_repo=acme/rocket", {
      GetGithubRepo: () => ({ githubRepo: ghRepo("acme", "rocket") }),
      RepositoryTeams: () => ({ projects: [{ team: { id: "ws-other", name: "Other team" } }] }),
    });
    const form = await screen.findByRole("form", { name: "Import acme/rocket" });
    expect(
      await within(form).findByText(
        /This repository has already been imported into one of your workspaces, open it on:/,
      ),
    ).toBeTruthy();
    expect(within(form).getByRole("link", { name: "Other team" }).getAttribute("href")).toBe(
      "/dashboard/repositories/acme/rocket?workspace=ws-other",
    );
  });

  it("S2-4.002 / S2-8.018 submit is blocked while the import runs; success opens the new branch with the import flag; failure says 'Failed to import/fork repository'", async () => {
    let answer: (value: ResultOfOperation<"ImportProject">) => void = () => {};
    let fail = false;
    const { router } = openWithGithub("/dashboard/recent?import_repo=acme/rocket", {
      GetGithubRepo: () => ({ githubRepo: ghRepo("acme", "rocket") }),
    });
    let imports = 0;
    server.use(
      ...answers({
        ImportProject: () => {
          imports += 1;
          if (fail) throw new GraphQLAnswerError("GitHub answered 500.");
          return new Promise((resolve) => {
            answer = resolve;
          });
        },
      }),
    );
    const form = await screen.findByRole("form", { name: "Import acme/rocket" });
    const submit = within(form).getByRole("button", { name: "Import repository" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fail = true;
    fireEvent.click(submit);
    await screen.findByText("Failed to import/fork repository");
    fail = false;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    fireEvent.submit(form);
    expect(imports).toBe(2);
    answer({ importProject: { id: "p1", defaultBranch: { name: "main" } } });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/dashboard/repositories/acme/rocket?branch=main&import=true",
      ),
    );
  });
});

describe("fork form", () => {
  it("S2-2.020 / S2-4.003 / S2-5.001 / S2-9.011 a read-only repository gets the fork form: idle when empty, validated 500 ms after typing, Fork only when valid", async () => {
    const asked: string[] = [];
    const calls = () => asked.length;
    openWithGithub(
      "/dashboard/recent?import_repo=acme/library",
      { GetGithubRepo: () => ({ githubRepo: ghRepo("acme", "library", "READ") }) },
      {
        "GET /api/beta/repos/validate/github/ada/library": () => {
          asked.push("library");
          return { valid: true };
        },
        "GET /api/beta/repos/validate/github/ada/rocket": () => {
          asked.push("rocket");
          return { valid: false, message: "A repository named ada/rocket already exists." };
        },
        "GET /api/beta/repos/validate/github/ada/silent": () => {
          asked.push("silent");
          return { valid: false };
        },
      },
    );
    const form = await screen.findByRole("form", { name: "Fork acme/library" });
    expect(within(form).getByRole("heading", { name: "Fork repository" })).toBeTruthy();
    const validity = within(form).getByTestId("fork-validity");
    const fork = within(form).getByRole("button", { name: "Fork repository" }) as HTMLButtonElement;
    await waitFor(() => expect(validity.getAttribute("data-state")).toBe("valid"), { timeout: 2000 });
    expect(fork.disabled).toBe(false);

    const name = within(form).getByLabelText("Repository name");
    fireEvent.change(name, { target: { value: "" } });
    expect(validity.getAttribute("data-state")).toBe("idle");
    expect(fork.disabled).toBe(true);

    const before = calls();
    fireEvent.change(name, { target: { value: "rocket" } });
    expect(validity.getAttribute("data-state")).toBe("validating");
    await new Promise((done) => setTimeout(done, 300));
    expect(calls()).toBe(before);
    await waitFor(() => expect(validity.getAttribute("data-state")).toBe("invalid"), { timeout: 2000 });
    expect(validity.textContent).toBe("A repository named ada/rocket already exists.");
    expect(fork.disabled).toBe(true);

    fireEvent.change(name, { target: { value: "silent" } });
    await waitFor(() => expect(validity.textContent).toBe("Invalid repository name or organization"), {
      timeout: 2000,
    });
  });

  it("S1-6.006 / S2-6.012 Fork is disabled in a frozen workspace", async () => {
    const started = startDashboard(
      "/dashboard/recent?import_repo=acme/library",
      { ...BASE_OPERATIONS, GetGithubRepo: () => ({ githubRepo: ghRepo("acme", "library", "READ") }) },
      {
        frozen: true,
        rest: { ...VM_TIERS, "GET /api/beta/repos/validate/github/ada/library": () => ({ valid: true }) },
      },
    );
    act(() => started.client.setQueryData(userKeys.current, GITHUB_USER));
    const form = await screen.findByRole("form", { name: "Fork acme/library" });
    await waitFor(
      () => expect(within(form).getByTestId("fork-validity").getAttribute("data-state")).toBe("valid"),
      {
        timeout: 2000,
      },
    );
    expect(
      within(form).getByText("This workspace is frozen: importing and forking are disabled."),
    ).toBeTruthy();
    expect(
      (within(form).getByRole("button", { name: "Fork repository" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
