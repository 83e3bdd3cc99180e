/**
 * Branches of imported repositories (spec 1 §2, §3, §6, §7; api-contract §9): the repository
 * page's order, creating a branch (pushed to the remote, checked with git ls-remote), removing one
 * (from the remote only when nothing would be lost), opening one, Recent branches.
 */
import { CODEHOST_MESSAGES, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { CLIENT } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen, type TestUser, unique } from "../../../test/factories.ts";
import type { GithubStandIn } from "../../../test/standins/github.ts";
import { branchAccesses, branches } from "../../db/schema/index.ts";
import {
  type BranchEntry,
  type Connected,
  codeHostApp,
  connectGithub,
  lsRemote,
  OPS,
  outcome,
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

/** A repository of the admin's account the writer may push to, imported into the personas' workspace. */
async function imported(branchFiles: Record<string, Record<string, string>> = {}) {
  const name = unique("repo-");
  const owner = adminGithub.login;
  await github.repos.createRepository({
    owner,
    name,
    branches: branchFiles,
    collaborators: { [writerGithub.login]: "write" },
  });
  const result = await gql<{ importProject: { id: string } }>(app, p.admin, OPS.importProject, {
    owner,
    name,
    teamId: p.workspaceId,
  });
  expect(result.errors).toBeUndefined();
  return { owner, name, projectId: result.data!.importProject.id };
}

async function page(user: TestUser, repo: { owner: string; name: string }) {
  const r = await gql<{ project: { branches: BranchEntry[] } | null }>(app, user, OPS.repositoryByDetails, {
    ...repo,
    teamId: p.workspaceId,
  });
  expect(r.errors).toBeUndefined();
  return r.data!.project!.branches;
}

const branchId = async (projectId: string, name: string) =>
  (await app.deps.db.select().from(branches).where(eq(branches.projectId, projectId))).find(
    (b) => b.name === name,
  )!.id;

const open = (user: TestUser, id: string) =>
  gql<{ openBranch: { id: string; lastAccessedAt: string } }>(app, user, OPS.openBranch, { id });

const create = (user: TestUser, repo: { owner: string; name: string }) =>
  gql<{ createBranch: { id: string; name: string } }>(app, user, OPS.createBranch, {
    ...repo,
    teamId: p.workspaceId,
  });

describe("the repository page", () => {
  it("S1-2.048 / S1-2.049 / S1-2.050 / S1-2.051 / S1-2.052 / default branch, pull requests (highest first), opened (newest first), the rest", async () => {
    const repo = await imported({
      "pr-low": { "1": "1" },
      "pr-high": { "2": "2" },
      "visited-old": { "3": "3" },
      "visited-new": { "4": "4" },
      zeta: { "5": "5" },
      alpha: { "6": "6" },
    });
    github.repos.addPullRequest({
      owner: repo.owner,
      repo: repo.name,
      head: "pr-low",
      title: "Low",
      additions: 1,
      deletions: 0,
      number: 3,
    });
    github.repos.addPullRequest({
      owner: repo.owner,
      repo: repo.name,
      head: "pr-high",
      title: "High",
      additions: 40,
      deletions: 2,
      number: 8,
    });
    // A fork's branch with a same-named head does not count as this repository's.
    github.repos.addPullRequest({
      owner: repo.owner,
      repo: repo.name,
      head: "zeta",
      headOwner: "someone-else",
      title: "Fork",
      additions: 1,
      deletions: 1,
    });
    // The page syncs when its data is older than a minute: make it so, then open two branches.
    await app.deps.db.execute(
      `update projects set last_synced_at = now() - interval '1 hour' where id = '${repo.projectId}'`,
    );
    await page(p.writer, repo);
    expect((await open(p.writer, await branchId(repo.projectId, "visited-old"))).errors).toBeUndefined();
    await new Promise((r) => setTimeout(r, 5));
    expect((await open(p.writer, await branchId(repo.projectId, "visited-new"))).errors).toBeUndefined();
    const list = await page(p.writer, repo);
    expect(list.map((b) => b.name)).toEqual([
      "main",
      "pr-high",
      "pr-low",
      "visited-new",
      "visited-old",
      "alpha",
      "zeta",
    ]);
    expect(list[1]!.pullRequests).toEqual([{ title: "High", number: 8, additions: 40, deletions: 2 }]);
    expect(list[3]!.lastAccessedAt).not.toBeNull();
    expect(list[0]).toMatchObject({
      name: "main",
      contribution: false,
      upstream: true,
      owner: null,
      pullRequests: [],
      project: {
        repository: { owner: repo.owner, name: repo.name, defaultBranch: "main", private: false },
        team: { id: p.workspaceId },
      },
    });
    // Accesses are each viewer's own: for the admin, nothing was opened.
    expect((await page(p.admin, repo)).map((b) => b.name)).toEqual([
      "main",
      "pr-high",
      "pr-low",
      "alpha",
      "visited-new",
      "visited-old",
      "zeta",
    ]);
  });
});

describe("createBranch", () => {
  it("S1-2.095 / S1-7.035 / makes a branch from the default branch's head with a generated name, and pushes it to the remote", async () => {
    const repo = await imported();
    const created = await create(p.writer, repo);
    expect(created.errors).toBeUndefined();
    const name = created.data!.createBranch.name;
    expect(name).toMatch(/^[a-z]+-[a-z]+(-\d+)?$/);
    const remote = await lsRemote(github, repo.owner, repo.name, adminGithub.token);
    expect(remote.get(name)).toBe(remote.get("main"));
    const list = await page(p.writer, repo);
    const mine = list.find((b) => b.name === name)!;
    expect(mine).toMatchObject({
      owner: { username: p.writer.username },
      upstream: true,
      contribution: false,
    });
    // Creating a branch opens it: it is the writer's most recent branch.
    const recent = await gql<{ me: { recentBranches: BranchEntry[] } }>(app, p.writer, OPS.recentBranches, {
      limit: 18,
      teamId: p.workspaceId,
    });
    expect(recent.data!.me.recentBranches[0]!.name).toBe(name);
  });

  it("S2-6.008 / a repository the GitHub account can only read cannot get branches: fork it instead", async () => {
    const name = unique("readonly-");
    const owner = unique("upstream-");
    await github.repos.createRepository({ owner, name });
    expect(
      (await gql(app, p.admin, OPS.importProject, { owner, name, teamId: p.workspaceId })).errors,
    ).toBeUndefined();
    expect(outcome(await create(p.writer, { owner, name }))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.readOnlyRepository,
    });
    const remote = await lsRemote(github, owner, name, adminGithub.token);
    expect([...remote.keys()]).toEqual(["main"]);
  });

  it("S1-6.006 / S1-6.005 / frozen workspaces and READ members cannot create branches; non-members are told it does not exist", async () => {
    const repo = await imported();
    expect(outcome(await create(p.reader, repo))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.viewerCannotBranch,
    });
    expect(outcome(await create(p.outsider, repo))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(outcome(await create(p.admin, repo))).toEqual({
        code: "FORBIDDEN",
        message: CODEHOST_MESSAGES.frozenBranch,
      });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect(outcome(await create(p.admin, { owner: repo.owner, name: "not-imported" }))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.projectNotFound,
    });
    const remote = await lsRemote(github, repo.owner, repo.name, adminGithub.token);
    expect([...remote.keys()]).toEqual(["main"]);
  });

  it("S1-8.021 / a code host failing while pushing leaves no branch behind, on the remote or in Boxyard", async () => {
    const repo = await imported();
    github.repos.fail(`POST /${repo.owner}/${repo.name}.git/git-receive-pack`, { status: 500 });
    const failed = await create(p.admin, repo);
    expect(outcome(failed)).toMatchObject({ code: "CODE_HOST_UNAVAILABLE" });
    expect([...(await lsRemote(github, repo.owner, repo.name, adminGithub.token)).keys()]).toEqual(["main"]);
    expect((await page(p.admin, repo)).map((b) => b.name)).toEqual(["main"]);
  });
});

describe("deleteBranch", () => {
  it("S1-7.035 / a branch Boxyard created and nobody pushed to is removed from Boxyard and from the remote", async () => {
    const repo = await imported();
    const created = (await create(p.writer, repo)).data!.createBranch;
    expect(await gql(app, p.writer, OPS.deleteBranch, { branchId: created.id })).toEqual({
      data: { deleteBranch: true },
    });
    expect((await lsRemote(github, repo.owner, repo.name, adminGithub.token)).has(created.name)).toBe(false);
    expect((await page(p.writer, repo)).some((b) => b.name === created.name)).toBe(false);
  });

  it("S1-5.015 / a branch with work pushed since, or with an open pull request, stays on the remote", async () => {
    const repo = await imported();
    const pushedTo = (await create(p.writer, repo)).data!.createBranch;
    await github.repos.git.commit(repo.owner, repo.name, pushedTo.name, { "work.txt": "not to lose" });
    const proposed = (await create(p.writer, repo)).data!.createBranch;
    github.repos.addPullRequest({
      owner: repo.owner,
      repo: repo.name,
      head: proposed.name,
      title: "Proposal",
      additions: 0,
      deletions: 0,
    });
    // The pull request reaches Boxyard with a sync.
    await app.deps.db.execute(`update projects set last_synced_at = null where id = '${repo.projectId}'`);
    await page(p.writer, repo);
    for (const branch of [pushedTo, proposed]) {
      expect(await gql(app, p.writer, OPS.deleteBranch, { branchId: branch.id })).toEqual({
        data: { deleteBranch: true },
      });
    }
    const remote = await lsRemote(github, repo.owner, repo.name, adminGithub.token);
    expect(remote.has(pushedTo.name)).toBe(true);
    expect(remote.has(proposed.name)).toBe(true);
  });

  it("S1-7.035 / a branch that came from the remote leaves Boxyard's records only; the default branch cannot be removed", async () => {
    const repo = await imported({ theirs: { "t.txt": "t" } });
    const theirs = await branchId(repo.projectId, "theirs");
    await open(p.writer, theirs);
    expect(await gql(app, p.writer, OPS.deleteBranch, { branchId: theirs })).toEqual({
      data: { deleteBranch: true },
    });
    expect((await lsRemote(github, repo.owner, repo.name, adminGithub.token)).has("theirs")).toBe(true);
    expect(
      await app.deps.db.select().from(branchAccesses).where(eq(branchAccesses.branchId, theirs)),
    ).toEqual([]);
    const main = await branchId(repo.projectId, "main");
    expect(outcome(await gql(app, p.writer, OPS.deleteBranch, { branchId: main }))).toEqual({
      code: "INVALID",
      message: CODEHOST_MESSAGES.defaultBranchKept,
    });
  });

  it("S1-6.005 / READ members cannot remove branches; non-members and unknown ids are told it does not exist; frozen still may", async () => {
    const repo = await imported({ extra: { "e.txt": "e" } });
    const extra = await branchId(repo.projectId, "extra");
    expect(outcome(await gql(app, p.reader, OPS.deleteBranch, { branchId: extra }))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.viewerCannotBranch,
    });
    for (const id of [extra, "not-a-uuid", crypto.randomUUID()]) {
      expect(outcome(await gql(app, p.outsider, OPS.deleteBranch, { branchId: id }))).toEqual({
        code: "NOT_FOUND",
        message: CODEHOST_MESSAGES.branchNotFound,
      });
    }
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(await gql(app, p.writer, OPS.deleteBranch, { branchId: extra })).toEqual({
        data: { deleteBranch: true },
      });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-7.016 / DELETE /api/beta/sandboxes/github/:owner/:repo/:branch with workspace_id removes the branch (names may hold '/')", async () => {
    const repo = await imported({ "feature/login": { "l.txt": "l" } });
    const url = (branch: string, workspaceId = p.workspaceId) =>
      `/api/beta/sandboxes/github/${repo.owner}/${repo.name}/${branch}?workspace_id=${workspaceId}`;
    const asUser = (user: TestUser, target: string) =>
      app.inject({ method: "DELETE", url: target, headers: { ...CLIENT, cookie: user.cookie } });
    expect((await asUser(p.outsider, url("feature/login"))).statusCode).toBe(404);
    const byReader = await asUser(p.reader, url("feature/login"));
    expect(byReader.statusCode, byReader.body).toBe(403);
    expect((await asUser(p.writer, url("feature/login", "nope"))).statusCode).toBe(404);
    const removed = await asUser(p.writer, url("feature/login"));
    expect(removed.statusCode).toBe(204);
    expect((await page(p.writer, repo)).map((b) => b.name)).not.toContain("feature/login");
    expect((await asUser(p.writer, url("feature/login"))).statusCode).toBe(404);
    const noMarker = await app.inject({
      method: "DELETE",
      url: url("main"),
      headers: { cookie: p.writer.cookie },
    });
    expect(noMarker.statusCode).toBe(403);
  });
});

describe("opening branches and Recent", () => {
  it("S1-2.033 / S1-2.032 / opening a branch records it: Recent lists the viewer's opened branches, newest first, 18 at most", async () => {
    const repo = await imported({ one: { "1": "1" }, two: { "2": "2" } });
    const one = await branchId(repo.projectId, "one");
    const two = await branchId(repo.projectId, "two");
    const viewer = p.reader;
    const first = await open(viewer, one);
    expect(first.errors).toBeUndefined();
    await new Promise((r) => setTimeout(r, 5));
    await open(viewer, two);
    const recent = await gql<{ me: { recentBranches: BranchEntry[] } }>(app, viewer, OPS.recentBranches, {
      limit: 18,
      teamId: p.workspaceId,
    });
    expect(recent.data!.me.recentBranches.map((b) => b.name).slice(0, 2)).toEqual(["two", "one"]);
    // The repository lists show when the viewer last opened one of its branches (the client sorts by it).
    const lists = await gql<{
      me: { team: { projects: { lastAccessedAt: string | null; repository: { name: string } }[] } };
    }>(app, viewer, OPS.repositoriesByTeam, { teamId: p.workspaceId });
    const entry = lists.data!.me.team.projects.find((x) => x.repository.name === repo.name)!;
    expect(entry.lastAccessedAt).toBe(recent.data!.me.recentBranches[0]!.lastAccessedAt);
    const capped = await gql<{ me: { recentBranches: BranchEntry[] } }>(app, viewer, OPS.recentBranches, {
      limit: 1,
    });
    expect(capped.data!.me.recentBranches).toHaveLength(1);
    expect(outcome(await gql(app, viewer, OPS.recentBranches, { limit: 0 }))).toMatchObject({
      code: "INVALID",
    });
    // Another workspace's filter shows none of them.
    const elsewhere = await gql<{ me: { recentBranches: BranchEntry[] } }>(app, viewer, OPS.recentBranches, {
      limit: 18,
      teamId: viewer.primaryTeamId,
    });
    expect(elsewhere.data!.me.recentBranches).toEqual([]);
  });

  it("S1-6.005 / non-members cannot open a workspace's branches; someone who left no longer sees them in Recent", async () => {
    const repo = await imported({ shared: { "s.txt": "s" } });
    const shared = await branchId(repo.projectId, "shared");
    expect(outcome(await open(p.outsider, shared))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.branchNotFound,
    });
    expect(outcome(await open(p.outsider, "nope"))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.branchNotFound,
    });
    await app.deps.db.insert(branchAccesses).values({ userId: p.outsider.id, branchId: shared });
    const recent = await gql<{ me: { recentBranches: BranchEntry[] } }>(app, p.outsider, OPS.recentBranches, {
      limit: 18,
    });
    expect(recent.data!.me.recentBranches).toEqual([]);
  });
});
