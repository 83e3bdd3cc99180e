import { DASHBOARD_MESSAGES, FOLDER_NAME_REQUIRED } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen, signUp } from "../../../test/factories.ts";
import { sandboxes } from "../../db/schema/index.ts";
import { folderRows, type GqlResult, makeSandbox, outcome, sandboxRow } from "../sandboxes/testing.ts";

let app: TestApp;
let p: Personas;
let frozen: Personas;
beforeAll(async () => {
  app = await testApp();
  [p, frozen] = await Promise.all([personas(app), personas(app)]);
  await setFrozen(app, frozen.workspaceId, true);
});

const ALL = "query AllCollections($teamId: ID) { me { id collections(teamId: $teamId) { id path } } }";
const BY_PATH = `query SandboxesByPath($path: String!, $teamId: ID) { me { id collections(teamId: $teamId) { id path sandboxCount }
  collection(path: $path, teamId: $teamId) { id path sandboxes { id alias title insertedAt updatedAt screenshotUrl isV2 isFrozen
  privacy restricted draft viewCount teamId source { template } customTemplate { id iconUrl } forkedTemplate { id iconUrl }
  collection { path id } author { username } permissions { preventSandboxLeaving preventSandboxExport } } } } }`;
const CREATE =
  "mutation CreateFolder($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id path sandboxCount } }";
const DELETE =
  "mutation DeleteFolder($path: String!, $teamId: UUID4) { deleteCollection(path: $path, teamId: $teamId) { id path sandboxCount } }";
const RENAME = `mutation RenameFolder($path: String!, $newPath: String!, $teamId: UUID4, $newTeamId: UUID4) {
  renameCollection(path: $path, newPath: $newPath, teamId: $teamId, newTeamId: $newTeamId) { id path sandboxCount } }`;

type Folder = { id: string; path: string; sandboxCount?: number };

let n = 0;
const fresh = () => `/f${++n}`;

describe("folders over GraphQL", () => {
  it("S2-7.021 / createCollection creates the folder and its missing parents; a duplicate is CONFLICT", async () => {
    const base = fresh();
    const r = await gql<{ createCollection: Folder }>(app, p.writer, CREATE, {
      path: `${base}/inner/ deep `,
      teamId: p.workspaceId,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.createCollection).toMatchObject({ path: `${base}/inner/deep`, sandboxCount: 0 });
    const paths = await folderRows(app, p.workspaceId);
    expect(paths).toEqual(expect.arrayContaining(["/", base, `${base}/inner`, `${base}/inner/deep`]));
    const again = await gql(app, p.writer, CREATE, { path: `${base}/inner`, teamId: p.workspaceId });
    expect(outcome(again)).toBe("CONFLICT");
    expect(again.errors![0]!.message).toBe(DASHBOARD_MESSAGES.folderExists);
  });

  it("S1-5.001 / blank names and the __NEW__ placeholder never reach the database", async () => {
    const before = await folderRows(app, p.workspaceId);
    for (const path of ["", "   ", "/", "/a/__NEW__", "__NEW__"]) {
      const r = await gql(app, p.writer, CREATE, { path, teamId: p.workspaceId });
      expect(outcome(r)).toBe("INVALID");
    }
    const blank = await gql(app, p.writer, CREATE, { path: "  ", teamId: p.workspaceId });
    expect(blank.errors![0]!.message).toBe(FOLDER_NAME_REQUIRED);
    const folder = fresh();
    await gql(app, p.writer, CREATE, { path: folder, teamId: p.workspaceId });
    const renameBlank = await gql(app, p.writer, RENAME, {
      path: folder,
      newPath: " ",
      teamId: p.workspaceId,
    });
    expect(renameBlank.errors![0]!.message).toBe(FOLDER_NAME_REQUIRED);
    expect(await folderRows(app, p.workspaceId)).toEqual([...before, folder].sort());
  });

  it("S1-2.039 / collections list every folder with its count; collection(path) answers its sandboxes", async () => {
    const folder = fresh();
    const a = await makeSandbox(app, p.workspaceId, p.writer.id, { path: folder, title: "A" });
    await makeSandbox(app, p.workspaceId, p.writer.id, { path: folder, removed: true });
    await makeSandbox(app, p.workspaceId, p.writer.id, { path: `${folder}/sub` });
    const r = await gql<{
      me: { collections: Folder[]; collection: { path: string; sandboxes: { id: string }[] } };
    }>(app, p.reader, BY_PATH, { path: folder, teamId: p.workspaceId });
    expect(r.errors).toBeUndefined();
    const counts = Object.fromEntries(r.data!.me.collections.map((c) => [c.path, c.sandboxCount]));
    expect(counts[folder]).toBe(1);
    expect(counts[`${folder}/sub`]).toBe(1);
    expect(r.data!.me.collection.path).toBe(folder);
    expect(r.data!.me.collection.sandboxes.map((s) => s.id)).toEqual([a]);
    const missing = await gql<{ me: { collection: null } }>(app, p.reader, BY_PATH, {
      path: "/does-not-exist",
      teamId: p.workspaceId,
    });
    expect(missing.data!.me.collection).toBeNull();
    // Without teamId: the viewer's primary workspace.
    const own = await gql<{ me: { collections: Folder[] } }>(app, p.outsider, ALL, {});
    expect(own.data!.me.collections.map((c) => c.path)).toEqual(["/"]);
    const junk = await gql<{ me: { collections: Folder[] } }>(app, p.reader, ALL, { teamId: "not-a-uuid" });
    expect(junk.errors).toBeUndefined();
    expect(junk.data!.me.collections).toEqual([]);
  });

  it("S1-2.039 / S1-2.059 / a folder's sandboxes come most recently updated first; a limit answers only the first ones, `after` the page that follows", async () => {
    const folder = fresh();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await makeSandbox(app, p.workspaceId, p.writer.id, { path: folder }));
    // Two share an update time: the id orders them.
    for (const [i, id] of ids.entries()) {
      await app.deps.db
        .update(sandboxes)
        .set({ updatedAt: new Date(Date.UTC(2026, 0, 1 + Math.min(i, 3))) })
        .where(eq(sandboxes.id, id));
    }
    const newestFirst = [...ids.slice(3).sort().reverse(), ...ids.slice(0, 3).reverse()];
    const PAGE = `query SandboxesByPath($path: String!, $teamId: ID, $limit: Int, $after: ID) {
      me { collection(path: $path, teamId: $teamId) { sandboxes(limit: $limit, after: $after) { id } } } }`;
    const page = (limit: number | null, after: string | null = null, as = p.reader) =>
      gql<{ me: { collection: { sandboxes: { id: string }[] } | null } }>(app, as, PAGE, {
        path: folder,
        teamId: p.workspaceId,
        limit,
        after,
      });
    const idsOf = (r: Awaited<ReturnType<typeof page>>) => r.data!.me.collection!.sandboxes.map((s) => s.id);
    expect(idsOf(await page(null))).toEqual(newestFirst);
    expect(idsOf(await page(2))).toEqual(newestFirst.slice(0, 2));
    // Pages of two, each after the last of the one before, make up the folder.
    const paged: string[] = [];
    for (let after: string | null = null; ; ) {
      const ids = idsOf(await page(2, after));
      paged.push(...ids);
      if (ids.length < 2) break;
      after = ids.at(-1)!;
    }
    expect(paged).toEqual(newestFirst);
    expect(idsOf(await page(null, newestFirst[1]!))).toEqual(newestFirst.slice(2));
    for (const limit of [0, -1, 2001]) expect(outcome(await page(limit))).toBe("INVALID");
    // A page after a sandbox that is not in the folder, or no longer, is refused.
    const elsewhere = await makeSandbox(app, p.workspaceId, p.writer.id, { path: fresh() });
    await app.deps.db.update(sandboxes).set({ removedAt: new Date() }).where(eq(sandboxes.id, ids[0]!));
    for (const after of [elsewhere, ids[0]!, "no-such-sandbox"])
      expect(outcome(await page(2, after))).toBe("INVALID");
    expect((await page(2, null, p.outsider)).data!.me.collection).toBeNull();
    expect((await page(2, newestFirst[0]!, p.outsider)).data!.me.collection).toBeNull();
  });

  it("S1-3.015 / a folder answers id, path, name, sandboxCount, parent and level; the root is '/' with no parent", async () => {
    const folder = fresh();
    await makeSandbox(app, p.workspaceId, p.writer.id, { path: `${folder}/inner` });
    const r = await gql<{
      me: { collections: (Folder & { name: string; parent: string | null; level: number })[] };
    }>(
      app,
      p.reader,
      "query AllCollections($teamId: ID) { me { id collections(teamId: $teamId) { id path name sandboxCount parent level } } }",
      { teamId: p.workspaceId },
    );
    expect(r.errors).toBeUndefined();
    const byPath = new Map(r.data!.me.collections.map((c) => [c.path, c]));
    expect(byPath.get("/")).toMatchObject({ path: "/", name: "", parent: null, level: 0 });
    expect(byPath.get(folder)).toMatchObject({
      name: folder.slice(1),
      parent: "/",
      level: 1,
      sandboxCount: 0,
    });
    expect(byPath.get(`${folder}/inner`)).toMatchObject({
      id: expect.any(String),
      name: "inner",
      parent: folder,
      level: 2,
      sandboxCount: 1,
    });
  });

  it("S1-4.002 / deleteCollection sends its sandboxes and those of subfolders to Recently deleted", async () => {
    const folder = fresh();
    const a = await makeSandbox(app, p.workspaceId, p.writer.id, { path: folder });
    const b = await makeSandbox(app, p.workspaceId, p.writer.id, { path: `${folder}/sub` });
    const elsewhere = await makeSandbox(app, p.workspaceId, p.writer.id, { path: `${folder}-sibling` });
    const r = await gql<{ deleteCollection: Folder }>(app, p.writer, DELETE, {
      path: folder,
      teamId: p.workspaceId,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.deleteCollection.path).toBe(folder);
    for (const id of [a, b]) expect((await sandboxRow(app, id))!.removedAt).not.toBeNull();
    expect((await sandboxRow(app, elsewhere))!.removedAt).toBeNull();
    const paths = await folderRows(app, p.workspaceId);
    expect(paths).not.toContain(folder);
    expect(paths).not.toContain(`${folder}/sub`);
    expect(paths).toContain(`${folder}-sibling`);
    const root = await gql(app, p.writer, DELETE, { path: "/", teamId: p.workspaceId });
    expect(outcome(root)).toBe("INVALID");
    const gone = await gql(app, p.writer, DELETE, { path: folder, teamId: p.workspaceId });
    expect(outcome(gone)).toBe("NOT_FOUND");
  });

  it("S1-4.002 / a folder holding a protected sandbox is not deleted", async () => {
    const folder = fresh();
    const locked = await makeSandbox(app, p.workspaceId, p.writer.id, {
      path: `${folder}/x`,
      isFrozen: true,
    });
    const before = await folderRows(app, p.workspaceId);
    const r = await gql(app, p.writer, DELETE, { path: folder, teamId: p.workspaceId });
    expect(outcome(r)).toBe("FORBIDDEN");
    expect(r.errors![0]!.message).toBe(DASHBOARD_MESSAGES.folderHasProtected);
    expect(await folderRows(app, p.workspaceId)).toEqual(before);
    expect((await sandboxRow(app, locked))!.removedAt).toBeNull();
  });

  it("S2-7.021 / renameCollection renames and moves; descendants follow; an existing target is CONFLICT", async () => {
    const folder = fresh();
    const target = fresh();
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { path: `${folder}/child` });
    const r = await gql<{ renameCollection: Folder }>(app, p.writer, RENAME, {
      path: folder,
      newPath: `${target}/moved`,
      teamId: p.workspaceId,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.renameCollection.path).toBe(`${target}/moved`);
    const paths = await folderRows(app, p.workspaceId);
    expect(paths).toEqual(expect.arrayContaining([target, `${target}/moved`, `${target}/moved/child`]));
    expect(paths).not.toContain(folder);
    const list = await gql<{ me: { collection: { sandboxes: { id: string }[] } } }>(app, p.writer, BY_PATH, {
      path: `${target}/moved/child`,
      teamId: p.workspaceId,
    });
    expect(list.data!.me.collection.sandboxes.map((s) => s.id)).toEqual([id]);
    const taken = await gql(app, p.writer, RENAME, {
      path: `${target}/moved`,
      newPath: target,
      teamId: p.workspaceId,
    });
    expect(outcome(taken)).toBe("CONFLICT");
    const intoItself = await gql(app, p.writer, RENAME, {
      path: target,
      newPath: `${target}/moved/child/x`,
      teamId: p.workspaceId,
    });
    expect(outcome(intoItself)).toBe("INVALID");
  });

  it("S2-7.021 / renameCollection with newTeamId moves the folder and its sandboxes to the other workspace", async () => {
    const owner = await signUp(app);
    const folder = fresh();
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { path: `${folder}/inner` });
    // The admin is not a member of the other owner's workspace: it answers as if it did not exist.
    const refused = await gql(app, p.admin, RENAME, {
      path: folder,
      newPath: folder,
      teamId: p.workspaceId,
      newTeamId: owner.primaryTeamId,
    });
    expect(outcome(refused)).toBe("NOT_FOUND");
    const r = await gql(app, p.admin, RENAME, {
      path: folder,
      newPath: `/from-team${folder}`,
      teamId: p.workspaceId,
      newTeamId: p.admin.primaryTeamId,
    });
    expect(r.errors).toBeUndefined();
    expect(await folderRows(app, p.admin.primaryTeamId)).toEqual(
      expect.arrayContaining(["/from-team", `/from-team${folder}`, `/from-team${folder}/inner`]),
    );
    expect((await sandboxRow(app, id))!.workspaceId).toBe(p.admin.primaryTeamId);
  });
});

describe("authorization matrix", () => {
  const roles = ["outsider", "reader", "writer", "admin", "frozen"] as const;
  type Case = {
    name: string;
    run: (user: Personas["admin"], teamId: string, path: string) => Promise<GqlResult>;
  };
  const cases: Case[] = [
    {
      name: "createCollection",
      run: (u, teamId, path) => gql(app, u, CREATE, { path: `${path}/new`, teamId }),
    },
    { name: "deleteCollection", run: (u, teamId, path) => gql(app, u, DELETE, { path, teamId }) },
    {
      name: "renameCollection",
      run: (u, teamId, path) => gql(app, u, RENAME, { path, newPath: `${path}-renamed`, teamId }),
    },
  ];
  const expected = {
    outsider: "NOT_FOUND",
    reader: "FORBIDDEN",
    writer: "OK",
    admin: "OK",
    frozen: "FORBIDDEN",
  };

  for (const c of cases) {
    it(`S1-7.033 / ${c.name}: outsider NOT_FOUND, READ refused, WRITE ok, ADMIN ok, frozen refused`, async () => {
      const results: Record<string, string> = {};
      for (const role of roles) {
        const team = role === "frozen" ? frozen : p;
        const user = role === "frozen" ? frozen.admin : p[role];
        const path = fresh();
        await makeSandbox(app, team.workspaceId, team.writer.id, { path });
        const before = await folderRows(app, team.workspaceId);
        results[role] = outcome(await c.run(user, team.workspaceId, path));
        if (results[role] !== "OK") expect(await folderRows(app, team.workspaceId)).toEqual(before);
      }
      expect(results).toEqual(expected);
    });
  }

  it("S1-7.033 / me.collections, me.collection and its sandboxes (with a limit too): members of any role read (frozen too), outsiders get nothing", async () => {
    const path = fresh();
    await makeSandbox(app, frozen.workspaceId, frozen.writer.id, { path });
    const FIRST = `query FolderFirstSandboxes($path: String!, $teamId: ID) {
      me { collection(path: $path, teamId: $teamId) { sandboxes(limit: 5) { id } } } }`;
    for (const user of [frozen.reader, frozen.writer, frozen.admin, frozen.outsider]) {
      const r = await gql<{ me: { collection: { sandboxes: unknown[] } | null } }>(app, user, FIRST, {
        path,
        teamId: frozen.workspaceId,
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.me.collection?.sandboxes.length ?? "nothing").toBe(
        user === frozen.outsider ? "nothing" : 1,
      );
    }
    for (const user of [frozen.reader, frozen.writer, frozen.admin]) {
      const r = await gql<{ me: { collections: Folder[]; collection: { sandboxes: unknown[] } } }>(
        app,
        user,
        BY_PATH,
        {
          path,
          teamId: frozen.workspaceId,
        },
      );
      expect(r.errors).toBeUndefined();
      expect(r.data!.me.collections.map((f) => f.path)).toContain(path);
      expect(r.data!.me.collection.sandboxes).toHaveLength(1);
    }
    const outsider = await gql<{ me: { collections: Folder[]; collection: null } }>(
      app,
      frozen.outsider,
      BY_PATH,
      {
        path,
        teamId: frozen.workspaceId,
      },
    );
    expect(outsider.errors).toBeUndefined();
    expect(outsider.data!.me).toMatchObject({ collections: [], collection: null });
  });
});
