// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { metaKeys } from "../../../api/queries/meta.ts";
import type { Project, ProjectWithBranches } from "../../../api/queries/repositories.ts";
import { userKeys } from "../../../api/queries/users.ts";
import { REPOSITORY_PREFS } from "../../../features/repositories/repositoryPrefs.ts";
import { sandbox, startDashboard, TEAM_ID, USER } from "../../../features/sandbox-grid/testing.tsx";
import { answers, GraphQLAnswerError, type ResultOfOperation } from "../../../test/graphql-handlers.ts";
import { ALL_FEATURES } from "../../../test/render.tsx";
import { failure } from "../../../test/rest-handlers.ts";
import { server } from "../../../test/server.ts";

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
});

const repo = (owner: string, name: string) => ({ owner, name, defaultBranch: "main", private: false });

function project(owner: string, name: string, overrides: Partial<Project> = {}): Project {
  return {
    appInstalled: true,
    branchCount: 2,
    lastAccessedAt: null,
    repository: repo(owner, name),
    team: { id: TEAM_ID },
    ...overrides,
  };
}

const repositories = (list: Project[]) => () => ({
  me: { id: USER.id, team: { id: TEAM_ID, name: "x", projects: list } },
});

const sidebar = (list: { owner: string; name: string }[]) => () => ({
  me: {
    id: USER.id,
    team: {
      id: TEAM_ID,
      syncedSandboxes: [],
      projects: list.map((r) => ({ repository: { ...r, defaultBranch: "main" } })),
    },
  },
});

function branch(name: string, extra: { pr?: number; accessed?: string; contribution?: boolean } = {}) {
  return {
    id: `b-${name}`,
    name,
    contribution: extra.contribution ?? false,
    lastAccessedAt: extra.accessed ?? null,
    upstream: true,
    owner: null,
    project: { repository: repo("acme", "rocket"), team: { id: TEAM_ID } },
    pullRequests: extra.pr ? [{ number: extra.pr, title: `PR ${extra.pr}`, additions: 3, deletions: 1 }] : [],
  };
}

function rocket(overrides: Partial<ProjectWithBranches> = {}): { project: ProjectWithBranches } {
  return {
    project: {
      appInstalled: true,
      appInstallUrl: null,
      repository: repo("acme", "rocket"),
      team: { id: TEAM_ID },
      // Deliberately out of order: the page shows them in the spec's order.
      branches: [
        branch("zeta"),
        branch("opened-long-ago", { accessed: "2026-11-01T10:00:00Z" }),
        branch("pr-low", { pr: 2 }),
        branch("main"),
        branch("opened-lately", { accessed: "2026-11-20T10:00:00Z" }),
        branch("pr-high", { pr: 9 }),
        branch("alpha"),
      ],
      ...overrides,
    },
  };
}

const rowNames = () => screen.getAllByTestId("branch-row").map((row) => row.getAttribute("data-branch"));

describe("All repositories", () => {
  it("S1-2.044 / S1-2.045 / S1-7.027 by name case-insensitively, the 'Import repository' tile first; the stored answer, then the synced one", async () => {
    const asked: unknown[] = [];
    startDashboard("/dashboard/repositories", {
      RepositoriesByTeam: (variables) => {
        asked.push(variables.syncData);
        return variables.syncData
          ? repositories([
              project("acme", "zulu"),
              project("acme", "Bravo"),
              project("acme", "alpha"),
              project("acme", "delta"),
            ])()
          : repositories([project("acme", "zulu"), project("acme", "Bravo"), project("acme", "alpha")])();
      },
    });
    const grid = await screen.findByRole("list", { name: "All repositories" });
    const labels = () =>
      within(grid)
        .getAllByTestId("repository-item")
        .map((item) => item.querySelector("a")?.getAttribute("aria-label"));
    await waitFor(() => expect(labels()).toEqual(["acme/alpha", "acme/Bravo", "acme/delta", "acme/zulu"]));
    expect(within(grid).getAllByRole("listitem")[0]?.textContent).toContain("Import repository");
    expect(asked).toEqual([false, true]);
  });

  it("S1-8.022 a 504 from the background sync is ignored: the stored list stays, no message", async () => {
    startDashboard("/dashboard/repositories", {
      RepositoriesByTeam: repositories([project("acme", "rocket")]),
    });
    const stored = repositories([project("acme", "rocket")]);
    server.use(
      ...answers({
        RepositoriesByTeam: (variables) => {
          if (!variables.syncData) return stored();
          throw failure(504, {
            data: null,
            errors: [
              { message: "GitHub did not answer in time.", extensions: { code: "CODE_HOST_TIMEOUT" } },
            ],
          });
        },
      }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await screen.findByRole("link", { name: "acme/rocket" });
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.getByRole("link", { name: "acme/rocket" })).toBeTruthy();
    expect(screen.queryByText("GitHub did not answer in time.")).toBeNull();
    expect(warn).not.toHaveBeenCalledWith("Syncing the repositories failed", expect.anything());
  });

  it("S1-2.046 the empty state offers 'Import from GitHub' and a help card", async () => {
    startDashboard("/dashboard/repositories", { RepositoriesByTeam: repositories([]) });
    await screen.findByRole("heading", { name: "No repositories yet" });
    expect(screen.getByRole("button", { name: "Import from GitHub" })).toBeTruthy();
    expect(screen.getByText("How importing works")).toBeTruthy();
  });

  it("S1-2.094 'Import repo' in the page header of the list view", async () => {
    window.localStorage.setItem("boxyard:dashboard-view-mode", "list");
    startDashboard("/dashboard/repositories", {
      RepositoriesByTeam: repositories([project("acme", "rocket")]),
    });
    await screen.findByRole("link", { name: "acme/rocket" });
    expect(screen.getByRole("button", { name: "Import repo" })).toBeTruthy();
    // No tile in the list view.
    expect(screen.queryByRole("button", { name: "Import repository" })).toBeNull();
  });

  it("S1-2.088 / S1-6.005 READ members cannot import: the tile and the header button are disabled", async () => {
    startDashboard(
      "/dashboard/repositories",
      { RepositoriesByTeam: repositories([project("acme", "rocket")]) },
      { role: "READ" },
    );
    const tile = await screen.findByRole("button", { name: "Import repository" });
    expect((tile as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("S1-5.015 / S1-4.003 removing a repository asks confirmation (unpushed code is lost); a failure says 'Failed to remove branch/project'", async () => {
    startDashboard("/dashboard/repositories", {
      RepositoriesByTeam: repositories([project("acme", "rocket")]),
      DeleteProject: () => {
        throw new GraphQLAnswerError("boom");
      },
    });
    fireEvent.pointerDown(await screen.findByRole("button", { name: "More actions for acme/rocket" }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Remove repository" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove acme/rocket?" });
    expect(dialog.textContent).toContain("Code that was not pushed to GitHub is lost.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove repository" }));
    await screen.findByText("Failed to remove branch/project");
  });
});

describe("Sidebar repositories", () => {
  it("S1-2.068 / S1-9.013 expanded by default at 5 or fewer repositories", async () => {
    startDashboard("/dashboard/recent", {
      TeamSidebarProjects: sidebar([1, 2, 3, 4, 5].map((i) => ({ owner: "acme", name: `repo-${i}` }))),
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
    });
    const nav = await screen.findByRole("navigation", { name: "Dashboard navigation" });
    await within(nav).findByRole("link", { name: "repo-1" });
    expect(within(nav).getByRole("button", { name: "Hide repositories" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
  });

  it("S1-2.068 / S1-3.050 collapsed by default above 5; the choice is stored per workspace", async () => {
    startDashboard("/dashboard/recent", {
      TeamSidebarProjects: sidebar([1, 2, 3, 4, 5, 6].map((i) => ({ owner: "acme", name: `repo-${i}` }))),
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
    });
    const nav = await screen.findByRole("navigation", { name: "Dashboard navigation" });
    const toggle = await within(nav).findByRole("button", { name: "Show 6 repositories" });
    expect(within(nav).queryByRole("link", { name: "repo-1" })).toBeNull();
    fireEvent.click(toggle);
    expect(within(nav).getByRole("link", { name: "repo-1" })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(REPOSITORY_PREFS.expanded.key) ?? "{}")).toEqual({
      [TEAM_ID]: true,
    });
  });

  it("S1-3.050 starred repositories come first in the sidebar, stored per workspace without duplicates", async () => {
    startDashboard("/dashboard/repositories", {
      TeamSidebarProjects: sidebar([
        { owner: "acme", name: "alpha" },
        { owner: "acme", name: "zulu" },
      ]),
      RepositoriesByTeam: repositories([project("acme", "alpha"), project("acme", "zulu")]),
    });
    const star = await screen.findByRole("button", { name: "Star acme/zulu" });
    fireEvent.click(star);
    fireEvent.click(await screen.findByRole("button", { name: "Unstar acme/zulu" }));
    fireEvent.click(await screen.findByRole("button", { name: "Star acme/zulu" }));
    expect(JSON.parse(window.localStorage.getItem(REPOSITORY_PREFS.starred.key) ?? "{}")).toEqual({
      [TEAM_ID]: ["acme/zulu"],
    });
    const list = document.getElementById("sidebar-repository-list");
    if (!list) throw new Error("the sidebar's repository list is not shown");
    const names = within(list)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(names).toEqual(["zulu", "alpha"]);
  });

  it("S1-2.069 / S1-6.007 My contributions shows in the primary workspace only", async () => {
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
    });
    const nav = await screen.findByRole("navigation", { name: "Dashboard navigation" });
    await within(nav).findByRole("link", { name: "My contributions" });
  });
});

describe("Repositories, more rules", () => {
  it("S1-2.066 / S1-6.015 on-premise installs hide the Repositories section and its pages", async () => {
    const { client, router } = startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
    });
    const nav = await screen.findByRole("navigation", { name: "Dashboard navigation" });
    expect(within(nav).getByRole("region", { name: "Repositories" })).toBeTruthy();
    act(() => client.setQueryData(metaKeys.features, { ...ALL_FEATURES, onPremise: true }));
    await waitFor(() => expect(within(nav).queryByRole("region", { name: "Repositories" })).toBeNull());
    act(() => void router.navigate("/dashboard/repositories"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/recent"));
  });

  it("S1-2.047 / S1-4.006 the permission strip's dismissal holds for every workspace", async () => {
    const { client } = startDashboard("/dashboard/repositories", { RepositoriesByTeam: repositories([]) });
    act(() =>
      client.setQueryData(userKeys.current, {
        ...USER,
        githubProfile: { data: { login: "ada", email: null, scopes: ["user:email", "read:org"] } },
      }),
    );
    const text = await screen.findByText(/Adjust the GitHub permissions/);
    const strip = text.closest<HTMLElement>('[role="status"]');
    if (!strip) throw new Error("the strip is not a status");
    expect(within(strip).getByRole("button", { name: "Authorize all repositories" })).toBeTruthy();
    expect(within(strip).getByRole("button", { name: "Only public repositories" })).toBeTruthy();
    fireEvent.click(within(strip).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/Adjust the GitHub permissions/)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem("boxyard:dismissed-banners") ?? "[]")).toEqual([
      "repository-permissions",
    ]);
  });

  it("S1-2.074 / S1-3.036 'Imported templates' shows in the sidebar only when the workspace has synced sandboxes", async () => {
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
      TeamSidebarProjects: () => ({
        me: { id: USER.id, team: { id: TEAM_ID, syncedSandboxes: [{ id: "s1" }], projects: [] } },
      }),
    });
    const nav = await screen.findByRole("navigation", { name: "Dashboard navigation" });
    expect((await within(nav).findByRole("link", { name: "Imported templates" })).getAttribute("href")).toBe(
      "/dashboard/synced-sandboxes",
    );
  });

  it("S1-3.030 / S1-4.003 a repository being removed is dimmed and inert", async () => {
    startDashboard("/dashboard/repositories", {
      RepositoriesByTeam: repositories([project("acme", "rocket")]),
    });
    let finish: (value: ResultOfOperation<"DeleteProject">) => void = () => {};
    server.use(
      ...answers({
        DeleteProject: () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      }),
    );
    fireEvent.pointerDown(await screen.findByRole("button", { name: "More actions for acme/rocket" }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Remove repository" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove acme/rocket?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove repository" }));
    const item = screen.getByTestId("repository-item");
    await waitFor(() => expect(item.getAttribute("aria-busy")).toBe("true"));
    expect(item.className).toMatch(/removing/);
    finish({ deleteProject: true });
    await waitFor(() => expect(item.getAttribute("aria-busy")).toBeNull());
  });
});

describe("Repository page", () => {
  it("S1-2.048 / S1-2.049 / S1-2.050 / S1-2.051 / S1-2.052 / S1-4.034 always a list: default branch, pull requests (highest first), opened (newest first), the rest", async () => {
    startDashboard("/dashboard/repositories/acme/rocket", { RepositoryByDetails: () => rocket() });
    await screen.findByRole("list", { name: "Branches of acme/rocket" });
    expect(rowNames()).toEqual([
      "main",
      "pr-high",
      "pr-low",
      "opened-lately",
      "opened-long-ago",
      "alpha",
      "zeta",
    ]);
    expect(screen.queryByRole("button", { name: "Grid view" })).toBeNull();
  });

  it("S1-2.095 / S1-6.006 / S2-6.012 'Create branch' in the header, disabled in a frozen workspace", async () => {
    startDashboard(
      "/dashboard/repositories/acme/rocket",
      { RepositoryByDetails: () => rocket() },
      { frozen: true },
    );
    await screen.findByRole("list", { name: "Branches of acme/rocket" });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Create branch" }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });

  it("S1-2.095 / S1-8.021 'Create branch' opens the new branch; a failure says 'Failed to create branch'", async () => {
    let fail = true;
    const { router } = startDashboard("/dashboard/repositories/acme/rocket", {
      RepositoryByDetails: () => rocket(),
      CreateBranch: (variables) => {
        expect(variables).toEqual({ owner: "acme", name: "rocket", teamId: TEAM_ID });
        if (fail) throw new GraphQLAnswerError("GitHub answered 500");
        return { createBranch: { id: "b-new", name: "brave-otter" } };
      },
      OpenBranch: () => ({ openBranch: { id: "b-new", lastAccessedAt: "2026-11-22T10:00:00Z" } }),
    });
    const create = await screen.findByRole("button", { name: "Create branch" });
    fireEvent.click(create);
    await screen.findByText("Failed to create branch");
    fail = false;
    fireEvent.click(create);
    await waitFor(() => expect(router.state.location.search).toBe("?branch=brave-otter"));
  });

  it("S1-2.053 / S1-9.012 / S2-7.027 the App missing: an install window of 900x600 whose closing reloads the repository", async () => {
    let loads = 0;
    startDashboard("/dashboard/repositories/acme/rocket", {
      RepositoryByDetails: () => {
        loads += 1;
        return rocket({
          appInstalled: false,
          appInstallUrl: "https://github.test/apps/boxyard/installations/new",
        });
      },
    });
    const popup = { closed: false };
    const open = vi.spyOn(window, "open").mockReturnValue(popup as Window);
    fireEvent.click(await screen.findByRole("button", { name: "Install the GitHub App" }));
    expect(open).toHaveBeenCalledWith(
      "https://github.test/apps/boxyard/installations/new",
      "boxyard-github-app",
      expect.stringContaining("width=900,height=600"),
    );
    const before = loads;
    popup.closed = true;
    await waitFor(() => expect(loads).toBeGreaterThan(before), { timeout: 2000 });
  });

  it("S1-2.116 a pull-request notification's link marks the branch under review", async () => {
    startDashboard("/dashboard/repositories/acme/rocket?branch=pr-high&review=true", {
      RepositoryByDetails: () => rocket(),
    });
    await screen.findByRole("list", { name: "Branches of acme/rocket" });
    const current = screen
      .getAllByTestId("branch-row")
      .find((row) => row.getAttribute("aria-current") === "true");
    expect(current?.getAttribute("data-branch")).toBe("pr-high");
    expect(screen.getByText("Reviewing the pull request of pr-high.")).toBeTruthy();
  });
});

describe("My contributions and Recent", () => {
  it("S1-2.043 empty: 'Start contributing' with three suggested repositories and a help card", async () => {
    startDashboard("/dashboard/my-contributions", {
      ContributionBranches: (variables) => {
        expect(variables).toEqual({});
        return { me: { id: USER.id, recentBranches: [] } };
      },
    });
    await screen.findByRole("heading", { name: "Start contributing" });
    expect(
      within(screen.getByRole("list", { name: "Suggested repositories" })).getAllByRole("button"),
    ).toHaveLength(3);
    expect(screen.getByText("How contributing works")).toBeTruthy();
  });

  it("S1-2.043 / S1-9.001 contribution branches by repository, then one repository's branches (limit 1000)", async () => {
    const { operationsCalled } = startDashboard("/dashboard/my-contributions/acme/rocket", {
      ContributionBranches: () => ({
        me: { id: USER.id, recentBranches: [branch("fix-docs", { contribution: true })] },
      }),
    });
    await screen.findByRole("list", { name: "Contribution branches of acme/rocket" });
    expect(rowNames()).toEqual(["fix-docs"]);
    const query = operationsCalled().find((op) => op.operationName === "ContributionBranches");
    expect(query).toBeTruthy();
  });

  it("S1-2.032 Recent: 'Create a new branch' lists each repository of the recent branches once", async () => {
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
      RecentlyAccessedBranches: (variables) => {
        expect(variables).toEqual({ limit: 18, teamId: TEAM_ID });
        return { me: { id: USER.id, recentBranches: [branch("a"), branch("b")] } };
      },
    });
    const carousel = await screen.findByRole("region", { name: "Create a new branch" });
    expect(
      within(carousel)
        .getAllByRole("link")
        .map((l) => l.getAttribute("aria-label")),
    ).toEqual(["acme/rocket"]);
    expect(within(carousel).getByRole("button", { name: "Create branch" })).toBeTruthy();
    // Recent branches are recent work: no 'You have no recent work'.
    expect(screen.queryByRole("heading", { name: "You have no recent work" })).toBeNull();
  });

  it("S1-2.034 with no recent work, 'Explore workspace activity' offers to branch from the workspace's repositories", async () => {
    startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({ me: { id: USER.id, recentlyAccessedSandboxes: [] } }),
      GetWorkspaceSandboxes: () => ({ me: { id: USER.id, team: { id: TEAM_ID, sandboxes: [] } } }),
      RepositoriesByTeam: repositories([project("acme", "zulu"), project("acme", "alpha")]),
    });
    await screen.findByRole("heading", { name: "You have no recent work" });
    const section = await screen.findByRole("region", {
      name: "Create a branch from a workspace repository",
    });
    expect(
      within(section)
        .getAllByRole("link")
        .map((l) => l.getAttribute("aria-label")),
    ).toEqual(["acme/alpha", "acme/zulu"]);
    expect(within(section).getAllByRole("button", { name: "Create branch" })).toHaveLength(2);
  });

  it("S1-2.033 / S1-9.001 'Pick up where you left off' lists sandboxes and branches together, newest first; a branch opens on its repository's page", async () => {
    const { router } = startDashboard("/dashboard/recent", {
      RecentlyAccessedSandboxes: () => ({
        me: {
          id: USER.id,
          recentlyAccessedSandboxes: [
            sandbox("s-new", { title: "Newest sandbox", lastAccessedAt: "2026-11-22T10:00:00Z" }),
            sandbox("s-old", { title: "Oldest sandbox", lastAccessedAt: "2026-11-01T10:00:00Z" }),
          ],
        },
      }),
      RecentlyAccessedBranches: () => ({
        me: { id: USER.id, recentBranches: [branch("fix-login", { accessed: "2026-11-10T10:00:00Z" })] },
      }),
      OpenBranch: () => ({ openBranch: { id: "b-fix-login", lastAccessedAt: "2026-11-22T11:00:00Z" } }),
    });
    const box = await screen.findByRole("listbox", { name: "Recent" });
    await waitFor(() =>
      expect(
        within(box)
          .getAllByRole("option")
          .map((o) => o.getAttribute("aria-label")),
      ).toEqual(["Newest sandbox", "fix-login", "Oldest sandbox"]),
    );
    fireEvent.doubleClick(within(box).getByRole("option", { name: "fix-login" }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/dashboard/repositories/acme/rocket?branch=fix-login",
      ),
    );
  });
});
