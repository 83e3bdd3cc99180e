// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userKeys } from "../../api/queries/users.ts";
import { GraphQLAnswerError } from "../../test/graphql-handlers.ts";
import { getCurrentModal, subscribeModal } from "../modals/modalStore.ts";
import { startDashboard, TEAM_ID, USER } from "../sandbox-grid/testing.tsx";

const OPERATIONS = {
  RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
  GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
  GetGithubAccounts: () => ({ me: { id: USER.id, githubProfile: null, githubOrganizations: [] } }),
  GetPartialGitHubAccountRepos: () => ({ me: { id: USER.id, githubRepos: [] } }),
  RepositoryTeams: () => ({ projects: [] }),
  GetGithubRepo: () => {
    throw new GraphQLAnswerError("Repository not found");
  },
};
const REST = { "GET /api/v1/vm_tiers": () => ({ vmTiers: [] }) };

async function importDialog(path: string, github: boolean) {
  const started = startDashboard(path, OPERATIONS, { rest: REST });
  if (github) {
    const user = {
      ...USER,
      githubProfile: { data: { login: "ada", email: null, scopes: ["user:email", "repo", "read:org"] } },
    };
    act(() => started.client.setQueryData(userKeys.current, user));
  }
  const dialog = await screen.findByRole("dialog", { name: "Import repository" }, { timeout: 5000 });
  return { ...started, dialog };
}

describe("import_repo prefill", () => {
  it("S1-2.028 / S1-5.005 import_repo=owner/name fills the repository in when no GitHub account is linked", async () => {
    const { dialog, router } = await importDialog("/dashboard/recent?import_repo=acme/rocket", false);
    expect(within(dialog).getByRole("tab", { name: "Find by URL" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect((within(dialog).getByLabelText("Repository URL") as HTMLInputElement).value).toBe("acme/rocket");
    expect((within(dialog).getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("S1-2.028 / import_repo opens the import dialog once, for the active workspace, filled in", async () => {
    const opened = new Set<number>();
    const stop = subscribeModal(() => {
      const current = getCurrentModal();
      if (current?.name === "import") opened.add(current.key);
    });
    try {
      const { dialog } = await importDialog("/dashboard/recent?import_repo=acme/rocket", false);
      expect((within(dialog).getByLabelText("Repository URL") as HTMLInputElement).value).toBe("acme/rocket");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(opened.size).toBe(1);
      expect(getCurrentModal()?.props).toMatchObject({ teamId: TEAM_ID });
    } finally {
      stop();
    }
  });

  it("S1-2.028 / S1-5.005 a repository from import_repo that cannot be fetched stays filled in, with the notice", async () => {
    const { dialog } = await importDialog("/dashboard/recent?import_repo=acme/rocket", true);
    expect(
      await within(dialog).findByText(/could not be loaded from GitHub/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText("Repository URL") as HTMLInputElement).value).toBe("acme/rocket");
  });
});
