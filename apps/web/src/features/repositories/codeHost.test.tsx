// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ALL_FEATURES } from "../../test/render.tsx";
import { startDashboard, TEAM_ID, USER } from "../sandbox-grid/testing.tsx";
import { CODE_HOST_TEXTS } from "./CodeHostNotSetUp.tsx";

const OPERATIONS = {
  RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
  GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
  GetGithubAccounts: () => ({ me: { id: USER.id, githubProfile: null, githubOrganizations: [] } }),
  RepositoryTeams: () => ({ projects: [] }),
  ContributionBranches: () => ({ me: { id: USER.id, recentBranches: [] } }),
};
const REST = { "GET /api/v1/vm_tiers": () => ({ vmTiers: [] }) };

/** The dashboard of a user with no GitHub account linked, on an installation with or without GitHub. */
function start(path: string, githubSetUp: boolean) {
  return startDashboard(path, OPERATIONS, {
    rest: REST,
    features: { ...ALL_FEATURES, loginWithGithub: githubSetUp },
  });
}

/** The import dialog import_repo opened, once the address no longer has it (it is handled once). */
async function importDialog(router: ReturnType<typeof start>["router"]) {
  await waitFor(() => expect(router.state.location.search).toBe(""), { timeout: 5000 });
  return screen.findByRole("dialog", { name: "Import repository" }, { timeout: 5000 });
}

describe("the code host not set up (issue 19)", () => {
  it("import says GitHub is not set up on this installation, and how to set it up, instead of 'No organizations found' or 'Repository not found on GitHub'", async () => {
    const user = userEvent.setup();
    const { operationsCalled, router } = start("/dashboard/recent?import_repo=acme/rocket", false);
    await importDialog(router);
    const dialog = () => screen.getByRole("dialog", { name: "Import repository" });
    expect(within(dialog()).getByRole("tab", { name: "Find by URL" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    const notice = within(dialog()).getByRole("heading", { name: CODE_HOST_TEXTS.title }).closest("section")!;
    expect(notice.textContent).toContain(CODE_HOST_TEXTS.lead);
    expect(notice.textContent).toContain(
      `${CODE_HOST_TEXTS.admins} create a GitHub OAuth app with the callback URL ${window.location.origin}/auth/github/callback, set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET`,
    );
    expect(within(dialog()).queryByLabelText("Repository URL")).toBeNull();
    expect(within(dialog()).queryByText(CODEHOST_MESSAGES.repositoryNotFound)).toBeNull();

    await user.click(within(dialog()).getByRole("tab", { name: "Search in organizations" }));
    expect(
      within(dialog()).getByRole("tab", { name: "Search in organizations" }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(within(dialog()).getByRole("heading", { name: CODE_HOST_TEXTS.title })).toBeTruthy();
    expect(within(dialog()).queryByText(CODEHOST_MESSAGES.noOrganizations)).toBeNull();
    // The tabs that need no GitHub account stay as they are.
    await user.click(within(dialog()).getByRole("tab", { name: "Import template" }));
    expect(within(dialog()).getByRole("tab", { name: "Import template" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(within(dialog()).queryByRole("heading", { name: CODE_HOST_TEXTS.title })).toBeNull();
    // Nothing was asked of GitHub.
    const asked = operationsCalled().map((op) => op.operationName);
    expect(asked).not.toContain("GetGithubAccounts");
    expect(asked).not.toContain("GetGithubRepo");
  });

  it("S2-2.022 with GitHub set up but no account linked, the search still says 'No organizations found' and offers to connect", async () => {
    const user = userEvent.setup();
    const { router } = start("/dashboard/recent?import_repo=acme/rocket", true);
    const dialog = await importDialog(router);
    expect(within(dialog).queryByRole("heading", { name: CODE_HOST_TEXTS.title })).toBeNull();
    await user.click(within(dialog).getByRole("tab", { name: "Search in organizations" }));
    const search = within(dialog).getByRole("tabpanel");
    await waitFor(() => expect(search.textContent).toContain(CODEHOST_MESSAGES.noOrganizations));
    expect(
      within(search)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Connect GitHub"]);
  });

  it("S1-2.043 My contributions says GitHub is not set up instead of suggesting repositories it cannot fork", async () => {
    start("/dashboard/my-contributions", false);
    const heading = await screen.findByRole("heading", { name: CODE_HOST_TEXTS.title }, { timeout: 5000 });
    expect(heading.tagName).toBe("H2");
    expect(heading.closest("section")!.textContent).toContain(
      "set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET",
    );
    expect(screen.queryByRole("list", { name: "Suggested repositories" })).toBeNull();
  });
});
