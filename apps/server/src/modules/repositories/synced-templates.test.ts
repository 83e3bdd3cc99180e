/**
 * Synced templates (spec 2 §2.4 Import template, §5; spec 1 §2 Imported templates and
 * /dashboard/synced-sandboxes, §9; api-contract §3 SandboxRepo, §8 TeamSyncedSandboxes): a
 * repository folder read with git over smart HTTP becomes a read-only devbox template.
 */
import {
  CODEHOST_MESSAGES,
  DASHBOARD_MESSAGES,
  templateBranchNotFoundMessage,
  templateFolderNotFoundMessage,
  WORKSPACE_MESSAGES,
  type WorkspaceChange,
  workspaceTopic,
} from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
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
import { sandboxes, sandboxGit } from "../../db/schema/index.ts";
import { runRemoteCommand } from "../../service/remote-command.ts";
import { sandbox } from "../search/testing.ts";
import { syncDueTemplates } from "./synced-templates.service.ts";
import { type Connected, codeHostApp, connectGithub, OPS, outcome } from "./testing.ts";

let app: TestApp;
let github: GithubStandIn;
let p: Personas;
let writerGithub: Connected;
let repo: { owner: string; name: string };

const GIT = "id branch repo username path";
const IMPORT = `mutation($teamId: UUID4!, $url: String!) { importGithubTemplate(teamId: $teamId, url: $url) {
  id title isV2 isFrozen privacy draft collection { path } customTemplate { id }
  originalGit { ${GIT} } baseGit { ${GIT} } git { id commitSha } prNumber } }`;
const SYNC = `mutation($id: ID!) { syncGithubTemplate(sandboxId: $id) { id git { commitSha } } }`;
const SYNCED = `query TeamSyncedSandboxes($id: UUID4!) { me { id team(id: $id) { sandboxes(hasOriginalGit: true) {
  id alias title isV2 baseGit { ${GIT} } originalGit { ${GIT} } prNumber } } } }`;

type Imported = {
  id: string;
  title: string;
  isV2: boolean;
  isFrozen: boolean;
  privacy: number;
  draft: boolean;
  collection: { path: string };
  customTemplate: { id: string } | null;
  originalGit: Record<string, string>;
  baseGit: Record<string, string>;
  git: { id: string; commitSha: string };
  prNumber: number | null;
};

beforeAll(async () => {
  ({ app, github } = await codeHostApp());
  p = await personas(app);
  writerGithub = await connectGithub(app, github, p.writer);
  repo = { owner: unique("templates-"), name: unique("starters-") };
  await github.repos.createRepository({
    ...repo,
    files: {
      "README.md": "# Starters\n",
      "examples/todo/package.json": '{ "name": "todo" }\n',
      "examples/todo/src/index.js": "console.log('todo');\n",
      "examples/todo/logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]),
      "examples/other/index.js": "other\n",
    },
    branches: { next: { "examples/todo/src/next.js": "next\n" } },
  });
});

const importTemplate = (user: TestUser, url: string, teamId = p.workspaceId) =>
  gql<{ importGithubTemplate: Imported }>(app, user, IMPORT, { teamId, url });

async function files(user: TestUser, id: string) {
  const response = await app.inject({
    url: `/api/v1/sandboxes/${encodeURIComponent(id)}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    modules: { title: string; code: string; isBinary: boolean; directoryShortid: string | null }[];
    directories: { shortid: string; title: string; directoryShortid: string | null }[];
  };
  const dirs = new Map(body.directories.map((d) => [d.shortid, d]));
  const pathOf = (shortid: string | null): string => {
    if (!shortid) return "";
    const d = dirs.get(shortid)!;
    const parent = pathOf(d.directoryShortid);
    return parent ? `${parent}/${d.title}` : d.title;
  };
  return new Map(
    body.modules.map((m) => {
      const dir = pathOf(m.directoryShortid);
      return [dir ? `${dir}/${m.title}` : m.title, m] as const;
    }),
  );
}

describe("importGithubTemplate", () => {
  it("S2-2.021 / a repository folder becomes a read-only devbox template of the workspace, its files fetched with git", async () => {
    const r = await importTemplate(
      p.writer,
      `https://github.com/${repo.owner}/${repo.name}/tree/main/examples/todo`,
    );
    expect(r.errors).toBeUndefined();
    const t = r.data!.importGithubTemplate;
    const location = { username: repo.owner, repo: repo.name, branch: "main", path: "examples/todo" };
    expect(t).toMatchObject({
      title: `${repo.owner}/${repo.name}/examples/todo`,
      isV2: true,
      isFrozen: true,
      privacy: 0,
      draft: false,
      collection: { path: "/" },
      prNumber: null,
      originalGit: { id: `github/${repo.owner}/${repo.name}/tree/main/examples/todo`, ...location },
      baseGit: location,
    });
    expect(t.customTemplate).not.toBeNull();
    const heads = await github.repos.git.heads(repo.owner, repo.name);
    expect(t.git.commitSha).toBe(heads.get("main"));
    const tree = await files(p.reader, t.id);
    expect([...tree.keys()].sort()).toEqual(["logo.png", "package.json", "src/index.js"]);
    expect(tree.get("src/index.js")).toMatchObject({ code: "console.log('todo');\n", isBinary: false });
    // Its address is its repository path (the tab's resulting URL), for anyone when the repository is public.
    const byPath = await app.inject({
      url: `/api/v1/sandboxes/${encodeURIComponent(`github/${repo.owner}/${repo.name}/tree/main/examples/todo`)}`,
      headers: { cookie: p.outsider.cookie },
    });
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json()).toMatchObject({ id: t.id });
    expect(tree.get("logo.png")).toMatchObject({
      isBinary: true,
      code: `data:application/octet-stream;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]).toString("base64")}`,
    });
  });

  it("S1-9.005 / S2-5.002 / the default branch main hides the branch in the title; another branch shows it", async () => {
    const plain = await importTemplate(p.writer, `${repo.owner}/${repo.name}`);
    expect(plain.data!.importGithubTemplate).toMatchObject({
      title: `${repo.owner}/${repo.name}`,
      originalGit: { id: `github/${repo.owner}/${repo.name}`, branch: "main", path: "" },
    });
    const next = await importTemplate(p.writer, `${repo.owner}/${repo.name}/tree/next`);
    expect(next.data!.importGithubTemplate).toMatchObject({
      title: `${repo.owner}/${repo.name} (next)`,
      originalGit: { id: `github/${repo.owner}/${repo.name}/tree/next`, branch: "next" },
    });
    expect((await files(p.writer, next.data!.importGithubTemplate.id)).has("examples/todo/src/next.js")).toBe(
      true,
    );
  });

  it("S1-2.074 / S1-2.054 / synced templates are the workspace's sandboxes with an original git ('Imported templates')", async () => {
    const list = await gql<{ me: { team: { sandboxes: { id: string; originalGit: { repo: string } }[] } } }>(
      app,
      p.reader,
      SYNCED,
      {
        id: p.workspaceId,
      },
    );
    expect(list.errors).toBeUndefined();
    expect(list.data!.me.team.sandboxes.length).toBeGreaterThanOrEqual(3);
    expect(list.data!.me.team.sandboxes.every((s) => s.originalGit.repo === repo.name)).toBe(true);
    const sidebar = await gql<{ me: { team: { syncedSandboxes: { id: string }[] } } }>(
      app,
      p.reader,
      OPS.sidebar,
      { id: p.workspaceId },
    );
    expect(sidebar.data!.me.team.syncedSandboxes).toHaveLength(1);
    const someone = await signUp(app);
    const theirs = await gql<{ me: { team: { sandboxes: unknown[] } } }>(app, someone, SYNCED, {
      id: someone.primaryTeamId,
    });
    expect(theirs.data!.me.team.sandboxes).toEqual([]);
  });

  it("S2-2.021 / importing the same location again answers the template the workspace has; each workspace has its own", async () => {
    const first = await importTemplate(p.writer, `${repo.owner}/${repo.name}/tree/main/examples/other`);
    const again = await importTemplate(
      p.admin,
      `https://github.com/${repo.owner}/${repo.name}/tree/main/examples/other`,
    );
    expect(again.data!.importGithubTemplate.id).toBe(first.data!.importGithubTemplate.id);
    // Another workspace gets its own; at the shared address each member finds their workspace's.
    const url = `${repo.owner}/${repo.name}/tree/main/examples/other`;
    const theirs = await importTemplate(p.outsider, url, p.outsider.primaryTeamId);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data!.importGithubTemplate.id).not.toBe(first.data!.importGithubTemplate.id);
    const address = `/api/v1/sandboxes/${encodeURIComponent(`github/${url}`)}`;
    for (const [user, id] of [
      [p.outsider, theirs.data!.importGithubTemplate.id],
      [p.writer, first.data!.importGithubTemplate.id],
    ] as const) {
      const opened = await app.inject({ url: address, headers: { cookie: user.cookie } });
      expect(opened.json()).toMatchObject({ id });
    }
  });

  it("S2-5.002 / a URL that is not owner/repo, a missing folder or a missing branch is refused, creating nothing", async () => {
    const before = (await app.deps.db.select().from(sandboxGit)).length;
    expect(outcome(await importTemplate(p.writer, "not a repository"))).toEqual({
      code: "INVALID",
      message: CODEHOST_MESSAGES.templateUrlInvalid,
    });
    expect(outcome(await importTemplate(p.writer, `${repo.owner}/${repo.name}/tree/main/nowhere`))).toEqual({
      code: "NOT_FOUND",
      message: templateFolderNotFoundMessage("nowhere", "main"),
    });
    expect(outcome(await importTemplate(p.writer, `${repo.owner}/${repo.name}/tree/gone`))).toEqual({
      code: "NOT_FOUND",
      message: templateBranchNotFoundMessage("gone"),
    });
    expect(outcome(await importTemplate(p.writer, `${repo.owner}/${unique("missing-")}`))).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.repositoryNotFound,
    });
    expect((await app.deps.db.select().from(sandboxGit)).length).toBe(before);
  });

  it("S2-2.021 / a private repository needs the importer's GitHub access, and makes a private template", async () => {
    const secret = { owner: writerGithub.login, name: unique("private-") };
    await github.repos.createRepository({ ...secret, private: true, files: { "index.js": "secret\n" } });
    const unconnected = await signUp(app);
    expect(
      outcome(await importTemplate(unconnected, `${secret.owner}/${secret.name}`, unconnected.primaryTeamId)),
    ).toEqual({
      code: "NOT_FOUND",
      message: CODEHOST_MESSAGES.repositoryNotFound,
    });
    const r = await importTemplate(p.writer, `${secret.owner}/${secret.name}`);
    expect(r.errors).toBeUndefined();
    expect(r.data!.importGithubTemplate.privacy).toBe(2);
    const [row] = await app.deps.db
      .select()
      .from(sandboxGit)
      .where(eq(sandboxGit.sandboxId, r.data!.importGithubTemplate.id));
    expect(row!.syncedById).toBe(p.writer.id);
  });

  it("S1-6.005 / S1-6.006 / READ members and frozen workspaces cannot import; non-members are told it does not exist", async () => {
    const url = `${repo.owner}/${repo.name}/tree/main/examples/todo`;
    expect(outcome(await importTemplate(p.reader, url))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.viewerCannotImport,
    });
    expect(outcome(await importTemplate(p.outsider, url))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(outcome(await importTemplate(p.admin, url))).toEqual({
        code: "FORBIDDEN",
        message: CODEHOST_MESSAGES.frozenImport,
      });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });
});

describe("teammates' dashboards", () => {
  it("S1-7.020 / importing a synced template and a sync that changed its files tell the workspace's dashboards", async () => {
    const own = { owner: unique("live-"), name: "app" };
    await github.repos.createRepository({ ...own, files: { "index.js": "v1\n" } });
    const heard: WorkspaceChange[] = [];
    const stop = app.deps.live.subscribe(workspaceTopic(p.workspaceId), (event) => {
      if (event.event === "workspace-changed") heard.push(event.payload as WorkspaceChange);
    });
    try {
      const created = (await importTemplate(p.writer, `${own.owner}/${own.name}`)).data!.importGithubTemplate;
      await expect
        .poll(() => heard)
        .toEqual([{ sandboxes: true, folders: false, sandboxIds: [created.id], actorId: p.writer.id }]);
      // Nothing moved: nothing to tell.
      expect((await gql(app, p.writer, SYNC, { id: created.id })).errors).toBeUndefined();
      await github.repos.git.commit(own.owner, own.name, "main", { "index.js": "v2\n" });
      expect((await gql(app, p.admin, SYNC, { id: created.id })).errors).toBeUndefined();
      await expect.poll(() => heard).toHaveLength(2);
      expect(heard[1]).toEqual({
        sandboxes: true,
        folders: false,
        sandboxIds: [created.id],
        actorId: p.admin.id,
      });
    } finally {
      stop();
    }
  });
});

describe("keeping them in sync", () => {
  it("S2-2.021 / syncGithubTemplate replaces the files when the branch moved", async () => {
    const own = { owner: unique("sync-"), name: "app" };
    await github.repos.createRepository({ ...own, files: { "index.js": "v1\n", "old.js": "old\n" } });
    const created = (await importTemplate(p.writer, `${own.owner}/${own.name}`)).data!.importGithubTemplate;
    const sha = await github.repos.git.commit(own.owner, own.name, "main", {
      "index.js": "v2\n",
      "new.js": "new\n",
    });
    const synced = await gql<{ syncGithubTemplate: { git: { commitSha: string } } }>(app, p.writer, SYNC, {
      id: created.id,
    });
    expect(synced.errors).toBeUndefined();
    expect(synced.data!.syncGithubTemplate.git.commitSha).toBe(sha);
    const tree = await files(p.writer, created.id);
    expect(tree.get("index.js")!.code).toBe("v2\n");
    expect(tree.has("new.js")).toBe(true);
    expect(tree.has("old.js")).toBe(true);
  });

  it("S2-2.021 / the schedule refreshes templates not synced for a while; each replica claims different ones", async () => {
    const own = { owner: unique("sched-"), name: "app" };
    await github.repos.createRepository({ ...own, files: { "index.js": "v1\n" } });
    const created = (await importTemplate(p.writer, `${own.owner}/${own.name}`)).data!.importGithubTemplate;
    const sha = await github.repos.git.commit(own.owner, own.name, "main", { "index.js": "v2\n" });
    await app.deps.db.update(sandboxGit).set({ lastSyncedAt: new Date(Date.now() - 3 * 3600_000) });
    const [a, b] = await Promise.all([
      runRemoteCommand(app.deps, null, syncDueTemplates, { olderThanMinutes: 60 }),
      runRemoteCommand(app.deps, null, syncDueTemplates, { olderThanMinutes: 60 }),
    ]);
    const all = (await app.deps.db.select().from(sandboxGit)).length;
    expect(a.synced + a.failed + b.synced + b.failed).toBe(Math.min(all, 40));
    const [row] = await app.deps.db.select().from(sandboxGit).where(eq(sandboxGit.sandboxId, created.id));
    expect(row!.commitSha).toBe(sha);
    expect((await files(p.writer, created.id)).get("index.js")!.code).toBe("v2\n");
    // Synced just now: nothing is due.
    expect(await runRemoteCommand(app.deps, null, syncDueTemplates, { olderThanMinutes: 60 })).toEqual({
      synced: 0,
      failed: 0,
    });
  });

  it("S1-8.022 / a code host failing during a sync keeps the files and records the problem", async () => {
    const own = { owner: unique("fail-"), name: "app" };
    await github.repos.createRepository({ ...own, files: { "index.js": "v1\n" } });
    const created = (await importTemplate(p.writer, `${own.owner}/${own.name}`)).data!.importGithubTemplate;
    await github.repos.git.commit(own.owner, own.name, "main", { "index.js": "v2\n" });
    github.repos.fail(`POST /${own.owner}/${own.name}.git/git-upload-pack`, { status: 500 }, 3);
    const failed = await gql(app, p.writer, SYNC, { id: created.id });
    expect(outcome(failed)).toMatchObject({ code: "CODE_HOST_UNAVAILABLE" });
    github.repos.clearFaults();
    expect((await files(p.writer, created.id)).get("index.js")!.code).toBe("v1\n");
    const [row] = await app.deps.db.select().from(sandboxGit).where(eq(sandboxGit.sandboxId, created.id));
    expect(row!.lastSyncError).toBeTruthy();
  });

  it("S1-6.005 / S1-6.006 / syncing: READ members and frozen workspaces refused, non-members and sandboxes that are not synced not found", async () => {
    const [one] = await app.deps.db
      .select({ sandboxId: sandboxGit.sandboxId })
      .from(sandboxGit)
      .innerJoin(sandboxes, eq(sandboxes.id, sandboxGit.sandboxId))
      .where(eq(sandboxes.workspaceId, p.workspaceId))
      .limit(1);
    expect(outcome(await gql(app, p.reader, SYNC, { id: one!.sandboxId }))).toEqual({
      code: "FORBIDDEN",
      message: CODEHOST_MESSAGES.viewerCannotImport,
    });
    expect(outcome(await gql(app, p.outsider, SYNC, { id: one!.sandboxId }))).toEqual({
      code: "NOT_FOUND",
      message: DASHBOARD_MESSAGES.sandboxNotFound,
    });
    await setFrozen(app, p.workspaceId, true);
    try {
      expect(outcome(await gql(app, p.writer, SYNC, { id: one!.sandboxId }))).toEqual({
        code: "FORBIDDEN",
        message: CODEHOST_MESSAGES.frozenImport,
      });
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect((await gql(app, p.admin, SYNC, { id: one!.sandboxId })).errors).toBeUndefined();
    const plain = await sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id });
    expect(outcome(await gql(app, p.writer, SYNC, { id: plain.id }))).toEqual({
      code: "NOT_FOUND",
      message: DASHBOARD_MESSAGES.sandboxNotFound,
    });
  });
});
