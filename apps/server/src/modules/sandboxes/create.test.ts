import {
  CREATE_FILE_MAX_BYTES,
  CREATE_FILES_MAX,
  CREATE_MESSAGES,
  DASHBOARD_MESSAGES,
  FREE_LIMITS,
} from "@boxyard/domain";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen, signUp } from "../../../test/factories.ts";
import { sandboxes, sandboxModules, workspaces } from "../../db/schema/index.ts";
import { folder, sandbox } from "../search/testing.ts";
import { fileTreeProblem } from "./create.service.ts";
import { TITLE_VARIETY } from "./generate-title.ts";
import { call } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

async function sandboxCount(workspaceId: string) {
  const [row] = await app.deps.db
    .select({ n: count() })
    .from(sandboxes)
    .where(eq(sandboxes.workspaceId, workspaceId));
  return row!.n;
}

const FILES = [
  { path: "package.json", code: '{"name":"from-files"}' },
  { path: "src/index.js", code: "console.log('hi')" },
  { path: "src/lib/util.js", code: "export const x = 1;" },
  { path: "public/logo.png", code: "data:image/png;base64,AAAA", is_binary: true },
];

describe("GET /api/v1/sandboxes/generate_title", () => {
  it("S2-7.010 S1-7.010 / a fresh two-word default name for anyone, signed in or not; not a constant", async () => {
    const titles = new Set<string>();
    for (const user of [null, p.outsider, p.reader, p.writer, p.admin, null, p.writer, p.admin]) {
      const response = await call(app, user, "GET", "/api/v1/sandboxes/generate_title");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const { title } = response.json() as { title: string };
      expect(title).toMatch(/^[a-z]+-[a-z]+$/);
      titles.add(title);
    }
    expect(TITLE_VARIETY).toBeGreaterThan(1000);
    expect(titles.size).toBeGreaterThan(1);
  });
});

describe("GET /api/v1/sandboxes/limits", () => {
  it("S1-7.013 S2-9.002 / a signed-in member reads the workspace's private sandboxes over its plan's cap (primary workspace by default); a signed-out visitor, who cannot create, 0 of 0", async () => {
    const user = await signUp(app);
    await sandbox(app.deps.db, { workspaceId: user.primaryTeamId, authorId: user.id, privacy: 2 });
    await sandbox(app.deps.db, {
      workspaceId: user.primaryTeamId,
      authorId: user.id,
      privacy: 2,
      draft: true,
    });
    await sandbox(app.deps.db, { workspaceId: user.primaryTeamId, authorId: user.id, privacy: 0 });
    await sandbox(app.deps.db, {
      workspaceId: user.primaryTeamId,
      authorId: user.id,
      privacy: 2,
      removedAt: new Date(),
    });
    const mine = await call(app, user, "GET", "/api/v1/sandboxes/limits");
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ sandboxCount: 2, sandboxLimit: FREE_LIMITS.includedPrivateSandboxes });
    expect((await call(app, null, "GET", "/api/v1/sandboxes/limits")).json()).toEqual({
      sandboxCount: 0,
      sandboxLimit: 0,
    });
  });

  it("S1-7.013 / authorization: members of every role read their workspace's limits, frozen too; a non-member and an unknown or malformed workspace get the same not-found", async () => {
    await sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, privacy: 2 });
    const url = `/api/v1/sandboxes/limits?team_id=${p.workspaceId}`;
    for (const member of [p.reader, p.writer, p.admin]) {
      const response = await call(app, member, "GET", url);
      expect(response.statusCode).toBe(200);
      // team_id arrives camelized like every snake_case query key.
      expect(response.json().sandboxCount).toBeGreaterThanOrEqual(1);
      expect(response.json().sandboxLimit).toBe(FREE_LIMITS.includedPrivateSandboxes);
    }
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await call(app, p.reader, "GET", url)).statusCode).toBe(200);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    const outsider = await call(app, p.outsider, "GET", url);
    const unknown = await call(
      app,
      p.outsider,
      "GET",
      "/api/v1/sandboxes/limits?team_id=00000000-0000-4000-8000-000000000000",
    );
    const malformed = await call(app, p.outsider, "GET", "/api/v1/sandboxes/limits?team_id=nope");
    for (const r of [outsider, unknown, malformed]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ errors: { detail: ["Workspace not found."] } });
    }
  });
});

describe("POST /api/v1/sandboxes (a sandbox made of files)", () => {
  it("S2-2.004 S2-7.022 / makes a private draft in the primary workspace with the files and directories, a generated title and the template; the sandbox answers like a fork", async () => {
    const user = await signUp(app);
    const response = await call(app, user, "POST", "/api/v1/sandboxes", { files: FILES, template: "node" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      teamId: user.primaryTeamId,
      draft: true,
      privacy: 2,
      v2: false,
      source: { template: "node" },
      authorization: "OWNER",
      author: { id: user.id },
    });
    expect(body.title).toMatch(/^[a-z]+-[a-z]+$/);
    expect(body.directories.map((d: { title: string }) => d.title).sort()).toEqual(["lib", "public", "src"]);
    const modules = await app.deps.db
      .select()
      .from(sandboxModules)
      .where(eq(sandboxModules.sandboxId, body.id));
    expect(modules.map((m) => `${m.title}:${m.isBinary}`).sort()).toEqual([
      "index.js:false",
      "logo.png:true",
      "package.json:false",
      "util.js:false",
    ]);
    expect(modules.find((m) => m.title === "index.js")!.code).toBe("console.log('hi')");
  });

  it("S2-2.004 S2-4.004 / into a chosen workspace and folder, with a title, as a devbox, never below the workspace's minimum privacy", async () => {
    const root = await folder(app.deps.db, p.workspaceId, "/");
    await app.deps.db.update(workspaces).set({ minimumPrivacy: 1 }).where(eq(workspaces.id, p.workspaceId));
    try {
      const response = await call(app, p.writer, "POST", "/api/v1/sandboxes", {
        title: "  Imported files ",
        team_id: p.workspaceId,
        collection_id: root.id,
        privacy: 0,
        v2: true,
        files: FILES,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        title: "Imported files",
        teamId: p.workspaceId,
        draft: false,
        privacy: 1,
        v2: true,
        collection: { id: root.id, path: "/" },
      });
    } finally {
      await app.deps.db.update(workspaces).set({ minimumPrivacy: 0 }).where(eq(workspaces.id, p.workspaceId));
    }
  });

  it("S2-2.004 S2-6.012 / authorization: signed out 401; an outsider's workspace is not found; a viewer and a frozen workspace are refused; nothing is made", async () => {
    const before = await sandboxCount(p.workspaceId);
    const body = { team_id: p.workspaceId, files: FILES };
    expect((await call(app, null, "POST", "/api/v1/sandboxes", body)).statusCode).toBe(401);
    const outsider = await call(app, p.outsider, "POST", "/api/v1/sandboxes", body);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ errors: { detail: ["Workspace not found."] } });
    expect((await call(app, p.reader, "POST", "/api/v1/sandboxes", body)).statusCode).toBe(403);
    await setFrozen(app, p.workspaceId, true);
    try {
      for (const member of [p.writer, p.admin]) {
        const frozen = await call(app, member, "POST", "/api/v1/sandboxes", body);
        expect(frozen.statusCode).toBe(403);
        expect(frozen.json().errors.detail[0]).toMatch(/frozen/);
      }
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect(await sandboxCount(p.workspaceId)).toBe(before);
    for (const member of [p.writer, p.admin]) {
      expect((await call(app, member, "POST", "/api/v1/sandboxes", body)).statusCode).toBe(200);
    }
    expect(await sandboxCount(p.workspaceId)).toBe(before + 2);
  });

  it("S1-5.017 S2-8.017 / limits: a draft past the drafts cap fails with DRAFT_LIMIT, a private sandbox past a Free workspace's cap with SANDBOX_LIMIT; nothing is made", async () => {
    const user = await signUp(app);
    const teamId = user.primaryTeamId;
    for (let i = 0; i < FREE_LIMITS.includedDrafts; i++) {
      await sandbox(app.deps.db, { workspaceId: teamId, authorId: user.id, draft: true, privacy: 0 });
    }
    const root = await folder(app.deps.db, teamId, "/");
    for (let i = 0; i < FREE_LIMITS.includedPrivateSandboxes; i++) {
      await sandbox(app.deps.db, { workspaceId: teamId, authorId: user.id, privacy: 2 });
    }
    const before = await sandboxCount(teamId);
    const drafts = await call(app, user, "POST", "/api/v1/sandboxes", { privacy: 0, files: FILES });
    expect(drafts.statusCode).toBe(422);
    expect(drafts.json()).toEqual({ errors: { detail: [`DRAFT_LIMIT: ${DASHBOARD_MESSAGES.draftLimit}`] } });
    const privateOne = await call(app, user, "POST", "/api/v1/sandboxes", {
      collection_id: root.id,
      files: FILES,
    });
    expect(privateOne.statusCode).toBe(422);
    expect(privateOne.json()).toEqual({
      errors: { detail: [`SANDBOX_LIMIT: ${DASHBOARD_MESSAGES.privateSandboxLimit}`] },
    });
    expect(await sandboxCount(teamId)).toBe(before);
    const limits = await call(app, user, "GET", "/api/v1/sandboxes/limits");
    expect(limits.json()).toEqual({
      sandboxCount: FREE_LIMITS.includedPrivateSandboxes,
      sandboxLimit: FREE_LIMITS.includedPrivateSandboxes,
    });
    // A public one in the folder is within both.
    const open = await call(app, user, "POST", "/api/v1/sandboxes", {
      collection_id: root.id,
      privacy: 0,
      files: FILES,
    });
    expect(open.statusCode).toBe(200);
  });

  it("S2-2.004 / bad input gets a clear error on its field and changes nothing: no files, bad paths, duplicates, a file that is also a folder, too many or too large files, bad title, privacy, template, workspace or folder", async () => {
    const before = await sandboxCount(p.workspaceId);
    const elsewhere = await folder(app.deps.db, p.outsider.primaryTeamId, "/");
    const bad = async (body: Record<string, unknown>, status: number, message?: string, field = "files") => {
      const r = await call(app, p.writer, "POST", "/api/v1/sandboxes", {
        team_id: p.workspaceId,
        files: FILES,
        ...body,
      });
      expect(r.statusCode, JSON.stringify(body).slice(0, 120)).toBe(status);
      if (message) expect(r.json()).toEqual({ errors: { [field]: [message] } });
      return r;
    };
    await bad({ files: [] }, 422, CREATE_MESSAGES.filesRequired);
    await bad({ files: undefined }, 422, CREATE_MESSAGES.filesRequired);
    await bad({ files: "index.js" }, 422, CREATE_MESSAGES.filesRequired);
    await bad(
      { files: [{ path: "../etc/passwd", code: "" }] },
      422,
      CREATE_MESSAGES.filePathInvalid("../etc/passwd"),
    );
    await bad({ files: [{ path: "/abs.js", code: "" }] }, 422, CREATE_MESSAGES.filePathInvalid("/abs.js"));
    await bad({ files: [{ path: "a.js" }] }, 422, "Each file's code must be text.");
    await bad(
      {
        files: [
          { path: "a.js", code: "1" },
          { path: "a.js", code: "2" },
        ],
      },
      422,
      CREATE_MESSAGES.filePathDuplicate("a.js"),
    );
    await bad(
      {
        files: [
          { path: "src", code: "1" },
          { path: "src/index.js", code: "2" },
        ],
      },
      422,
      CREATE_MESSAGES.filePathConflict("src"),
    );
    await bad(
      { files: Array.from({ length: CREATE_FILES_MAX + 1 }, (_, i) => ({ path: `f${i}.txt`, code: "" })) },
      422,
      CREATE_MESSAGES.filesTooMany(CREATE_FILES_MAX),
    );
    await bad(
      { files: [{ path: "big.txt", code: "x".repeat(CREATE_FILE_MAX_BYTES + 1) }] },
      422,
      CREATE_MESSAGES.fileTooLarge("big.txt", CREATE_FILE_MAX_BYTES),
    );
    await bad({ title: "   " }, 422, DASHBOARD_MESSAGES.titleRequired, "title");
    await bad({ privacy: 5 }, 422, DASHBOARD_MESSAGES.privacyInvalid, "privacy");
    await bad({ template: "../Node" }, 422, undefined);
    await bad({ v2: "yes" }, 422, "v2 must be true or false.", "v2");
    await bad({ team_id: "not-a-team" }, 404, "Workspace not found.", "detail");
    await bad({ collection_id: "nope" }, 404, DASHBOARD_MESSAGES.folderNotFound, "detail");
    await bad({ collection_id: elsewhere.id }, 404, DASHBOARD_MESSAGES.folderNotFound, "detail");
    const noMarker = await app.inject({
      method: "POST",
      url: "/api/v1/sandboxes",
      headers: { cookie: p.writer.cookie },
      payload: { files: FILES },
    });
    expect(noMarker.statusCode).toBe(403);
    await bad({ files: [{ path: "huge.txt", code: "x".repeat(6 * 1024 * 1024) }] }, 413);
    expect(await sandboxCount(p.workspaceId)).toBe(before);
  });

  it("S2-2.004 / a file tree needs each path once and no path both a file and a folder", () => {
    expect(fileTreeProblem(["a.js", "src/b.js", "src/c/d.js"])).toBeNull();
    expect(fileTreeProblem(["src/c/d.js", "src/c"])).toBe(CREATE_MESSAGES.filePathConflict("src/c"));
    expect(fileTreeProblem(["x", "x"])).toBe(CREATE_MESSAGES.filePathDuplicate("x"));
  });
});
