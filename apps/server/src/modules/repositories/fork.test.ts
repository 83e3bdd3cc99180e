/**
 * Forking a repository one can only read, to contribute (spec 2 §2.4, §4, §5, §7, §8; spec 1 §2
 * My contributions): fork-name validation and the fork itself, against the GitHub stand-in, with
 * the contribution branch pushed over git.
 */
import {
  CODEHOST_MESSAGES,
  forkExistsMessage,
  forkOwnerRefusedMessage,
  WORKSPACE_MESSAGES,
  type WorkspaceChange,
  workspaceTopic,
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
import { projects } from "../../db/schema/index.ts";
import { type BranchEntry, type Connected, codeHostApp, connectGithub, lsRemote, OPS } from "./testing.ts";

let app: TestApp;
let github: GithubStandIn;
let p: Personas;
let writerGithub: Connected;
let upstream: { owner: string; name: string };

beforeAll(async () => {
  ({ app, github } = await codeHostApp());
  p = await personas(app);
  await connectGithub(app, github, p.admin);
  writerGithub = await connectGithub(app, github, p.writer);
  await connectGithub(app, github, p.reader);
  await connectGithub(app, github, p.outsider);
  upstream = { owner: unique("oss-"), name: unique("library-") };
  await github.repos.createRepository({
    ...upstream,
    files: { "README.md": "# An open-source library\n", "src/lib.js": "export const x = 1;\n" },
    branches: { develop: { "d.txt": "d" } },
  });
});

const validate = (user: TestUser | null, owner: string, name: string) =>
  app.inject({
    url: `/api/beta/repos/validate/github/${owner}/${name}`,
    headers: { ...CLIENT, ...(user ? { cookie: user.cookie } : {}) },
  });

const fork = (user: TestUser, body: Record<string, unknown>, source = upstream) =>
  app.inject({
    method: "POST",
    url: `/api/beta/fork/github/${source.owner}/${source.name}`,
    headers: { ...CLIENT, cookie: user.cookie },
    payload: { team_id: p.workspaceId, ...body },
  });

const projectCount = async () => (await app.deps.db.select({ n: count() }).from(projects))[0]!.n;

describe("GET /api/beta/repos/validate/github/:owner/:repo", () => {
  it("S2-7.001 S2-4.003 / S2-5.001 / a free name in the viewer's own account is valid", async () => {
    const response = await validate(p.writer, writerGithub.login, unique("my-fork-"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true });
  });

  it("S2-5.001 / S2-8.001 / a taken name, a bad name, or an account one cannot create in are invalid, with the reason", async () => {
    const taken = unique("taken-");
    await github.repos.createRepository({ owner: writerGithub.login, name: taken });
    expect((await validate(p.writer, writerGithub.login, taken)).json()).toEqual({
      valid: false,
      message: forkExistsMessage(writerGithub.login, taken),
    });
    expect((await validate(p.writer, writerGithub.login, "bad%20name")).json()).toEqual({
      valid: false,
      message: CODEHOST_MESSAGES.invalidRepositoryName,
    });
    expect((await validate(p.writer, "-nobody-", "fine")).json()).toEqual({
      valid: false,
      message: CODEHOST_MESSAGES.invalidRepositoryName,
    });
    const stranger = unique("org-");
    github.repos.organization(stranger, []);
    expect((await validate(p.writer, stranger, "fine")).json()).toEqual({
      valid: false,
      message: forkOwnerRefusedMessage(stranger),
    });
  });

  it("S2-5.001 / an organization the viewer belongs to is valid; without GitHub connected nothing is", async () => {
    const org = unique("team-org-");
    github.repos.organization(org, [writerGithub.login]);
    expect((await validate(p.writer, org, unique("fork-"))).json()).toEqual({ valid: true });
    const unconnected = await signUp(app);
    expect((await validate(unconnected, org, "x")).json()).toEqual({
      valid: false,
      message: CODEHOST_MESSAGES.notConnected,
    });
    expect((await validate(null, org, "x")).statusCode).toBe(401);
  });
});

describe("POST /api/beta/fork/github/:owner/:repo", () => {
  it("S2-1.003 / S2-7.018 / S1-2.043 / forks on GitHub, imports the fork and pushes a contribution branch to it", async () => {
    const name = unique("contrib-");
    const response = await fork(p.writer, { name });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { owner: string; repo: string; branch: string };
    expect(answer).toMatchObject({ owner: writerGithub.login, repo: name });
    expect(github.repos.repo(writerGithub.login, name)?.parent).toEqual(upstream);
    const remote = await lsRemote(github, writerGithub.login, name, writerGithub.token);
    expect(remote.get(answer.branch)).toBe(remote.get("main"));
    expect(remote.has("develop")).toBe(true);
    const [project] = await app.deps.db.select().from(projects).where(eq(projects.name, name));
    expect(project).toMatchObject({
      workspaceId: p.workspaceId,
      owner: writerGithub.login,
      defaultBranch: "main",
    });
    const contributions = await gql<{ me: { recentBranches: BranchEntry[] } }>(
      app,
      p.writer,
      OPS.contributionBranches,
    );
    expect(contributions.errors).toBeUndefined();
    expect(contributions.data!.me.recentBranches[0]).toMatchObject({
      name: answer.branch,
      contribution: true,
      upstream: true,
      owner: { username: p.writer.username },
      project: { repository: { owner: writerGithub.login, name }, team: { id: p.workspaceId } },
    });
    // Contribution branches are the contributor's own.
    const forAdmin = await gql<{ me: { recentBranches: BranchEntry[] } }>(
      app,
      p.admin,
      OPS.contributionBranches,
    );
    expect(forAdmin.data!.me.recentBranches.some((b) => b.name === answer.branch)).toBe(false);
  });

  it("S1-7.020 / a fork tells the workspace's dashboards; a refused one tells nothing", async () => {
    const heard: WorkspaceChange[] = [];
    const stop = app.deps.live.subscribe(workspaceTopic(p.workspaceId), (event) => {
      if (event.event === "workspace-changed") heard.push(event.payload as WorkspaceChange);
    });
    try {
      expect((await fork(p.reader, { name: unique("refused-") })).statusCode).toBe(403);
      expect((await fork(p.writer, { name: unique("told-") })).statusCode).toBe(200);
      await expect
        .poll(() => heard)
        .toEqual([
          { sandboxes: true, folders: false, repositories: true, sandboxIds: [], actorId: p.writer.id },
        ]);
    } finally {
      stop();
    }
  });

  it("S2-7.018 / forks into an organization when one is given", async () => {
    const org = unique("acme-");
    github.repos.organization(org, [writerGithub.login]);
    const name = unique("org-fork-");
    const response = await fork(p.writer, { name, organization: org });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ owner: org, repo: name });
    expect(github.repos.repo(org, name)?.parent).toEqual(upstream);
  });

  it("S2-8.001 / a taken name or a bad one is refused before anything is forked", async () => {
    const taken = unique("taken-");
    await github.repos.createRepository({ owner: writerGithub.login, name: taken });
    const before = await projectCount();
    const conflict = await fork(p.writer, { name: taken });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ errors: { name: [forkExistsMessage(writerGithub.login, taken)] } });
    const bad = await fork(p.writer, { name: "bad name" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { name: [CODEHOST_MESSAGES.invalidRepositoryName] } });
    expect((await fork(p.writer, { name: "" })).json()).toEqual({
      errors: { name: [CODEHOST_MESSAGES.forkNameRequired] },
    });
    expect(await projectCount()).toBe(before);
  });

  it("S2-8.018 / GitHub failing to fork answers 502 and writes nothing", async () => {
    const before = await projectCount();
    github.repos.fail(`POST /repos/${upstream.owner}/${upstream.name}/forks`, { status: 500 });
    const name = unique("failed-");
    const response = await fork(p.writer, { name });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      errors: { detail: ["GitHub answered 500. Nothing was changed; try again in a moment."] },
    });
    expect(await projectCount()).toBe(before);
    expect(github.repos.repo(writerGithub.login, name)).toBeUndefined();
  });

  it("S1-6.005 / S1-6.006 / READ members and frozen workspaces cannot fork; non-members are told the workspace does not exist", async () => {
    const before = await projectCount();
    const byReader = await fork(p.reader, { name: unique("r-") });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json()).toEqual({ errors: { detail: [CODEHOST_MESSAGES.viewerCannotImport] } });
    const byOutsider = await fork(p.outsider, { name: unique("o-") });
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toEqual({ errors: { detail: [WORKSPACE_MESSAGES.notFound] } });
    expect((await fork(p.writer, { name: unique("x-"), team_id: "nope" })).statusCode).toBe(404);
    await setFrozen(app, p.workspaceId, true);
    try {
      const frozen = await fork(p.admin, { name: unique("f-") });
      expect(frozen.statusCode).toBe(403);
      expect(frozen.json()).toEqual({ errors: { detail: [CODEHOST_MESSAGES.frozenImport] } });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect(await projectCount()).toBe(before);
    const unmarked = await app.inject({
      method: "POST",
      url: `/api/beta/fork/github/${upstream.owner}/${upstream.name}`,
      headers: { cookie: p.writer.cookie },
      payload: { name: "x", team_id: p.workspaceId },
    });
    expect(unmarked.statusCode).toBe(403);
  });

  it("S2-4.002 / a source repository one cannot read is not found", async () => {
    const response = await fork(
      p.writer,
      { name: unique("n-") },
      { owner: unique("ghost-"), name: "nothing" },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { detail: [CODEHOST_MESSAGES.repositoryNotFound] } });
  });
});
