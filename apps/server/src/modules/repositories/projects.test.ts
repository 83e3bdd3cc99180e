/**
 * Importing repositories, listing and syncing them, removing them (spec 1 §2, §3, §7, §8; spec 2
 * §4, §8; api-contract §9), over the real protocols: Boxyard's GitHub adapter (Octokit) talks to
 * the GitHub stand-in over HTTP, and git reads and writes its bare repositories over smart HTTP.
 */
import {
  alreadyImportedMessage,
  CODEHOST_MESSAGES,
  SANDBOX_MESSAGES,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { CLIENT } from "../../../test/app.ts";
import {
  gql,
  type Personas,
  personas,
  setFrozen,
  signUp,
  type TestUser,
  unique,
} from "../../../test/factories.ts";
import type { GithubStandIn } from "../../../test/standins/github.ts";
import { branches, projects, pullRequests } from "../../db/schema/index.ts";
import {
  type Connected,
  codeHostApp,
  connectGithub,
  OPS,
  outcome,
  type ProjectListEntry,
} from "./testing.ts";

let app: TestApp;
let github: GithubStandIn;
let p: Personas;
let adminGithub: Connected;
let writerGithub: Connected;

beforeAll(async () => {
  ({ app, github } = await codeHostApp());
  p = await personas(app);
  adminGithub = await connectGithub(app, github, p.admin);
  writerGithub = await connectGithub(app, github, p.writer);
  await connectGithub(app, github, p.reader);
  await connectGithub(app, github, p.outsider);
});

/** A repository of the admin's GitHub account with a default branch and two others. */
async function repository(options: { private?: boolean; owner?: string; installed?: boolean } = {}) {
  const name = unique("repo-");
  const owner = options.owner ?? adminGithub.login;
  await github.repos.createRepository({
    owner,
    name,
    private: options.private ?? false,
    files: { "README.md": "# Hello\n", "src/index.js": "console.log('hi');\n" },
    branches: { "feature-a": { "a.txt": "a\n" }, "feature-b": { "b.txt": "b\n" } },
    collaborators: { [writerGithub.login]: "write" },
    installed: options.installed ?? true,
  });
  return { owner, name };
}

const importAs = (user: TestUser, repo: { owner: string; name: string }, teamId = p.workspaceId) =>
  gql<{ importProject: { id: string; defaultBranch: { name: string } } }>(app, user, OPS.importProject, {
    owner: repo.owner,
    name: repo.name,
    teamId,
  });

async function listed(user: TestUser, syncData = false, teamId = p.workspaceId) {
  const r = await gql<{ me: { team: { projects: ProjectListEntry[] } | null } }>(
    app,
    user,
    OPS.repositoriesByTeam,
    {
      teamId,
      syncData,
    },
  );
  return r;
}

const rowCounts = async () => {
  const db = app.deps.db;
  return {
    projects: (await db.select({ n: count() }).from(projects))[0]!.n,
    branches: (await db.select({ n: count() }).from(branches))[0]!.n,
    pulls: (await db.select({ n: count() }).from(pullRequests))[0]!.n,
  };
};

describe("importProject", () => {
  it("S2-4.002 / S1-7.035 / imports a repository with its remote branches, read over git, into the workspace", async () => {
    const repo = await repository();
    const heads = await github.repos.git.heads(repo.owner, repo.name);
    const result = await importAs(p.admin, repo);
    expect(result.errors).toBeUndefined();
    expect(result.data!.importProject.defaultBranch).toEqual({ name: "main" });
    const [row] = await app.deps.db
      .select()
      .from(projects)
      .where(eq(projects.id, result.data!.importProject.id));
    expect(row).toMatchObject({
      owner: repo.owner,
      name: repo.name,
      defaultBranch: "main",
      private: false,
      vmTier: 1,
    });
    const stored = await app.deps.db.select().from(branches).where(eq(branches.projectId, row!.id));
    expect(new Map(stored.map((b) => [b.name, b.headSha]))).toEqual(heads);
    expect(github.repos.requests).toContain(`GET /${repo.owner}/${repo.name}.git/info/refs`);
  });

  it("S1-2.044 / S1-7.027 / RepositoriesByTeam answers the workspace's repositories by name, with branch counts", async () => {
    const team = await gql<{ createTeam: { id: string } }>(
      app,
      p.admin,
      "mutation($n: String!) { createTeam(name: $n) { id } }",
      {
        n: unique("Repos "),
      },
    );
    const teamId = team.data!.createTeam.id;
    const names = ["zebra", "Alpha", "mango"].map((n) => `${n}-${unique("")}`);
    for (const name of names) {
      await github.repos.createRepository({
        owner: adminGithub.login,
        name,
        branches: { dev: { "d.txt": "d" } },
      });
      expect((await importAs(p.admin, { owner: adminGithub.login, name }, teamId)).errors).toBeUndefined();
    }
    const r = await listed(p.admin, false, teamId);
    expect(r.errors).toBeUndefined();
    const list = r.data!.me.team!.projects;
    expect(list.map((e) => e.repository.name)).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(list[0]).toEqual({
      appInstalled: true,
      branchCount: 2,
      lastAccessedAt: null,
      repository: {
        owner: adminGithub.login,
        name: list[0]!.repository.name,
        defaultBranch: "main",
        private: false,
      },
      team: { id: teamId },
    });
  });

  it("S2-6.008 / WRITE members import too; the repository's VM tier is checked against the plan", async () => {
    const repo = await repository();
    const bad = await gql(
      app,
      p.writer,
      `mutation($o: String!, $n: String!, $t: ID!) {
      importProject(provider: GITHUB, owner: $o, name: $n, team: $t, vmTier: 5) { id } }`,
      {
        o: repo.owner,
        n: repo.name,
        t: p.workspaceId,
      },
    );
    expect(outcome(bad)).toEqual({ code: "INVALID", message: SANDBOX_MESSAGES.vmTierAbovePlan(2) });
    const good = await gql<{ importProject: { id: string; vmTier: number } }>(
      app,
      p.writer,
      `mutation($o: String!, $n: String!, $t: ID!) {
      importProject(provider: GITHUB, owner: $o, name: $n, team: $t, vmTier: 2) { id vmTier } }`,
      {
        o: repo.owner,
        n: repo.name,
        t: p.workspaceId,
      },
    );
    expect(good.errors).toBeUndefined();
    expect(good.data!.importProject.vmTier).toBe(2);
  });
});

describe("already imported (spec 2 §8)", () => {
  it("S2-8.008 / RepositoryTeams lists the viewer's workspaces that imported the repository, for the links", async () => {
    const repo = await repository();
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
    const other = await gql<{ createTeam: { id: string; name: string } }>(
      app,
      p.admin,
      "mutation($n: String!) { createTeam(name: $n) { id name } }",
      { n: unique("Other ") },
    );
    expect((await importAs(p.admin, repo, other.data!.createTeam.id)).errors).toBeUndefined();
    const teams = await gql<{ projects: { team: { id: string; name: string } }[] }>(
      app,
      p.admin,
      OPS.repositoryTeams,
      {
        owner: repo.owner.toUpperCase(),
        name: repo.name,
      },
    );
    expect(teams.errors).toBeUndefined();
    expect(teams.data!.projects.map((x) => x.team.id).sort()).toEqual(
      [p.workspaceId, other.data!.createTeam.id].sort(),
    );
    // Members of only one of them see only that one; people outside see none.
    const forWriter = await gql<{ projects: unknown[] }>(app, p.writer, OPS.repositoryTeams, repo);
    expect(forWriter.data!.projects).toHaveLength(1);
    const forOutsider = await gql<{ projects: unknown[] }>(app, p.outsider, OPS.repositoryTeams, repo);
    expect(forOutsider.data!.projects).toEqual([]);
  });

  it("S2-8.008 / importing it again into the same workspace is refused with the message, changing nothing", async () => {
    const repo = await repository();
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
    const before = await rowCounts();
    const again = await importAs(p.writer, { owner: repo.owner.toLowerCase(), name: repo.name });
    const workspace = await gql<{ me: { team: { name: string } } }>(
      app,
      p.admin,
      "query($id: UUID4!) { me { id team(id: $id) { name } } }",
      {
        id: p.workspaceId,
      },
    );
    expect(outcome(again)).toEqual({
      code: "CONFLICT",
      message: `${alreadyImportedMessage(1)}${workspace.data!.me.team.name}`,
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe("code-host access", () => {
  it("S1-6.012 / a private repository is out of reach without the repo scope: importing it is refused as not found", async () => {
    const repo = await repository({ private: true });
    const limited = await signUp(app);
    const team = await gql<{ createTeam: { id: string } }>(
      app,
      limited,
      "mutation($n: String!) { createTeam(name: $n) { id } }",
      {
        n: unique("Limited "),
      },
    );
    const teamId = team.data!.createTeam.id;
    const login = unique("octo-");
    await github.repos.createRepository({ owner: login, name: repo.name, private: true });
    await connectGithub(app, github, limited, ["user:email", "public_repo"], login);
    expect(outcome(await importAs(limited, { owner: login, name: repo.name }, teamId))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.repositoryNotFound,
    });
    // With the repo scope (authorising all repositories) the same repository imports.
    await connectGithub(app, github, limited, ["user:email", "repo"], login);
    expect((await importAs(limited, { owner: login, name: repo.name }, teamId)).errors).toBeUndefined();
  });

  it("S2-4.002 / a repository the account cannot read at all is refused as not found, and so is a malformed name", async () => {
    const hidden = await github.repos.createRepository({
      owner: unique("stranger-"),
      name: unique("secret-"),
      private: true,
    });
    expect(outcome(await importAs(p.admin, { owner: hidden.owner, name: hidden.name }))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.repositoryNotFound,
    });
    expect(outcome(await importAs(p.admin, { owner: "bad owner", name: "x" }))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.repositoryNotFound,
    });
  });

  it("S2-2.022 / importing without a GitHub connection asks to connect GitHub", async () => {
    const nobody = await signUp(app);
    const repo = await repository();
    expect(outcome(await importAs(nobody, repo, nobody.primaryTeamId))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.notConnected,
    });
  });

  it("S1-2.053 / the App's installation is checked with the App's own signed token: not installed shows as such", async () => {
    const repo = await repository({ installed: false });
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
    const r = await gql<{ project: { appInstalled: boolean } }>(app, p.admin, OPS.repositoryByDetails, {
      ...repo,
      teamId: p.workspaceId,
    });
    expect(r.data!.project.appInstalled).toBe(false);
    expect(github.repos.requests).toContain(`GET /repos/${repo.owner}/${repo.name}/installation`);
    // Installing it, then reloading the page (the install window closed), shows it installed.
    github.repos.repo(repo.owner, repo.name)!.installed = true;
    const again = await gql<{ project: { appInstalled: boolean } }>(app, p.admin, OPS.repositoryByDetails, {
      ...repo,
      teamId: p.workspaceId,
    });
    expect(again.data!.project.appInstalled).toBe(true);
  });
});

describe("a failing or slow code host", () => {
  it("S1-8.022 / GitHub answering 500 during an import gives a clear error and writes nothing", async () => {
    const repo = await repository();
    const before = await rowCounts();
    github.repos.fail(`GET /repos/${repo.owner}/${repo.name}/pulls`, { status: 500 });
    const failed = await importAs(p.admin, repo);
    expect(outcome(failed)).toEqual({
      code: "CODE_HOST_UNAVAILABLE",
      message: "GitHub answered 500. Nothing was changed; try again in a moment.",
    });
    expect(await rowCounts()).toEqual(before);
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
  });

  it("S1-8.022 / git failing on the remote (500 from smart HTTP) writes nothing either", async () => {
    const repo = await repository();
    const before = await rowCounts();
    github.repos.fail(`GET /${repo.owner}/${repo.name}.git/info/refs`, { status: 500 });
    expect(outcome(await importAs(p.admin, repo))).toMatchObject({ code: "CODE_HOST_UNAVAILABLE" });
    expect(await rowCounts()).toEqual(before);
  });

  it("S1-8.022 / GitHub not answering in time: 504 with a clear error, nothing written", async () => {
    const repo = await repository();
    const before = await rowCounts();
    github.repos.fail(`GET /repos/${repo.owner}/${repo.name}`, { hang: true });
    const response = await app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: { ...CLIENT, cookie: p.admin.cookie },
      payload: { query: OPS.importProject, variables: { ...repo, teamId: p.workspaceId } },
    });
    expect(response.statusCode).toBe(504);
    expect(outcome(response.json())).toEqual({
      code: "CODE_HOST_TIMEOUT",
      message: CODEHOST_MESSAGES.codeHostTimeout,
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe("RepositoriesByTeam with syncData", () => {
  it("S1-7.027 / syncData: false answers what is stored; true reads the code host: new and gone branches, pull requests", async () => {
    const team = await gql<{ createTeam: { id: string } }>(
      app,
      p.admin,
      "mutation($n: String!) { createTeam(name: $n) { id } }",
      {
        n: unique("Sync "),
      },
    );
    const teamId = team.data!.createTeam.id;
    const repo = await repository();
    expect((await importAs(p.admin, repo, teamId)).errors).toBeUndefined();
    await github.repos.git.commit(repo.owner, repo.name, "feature-c", { "c.txt": "c" });
    await github.repos.git.commit(repo.owner, repo.name, "feature-a", { "a.txt": "changed" });
    github.repos.addPullRequest({
      owner: repo.owner,
      repo: repo.name,
      head: "feature-c",
      title: "Add C",
      additions: 12,
      deletions: 3,
    });
    const cached = await listed(p.admin, false, teamId);
    expect(cached.data!.me.team!.projects[0]!.branchCount).toBe(3);
    const synced = await listed(p.admin, true, teamId);
    expect(synced.errors).toBeUndefined();
    expect(synced.data!.me.team!.projects[0]!.branchCount).toBe(4);
    const [project] = await app.deps.db.select().from(projects).where(eq(projects.workspaceId, teamId));
    const stored = await app.deps.db.select().from(branches).where(eq(branches.projectId, project!.id));
    expect(new Map(stored.map((b) => [b.name, b.headSha]))).toEqual(
      await github.repos.git.heads(repo.owner, repo.name),
    );
    const pulls = await app.deps.db
      .select()
      .from(pullRequests)
      .where(eq(pullRequests.projectId, project!.id));
    expect(
      pulls.map(({ number, title, state, branch, additions, deletions }) => ({
        number,
        title,
        state,
        branch,
        additions,
        deletions,
      })),
    ).toEqual([
      { number: 1, title: "Add C", state: "open", branch: "feature-c", additions: 12, deletions: 3 },
    ]);
    expect(project!.lastSyncedAt).not.toBeNull();
  });

  it("S1-8.022 / a sync that GitHub fails halfway writes nothing (502), and one it is slow for answers 504", async () => {
    const team = await gql<{ createTeam: { id: string } }>(
      app,
      p.admin,
      "mutation($n: String!) { createTeam(name: $n) { id } }",
      {
        n: unique("Sync "),
      },
    );
    const teamId = team.data!.createTeam.id;
    const first = await repository();
    const second = await repository();
    for (const repo of [first, second])
      expect((await importAs(p.admin, repo, teamId)).errors).toBeUndefined();
    await github.repos.git.commit(first.owner, first.name, "later", { "l.txt": "l" });
    github.repos.fail(`GET /repos/${second.owner}/${second.name}/pulls`, { status: 503 });
    const before = await rowCounts();
    const failed = await listed(p.admin, true, teamId);
    expect(outcome(failed)).toEqual({
      code: "CODE_HOST_UNAVAILABLE",
      message: "GitHub answered 503. Nothing was changed; try again in a moment.",
    });
    expect(await rowCounts()).toEqual(before);

    github.repos.fail(`GET /repos/${first.owner}/${first.name}`, { hang: true });
    const response = await app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: { ...CLIENT, cookie: p.admin.cookie },
      payload: { query: OPS.repositoriesByTeam, variables: { teamId, syncData: true } },
    });
    expect(response.statusCode).toBe(504);
    expect(await rowCounts()).toEqual(before);
    // The cached answer is still there for the client, which ignores the 504.
    expect((await listed(p.admin, false, teamId)).data!.me.team!.projects).toHaveLength(2);
  });

  it("S1-2.068 / TeamSidebarData lists the repositories with their name, owner and default branch", async () => {
    const r = await gql<{
      me: { team: { projects: { repository: { name: string; owner: string; defaultBranch: string } }[] } };
    }>(app, p.reader, OPS.sidebar, { id: p.workspaceId });
    expect(r.errors).toBeUndefined();
    const list = r.data!.me.team.projects;
    expect(list.length).toBeGreaterThan(0);
    expect(
      list.every((x) => x.repository.defaultBranch === "main" && x.repository.owner === adminGithub.login),
    ).toBe(true);
  });
});

describe("authorization", () => {
  it("S1-6.005 / non-members are told the workspace does not exist; READ members cannot import; WRITE and ADMIN can", async () => {
    const repo = await repository();
    expect(outcome(await importAs(p.outsider, repo))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    expect(outcome(await importAs(p.outsider, repo, "not-a-uuid"))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    expect(outcome(await importAs(p.reader, repo))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.viewerCannotImport,
    });
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
  });

  it("S1-6.006 / a frozen workspace refuses imports; its repositories can still be listed and removed", async () => {
    const repo = await repository();
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
    const other = await repository();
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(outcome(await importAs(p.admin, other))).toEqual({
        code: "FORBIDDEN",
        message: CODEHOST_MESSAGES.frozenImport,
      });
      expect((await listed(p.reader)).data!.me.team!.projects.length).toBeGreaterThan(0);
      const removed = await gql(app, p.writer, OPS.deleteProject, { ...repo, teamId: p.workspaceId });
      expect(removed).toEqual({ data: { deleteProject: true } });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-3.016 / Team.projects and project() show a workspace's repositories to its members only", async () => {
    const repo = await repository();
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
    // me.team is null for a non-member, so Team.projects is out of their reach; project() answers null.
    expect((await listed(p.outsider)).data!.me.team).toBeNull();
    for (const user of [p.outsider]) {
      const r = await gql<{ project: unknown }>(app, user, OPS.repositoryByDetails, {
        ...repo,
        teamId: p.workspaceId,
      });
      expect(r).toEqual({ data: { project: null } });
      const any = await gql<{ project: unknown }>(app, user, OPS.repositoryByDetails, repo);
      expect(any).toEqual({ data: { project: null } });
    }
    for (const user of [p.reader, p.writer, p.admin]) {
      const r = await gql<{ project: { repository: { name: string } } }>(app, user, OPS.repositoryByDetails, {
        ...repo,
        teamId: p.workspaceId,
      });
      expect(r.data!.project.repository.name).toBe(repo.name);
      expect((await listed(user)).data!.me.team!.projects.some((x) => x.repository.name === repo.name)).toBe(
        true,
      );
    }
    const anonymous = await gql(app, null, OPS.repositoryTeams, repo);
    expect(outcome(anonymous)).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("removing a repository", () => {
  it("S1-5.015 / deleteProject and the REST unlink remove it with its branches; either order, each succeeds", async () => {
    const repo = await repository();
    const imported = await importAs(p.admin, repo);
    const projectId = imported.data!.importProject.id;
    const unlink = () =>
      app.inject({
        method: "DELETE",
        url: `/api/beta/repos/link/github/${repo.owner}/${repo.name}/${p.workspaceId}`,
        headers: { ...CLIENT, cookie: p.writer.cookie },
      });
    expect((await unlink()).statusCode).toBe(204);
    expect(await app.deps.db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    expect(await app.deps.db.select().from(branches).where(eq(branches.projectId, projectId))).toEqual([]);
    expect(await gql(app, p.writer, OPS.deleteProject, { ...repo, teamId: p.workspaceId })).toEqual({
      data: { deleteProject: true },
    });
    expect((await unlink()).statusCode).toBe(204);
    // The repository on the code host is untouched.
    expect(github.repos.repo(repo.owner, repo.name)).toBeDefined();
  });

  it("S1-6.005 / READ members cannot remove repositories, non-members are told the workspace does not exist", async () => {
    const repo = await repository();
    expect((await importAs(p.admin, repo)).errors).toBeUndefined();
    expect(outcome(await gql(app, p.reader, OPS.deleteProject, { ...repo, teamId: p.workspaceId }))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.viewerCannotRemove,
    });
    expect(
      outcome(await gql(app, p.outsider, OPS.deleteProject, { ...repo, teamId: p.workspaceId })),
    ).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    const rest = await app.inject({
      method: "DELETE",
      url: `/api/beta/repos/link/github/${repo.owner}/${repo.name}/${p.workspaceId}`,
      headers: { ...CLIENT, cookie: p.outsider.cookie },
    });
    expect(rest.statusCode).toBe(404);
    const byReader = await app.inject({
      method: "DELETE",
      url: `/api/beta/repos/link/github/${repo.owner}/${repo.name}/${p.workspaceId}`,
      headers: { ...CLIENT, cookie: p.reader.cookie },
    });
    expect(byReader.statusCode).toBe(403);
    expect(
      (await gql(app, p.admin, OPS.repositoryByDetails, { ...repo, teamId: p.workspaceId })).data,
    ).not.toEqual({
      project: null,
    });
  });
});

describe("updateProjectVmTier", () => {
  it("S2-5.003 / sets the repository's VM tier within the plan and answers its specs; READ, non-members, frozen refused", async () => {
    const repo = await repository();
    const projectId = (await importAs(p.admin, repo)).data!.importProject.id;
    expect(await gql(app, p.writer, OPS.updateProjectVmTier, { projectId, vmTier: 2 })).toEqual({
      data: { updateProjectVmTier: { cpu: 4, memory: 8, storage: 30 } },
    });
    expect(outcome(await gql(app, p.writer, OPS.updateProjectVmTier, { projectId, vmTier: 3 }))).toEqual({
      code: "INVALID",
      message: SANDBOX_MESSAGES.vmTierAbovePlan(2),
    });
    expect(outcome(await gql(app, p.writer, OPS.updateProjectVmTier, { projectId, vmTier: 0 }))).toEqual({
      code: "INVALID",
      message: SANDBOX_MESSAGES.vmTierInvalid,
    });
    expect(
      outcome(await gql(app, p.reader, OPS.updateProjectVmTier, { projectId, vmTier: 1 })),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect(outcome(await gql(app, p.outsider, OPS.updateProjectVmTier, { projectId, vmTier: 1 }))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.projectNotFound,
    });
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(
        outcome(await gql(app, p.admin, OPS.updateProjectVmTier, { projectId, vmTier: 1 })),
      ).toMatchObject({
        code: "FORBIDDEN",
      });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    const [row] = await app.deps.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row!.vmTier).toBe(2);
  });
});
