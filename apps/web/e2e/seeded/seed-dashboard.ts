/**
 * The data of the dashboard drag-and-drop spec, written into a fresh embedded database before
 * its server starts (the embedded database has one process at a time). The API cannot make
 * sandboxes nor add members yet, so this uses the server's own services, as `npm run seed` does.
 */
import type { Privacy } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import type { Tx } from "../../../server/src/db/client.ts";
import { sandboxes, workspaceMembers, workspaces } from "../../../server/src/db/schema/index.ts";
import { createCollection, findCollection } from "../../../server/src/modules/folders/folders.service.ts";
import { createSandbox, shortId } from "../../../server/src/modules/sandboxes/sandboxes.service.ts";
import { runCommand, runQuery } from "../../../server/src/service/context.ts";
import { openSeedDatabase } from "./seed-database.ts";
import type { SeededDashboard, SeededUser } from "./seeded-types.ts";

/** Sandboxes of one scroll-performance folder. */
export const MANY = 10_000;

const { db, deps, user, finish } = await openSeedDatabase();

async function folders(owner: SeededUser, paths: string[]) {
  const ids = new Map<string, string>();
  for (const path of ["/", ...paths]) {
    const actor = { userId: owner.id, via: "session" as const };
    const folder =
      (await runQuery(deps, actor, findCollection, { path, teamId: owner.teamId })) ??
      (await runCommand(deps, actor, createCollection, { path, teamId: owner.teamId }));
    ids.set(path, folder.id);
  }
  return ids;
}

/** Sandboxes newest first in the order given (the dashboard sorts by last modified). */
async function sandboxesIn(
  tx: Tx,
  owner: SeededUser,
  folderId: string | null,
  titles: string[],
  privacy: Privacy = 0,
) {
  const now = Date.now();
  for (const [index, title] of titles.entries()) {
    const row = await createSandbox(tx, {
      workspaceId: owner.teamId,
      authorId: owner.id,
      collectionId: folderId,
      title,
      privacy,
      isV2: false,
      sourceTemplate: "static",
      files: [{ path: "index.html", code: `<h1>${title}</h1>\n` }],
    });
    await tx
      .update(sandboxes)
      .set({ updatedAt: new Date(now - index * 60_000) })
      .where(eq(sandboxes.id, row.id));
  }
}

// An editor (admin of their workspace) with folders and sandboxes to drag around.
const owner = await user("dnd-owner");
const ownerFolders = await folders(owner, ["/Projects", "/Projects/2024", "/Clients", "/Batch"]);
await db.transaction(async (tx) => {
  await sandboxesIn(tx, owner, ownerFolders.get("/")!, [
    "Alpha",
    "Bravo",
    "Charlie",
    "Delta",
    "Echo",
    "Foxtrot",
  ]);
  await sandboxesIn(tx, owner, ownerFolders.get("/Batch")!, ["Kilo", "Lima", "Mike"]);
});

// A READ member of that workspace.
const reader = await user("dnd-reader");
await db
  .insert(workspaceMembers)
  .values({ workspaceId: owner.teamId, userId: reader.id, authorization: "READ" });

// A user whose drafts are full (20 on the Free plan) with one more sandbox in a folder.
const full = await user("dnd-full");
const fullFolders = await folders(full, ["/Work"]);
await db.transaction(async (tx) => {
  await sandboxesIn(
    tx,
    full,
    null,
    Array.from({ length: 20 }, (_, i) => `Draft ${i + 1}`),
  );
  await sandboxesIn(tx, full, fullFolders.get("/Work")!, ["Overflow"]);
});

// The admin of a frozen workspace (billing freezes a workspace at its spending limit), with a
// sandbox at the root and an empty folder.
const frozen = await user("dnd-frozen");
const frozenFolders = await folders(frozen, ["/Vault"]);
await db.transaction(async (tx) => {
  await sandboxesIn(tx, frozen, frozenFolders.get("/")!, ["Sierra"]);
});
await db.update(workspaces).set({ frozen: true }).where(eq(workspaces.id, frozen.teamId));

// A folder of 10,000 sandboxes for the scrolling check (rows only: no files needed to list them).
const many = await user("dnd-many");
const manyFolders = await folders(many, ["/Many"]);
const base = Date.now();
for (let start = 0; start < MANY; start += 1000) {
  await db.insert(sandboxes).values(
    Array.from({ length: Math.min(1000, MANY - start) }, (_, i) => {
      const n = start + i;
      const id = `${shortId(4)}${n.toString(36)}`;
      return {
        id,
        alias: `item-${n}-${id}`,
        title: `Item ${String(n).padStart(5, "0")}`,
        workspaceId: many.teamId,
        authorId: many.id,
        collectionId: manyFolders.get("/Many")!,
        privacy: 0,
        sourceTemplate: ["react", "vue", "static", "node"][n % 4]!,
        updatedAt: new Date(base - n * 1000),
      };
    }),
  );
}

const seeded: SeededDashboard = { owner, reader, full, frozen, many };
await finish(seeded);
