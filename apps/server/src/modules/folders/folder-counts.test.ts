import { DASHBOARD_MESSAGES } from "@boxyard/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { addMember, gql, type Personas, personas } from "../../../test/factories.ts";
import { rowsOf } from "../../db/rows.ts";
import { runCommand } from "../../service/context.ts";
import { addToCollectionOrTeam } from "../sandboxes/sandboxes.service.ts";
import { folderId, makeSandbox } from "../sandboxes/testing.ts";
import { deleteCollection, renameCollection } from "./folders.service.ts";

let app: TestApp;
let p: Personas;
let other: Personas;
beforeAll(async () => {
  app = await testApp();
  [p, other] = await Promise.all([personas(app), personas(app)]);
});

/** Each folder's kept count beside a fresh count of its sandboxes that are not deleted. */
async function counts(workspaceIds: string[]) {
  return rowsOf<{ path: string; kept: number; actual: number }>(
    app.deps.db,
    sql`select c.path, n.sandbox_count as kept,
        (select count(*)::int from sandboxes s where s.collection_id = c.id and s.removed_at is null) as actual
      from collections c left join collection_sandbox_counts n on n.collection_id = c.id where c.workspace_id in (${sql.join(
        workspaceIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by c.workspace_id, c.path`,
  );
}

const BY_PATH = `query SandboxesByPath($path: String!, $teamId: ID) { me { collections(teamId: $teamId) { path sandboxCount }
  collection(path: $path, teamId: $teamId) { sandboxes { id } } } }`;

describe("folder sandbox counts kept by the database", () => {
  it("sandboxCount is the folder's sandboxes that are not deleted, through every kind of write", async () => {
    const ws = [p.workspaceId, other.workspaceId];
    const folders = await Promise.all([
      folderId(app, p.workspaceId, "/a"),
      folderId(app, p.workspaceId, "/a/b"),
      folderId(app, p.workspaceId, "/c"),
      folderId(app, other.workspaceId, "/d"),
    ]);
    for (const [i, path] of ["/a", "/a", "/a/b", "/c", null].entries()) {
      await makeSandbox(app, p.workspaceId, p.admin.id, { path, title: `counted ${i}` });
    }
    const folder = fc.constantFrom(...folders, null);
    // Statements of every shape the services run, on several rows at once.
    const step = fc.oneof(
      fc.record({ kind: fc.constant("move"), to: folder, every: fc.integer({ min: 2, max: 4 }) }),
      fc.record({ kind: fc.constant("remove"), every: fc.integer({ min: 2, max: 4 }) }),
      fc.record({ kind: fc.constant("recover"), to: folder }),
      fc.record({ kind: fc.constant("purge"), every: fc.integer({ min: 3, max: 5 }) }),
      fc.record({ kind: fc.constant("insert"), to: folder, n: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant("view") }),
    );
    let made = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const mine = sql`workspace_id = ${p.workspaceId}::uuid and title like 'counted %'`;
          if (s.kind === "move")
            await app.deps.db.execute(sql`update sandboxes set collection_id = ${s.to}
              where ${mine} and view_count % ${s.every} = 0`);
          else if (s.kind === "remove")
            await app.deps.db.execute(sql`update sandboxes set removed_at = now()
              where ${mine} and removed_at is null and view_count % ${s.every} = 1`);
          else if (s.kind === "recover")
            await app.deps.db.execute(sql`update sandboxes set removed_at = null, collection_id = ${s.to}
              where ${mine} and removed_at is not null`);
          else if (s.kind === "purge")
            await app.deps.db.execute(
              sql`delete from sandboxes where ${mine} and view_count % ${s.every} = 2`,
            );
          else if (s.kind === "insert")
            await app.deps.db.execute(sql`insert into sandboxes (id, title, workspace_id, collection_id, view_count)
              select 'cnt' || ${++made} || '-' || i, 'counted ' || i, ${p.workspaceId}::uuid, ${s.to}, i
              from generate_series(1, ${s.n}::int) i`);
          else await app.deps.db.execute(sql`update sandboxes set view_count = view_count + 1 where ${mine}`);
        }
        for (const row of await counts(ws)) expect(row.kept, row.path).toBe(row.actual);
      }),
      { numRuns: 25 },
    );
  });

  it("moving a folder to another workspace, deleting one, and the API's answers keep the counts", async () => {
    await makeSandbox(app, p.workspaceId, p.admin.id, { path: "/moving/inner", title: "moves" });
    await makeSandbox(app, p.workspaceId, p.admin.id, { path: "/moving", title: "moves too" });
    await addMember(app, other.workspaceId, p.admin, "ADMIN");
    const moved = await gql(
      app,
      p.admin,
      `mutation { renameCollection(path: "/moving", newPath: "/arrived", teamId: "${p.workspaceId}",
        newTeamId: "${other.workspaceId}") { path sandboxCount } }`,
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data).toEqual({ renameCollection: { path: "/arrived", sandboxCount: 1 } });
    const deleted = await gql(
      app,
      p.admin,
      `mutation { deleteCollection(path: "/arrived/inner", teamId: "${other.workspaceId}") { sandboxCount } }`,
    );
    expect(deleted.data).toEqual({ deleteCollection: { sandboxCount: 0 } });
    for (const row of await counts([p.workspaceId, other.workspaceId]))
      expect(row.kept, row.path).toBe(row.actual);

    const listing = await gql<{
      me: { collections: { path: string; sandboxCount: number }[]; collection: { sandboxes: unknown[] } };
    }>(app, p.admin, BY_PATH, { path: "/arrived", teamId: other.workspaceId });
    const arrived = listing.data!.me.collections.find((c) => c.path === "/arrived")!;
    expect(arrived.sandboxCount).toBe(listing.data!.me.collection.sandboxes.length);
  });

  it("folders renamed and deleted while sandboxes are moved into them, at the same time, never deadlock", async () => {
    const ws = p.workspaceId;
    const actor = { userId: p.admin.id, via: "session" } as const;
    await Promise.all(["/race-a/sub", "/race-b/sub"].map((path) => folderId(app, ws, path)));
    const ids = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        makeSandbox(app, ws, p.admin.id, { path: "/", title: `race ${i}` }),
      ),
    );
    // Moves as the dashboard makes them: a selection into one folder, each its own sandboxes, into
    // the subfolders of the folders renamed and deleted meanwhile.
    const moves = Array.from({ length: 8 }, (_, i) =>
      runCommand(app.deps, actor, addToCollectionOrTeam, {
        sandboxIds: ids.slice(2 * i, 2 * i + 2),
        collectionPath: i % 2 ? "/race-a/sub" : "/race-b/sub",
      }),
    );
    const folderWrites = (async () => {
      for (let i = 0; i < 4; i++) {
        const [from, to] = i % 2 ? ["/race-b2", "/race-b"] : ["/race-b", "/race-b2"];
        await runCommand(app.deps, actor, renameCollection, {
          path: from,
          newPath: to,
          teamId: ws,
          newTeamId: null,
        });
        await folderId(app, ws, "/race-a/sub");
        await runCommand(app.deps, actor, deleteCollection, { path: "/race-a", teamId: ws });
      }
    })();
    const settled = await Promise.allSettled([...moves, folderWrites]);
    // A move that lost its folder to the rename is told so; nothing fails otherwise.
    const failures = settled.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    for (const failure of failures) expect(failure).toContain(DASHBOARD_MESSAGES.folderNotFound);
    for (const row of await counts([ws])) expect(row.kept, row.path).toBe(row.actual);
  });
});
