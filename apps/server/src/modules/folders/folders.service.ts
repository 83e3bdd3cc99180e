import {
  DASHBOARD_MESSAGES,
  FOLDER_NAME_REQUIRED,
  folderNameProblem,
  isWithin,
  movedPath,
  normalizePath,
  parentPath,
  ROOT_PATH,
} from "@boxyard/domain";
import { and, asc, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { collectionSandboxCounts, collections, sandboxes, users } from "../../db/schema/index.ts";
import { conflict, invalid, notFound } from "../../http/errors.ts";
import { command, openQuery, query, type SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import { moveFolderSandboxes, removeFolderSandboxes } from "../sandboxes/folder-sandboxes.service.ts";
import { type ListedSandbox, listSandboxes } from "../sandboxes/listed-sandboxes.ts";
import { membershipOf, requireWorkspace } from "../workspaces/membership.service.ts";
import {
  findFolderInput,
  folderInput,
  folderSandboxesInput,
  listFoldersInput,
  renameFolderInput,
} from "./folders.schema.ts";

export type CollectionRow = typeof collections.$inferSelect;

/** The workspace a folder operation without teamId acts on: the user's primary (or personal) one. */
export async function defaultWorkspaceId(db: Db | Tx, userId: string): Promise<string | null> {
  const [user] = await db
    .select({ primary: users.primaryWorkspaceId, personal: users.personalWorkspaceId })
    .from(users)
    .where(eq(users.id, userId));
  return user?.primary ?? user?.personal ?? null;
}

async function workspaceFor(db: Db | Tx, userId: string, teamId: string | null | undefined) {
  const id = teamId ?? (await defaultWorkspaceId(db, userId));
  if (!id) throw notFound("Workspace not found.");
  return id;
}

/** Validates a folder path a user typed: every segment a valid name; the root is not a new folder. */
export function checkFolderPath(raw: string, field = "path"): string {
  const segments = raw.split("/").filter((s) => s.trim() !== "");
  if (segments.length === 0) throw invalid(FOLDER_NAME_REQUIRED, field);
  for (const segment of segments) {
    const problem = folderNameProblem(segment);
    if (problem) throw invalid(problem, field);
  }
  return normalizePath(raw);
}

const within = (workspaceId: string, path: string) =>
  and(
    eq(collections.workspaceId, workspaceId),
    or(eq(collections.path, path), like(collections.path, `${path.replace(/[\\%_]/g, "\\$&")}/%`)),
  );

/**
 * A folder and its subfolders, locked for the rename or deletion about to change them, in id
 * order and before anything is written: a sandbox write that holds one of them (its foreign key)
 * and waits for the workspace's lock (search_versions) finishes first, instead of deadlocking.
 */
function lockFolders(tx: Tx, workspaceId: string, path: string) {
  return tx
    .select()
    .from(collections)
    .where(within(workspaceId, path))
    .orderBy(asc(collections.id))
    .for("update");
}

async function folderAt(tx: Db | Tx, workspaceId: string, path: string) {
  const [row] = await tx
    .select()
    .from(collections)
    .where(and(eq(collections.workspaceId, workspaceId), eq(collections.path, path)));
  return row ?? null;
}

/** A new workspace's root folder ('/'), which every workspace has. */
export async function createRootFolder(tx: Tx | Db, workspaceId: string) {
  await tx.insert(collections).values({ workspaceId, path: ROOT_PATH });
}

/** Creates the folder and its missing parents; answers the deepest one. */
async function ensureFolders(tx: Tx, workspaceId: string, path: string): Promise<CollectionRow> {
  const chain: string[] = [];
  for (let p = path; p !== ROOT_PATH; p = parentPath(p)) chain.unshift(p);
  let last: CollectionRow | null = await folderAt(tx, workspaceId, ROOT_PATH);
  for (const p of chain) {
    await tx.insert(collections).values({ workspaceId, path: p }).onConflictDoNothing();
    last = await folderAt(tx, workspaceId, p);
  }
  return last!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace of a read taking `teamId: ID` (any string): null when it cannot be one. */
async function readWorkspaceId(db: Db | Tx, userId: string, teamId: string | null | undefined) {
  if (teamId === null || teamId === undefined) return defaultWorkspaceId(db, userId);
  return UUID.test(teamId) ? teamId.toLowerCase() : null;
}

/** A workspace's folders with their counts, root first then by path; empty for non-members. */
export const listCollections = query(listFoldersInput, async ({ db, userId }, { teamId }) => {
  const workspaceId = await readWorkspaceId(db, userId, teamId);
  if (!workspaceId || !(await membershipOf(db, userId, workspaceId))) return [];
  // One JSON value, not a row a folder: a workspace of 2,000 folders reads in a fifth of the time.
  const [row] = await rowsOf<{ folders: [string, string, number][] | null }>(
    db,
    sql`select json_agg(json_build_array(c.id, c.path, n.sandbox_count) order by c.path) as folders
      from collections c join collection_sandbox_counts n on n.collection_id = c.id
      where c.workspace_id = ${workspaceId}`,
  );
  return (row?.folders ?? []).map(([id, path, sandboxCount]) => ({ id, workspaceId, path, sandboxCount }));
});

/** One folder by path; null for non-members and unknown paths. */
export const findCollection = query(findFolderInput, async ({ db, userId }, { path, teamId }) => {
  const workspaceId = await readWorkspaceId(db, userId, teamId);
  if (!workspaceId || !(await membershipOf(db, userId, workspaceId))) return null;
  return folderAt(db, workspaceId, normalizePath(path));
});

/** A folder's change, told to the dashboards of the workspaces it touched once the command commits. */
function foldersChanged(ctx: SignedIn<Ctx>, workspaceIds: string[]) {
  ctx.effects.workspaceChanged(new Set(workspaceIds), {
    sandboxes: true,
    folders: true,
    sandboxIds: [],
    actorId: ctx.userId,
  });
}

/** Creates a folder and its missing parents; answers the deepest one. */
export const createCollection = command(folderInput, async (ctx, input) => {
  const tx = ctx.db;
  const workspaceId = await workspaceFor(tx, ctx.userId, input.teamId);
  await requireWorkspace(tx, ctx.userId, workspaceId, "WRITE", { write: true });
  const path = checkFolderPath(input.path);
  if (await folderAt(tx, workspaceId, path)) throw conflict(DASHBOARD_MESSAGES.folderExists, "path");
  const folder = await ensureFolders(tx, workspaceId, path);
  foldersChanged(ctx, [workspaceId]);
  return folder;
});

/**
 * Deletes a folder and its subfolders; their sandboxes go to Recently deleted. The folders' rows
 * go away, so the deleted sandboxes are kept in the root folder (where recovering puts them).
 */
export const deleteCollection = command(folderInput, async (ctx, input) => {
  const tx = ctx.db;
  const workspaceId = await workspaceFor(tx, ctx.userId, input.teamId);
  await requireWorkspace(tx, ctx.userId, workspaceId, "WRITE", { write: true });
  const path = normalizePath(input.path);
  if (path === ROOT_PATH) throw invalid(DASHBOARD_MESSAGES.rootFolderFixed, "path");
  const folder = await folderAt(tx, workspaceId, path);
  if (!folder) throw notFound(DASHBOARD_MESSAGES.folderNotFound);
  const folders = await lockFolders(tx, workspaceId, path);
  const ids = folders.map((f) => f.id);
  const root = await folderAt(tx, workspaceId, ROOT_PATH);
  await removeFolderSandboxes(tx, ids, root?.id ?? null);
  await tx.delete(collections).where(inArray(collections.id, ids));
  foldersChanged(ctx, [workspaceId]);
  return folder;
});

/**
 * Renames or moves a folder (its subfolders follow), possibly into another workspace with its
 * sandboxes (WRITE in both; prevent-leaving, minimum privacy and the private cap of the target hold).
 */
export const renameCollection = command(renameFolderInput, async (ctx, input) => {
  const { db: tx, userId } = ctx;
  const workspaceId = await workspaceFor(tx, userId, input.teamId);
  const source = await requireWorkspace(tx, userId, workspaceId, "WRITE", { write: true });
  const targetId = input.newTeamId ?? workspaceId;
  const target =
    targetId === workspaceId
      ? source
      : await requireWorkspace(tx, userId, targetId, "WRITE", { write: true });
  const from = normalizePath(input.path);
  if (from === ROOT_PATH) throw invalid(DASHBOARD_MESSAGES.rootFolderFixed, "path");
  const to = checkFolderPath(input.newPath, "newPath");
  const folder = await folderAt(tx, workspaceId, from);
  if (!folder) throw notFound(DASHBOARD_MESSAGES.folderNotFound);
  if (targetId === workspaceId && from === to) {
    foldersChanged(ctx, [workspaceId]);
    return folder;
  }
  if (targetId === workspaceId && isWithin(to, from))
    throw invalid(DASHBOARD_MESSAGES.folderIntoItself, "newPath");
  if (await folderAt(tx, targetId, to)) throw conflict(DASHBOARD_MESSAGES.folderExists, "newPath");
  const folders = await lockFolders(tx, workspaceId, from);
  const ids = folders.map((f) => f.id);
  if (targetId !== workspaceId) await moveFolderSandboxes(tx, ctx.deps.plans, ids, source, target);
  // The new parent chain first (it may not exist yet), then the folders themselves.
  if (parentPath(to) !== ROOT_PATH) await ensureFolders(tx, targetId, parentPath(to));
  const now = new Date();
  for (const f of folders) {
    await tx
      .update(collections)
      .set({ workspaceId: targetId, path: movedPath(f.path, from, to), updatedAt: now })
      .where(eq(collections.id, f.id));
  }
  const [renamed] = await tx.select().from(collections).where(eq(collections.id, folder.id));
  foldersChanged(ctx, [workspaceId, targetId]);
  return renamed!;
});

/** How many sandboxes each folder holds, deleted ones not counted (kept by the database). */
export async function sandboxCounts(db: Db, collectionIds: readonly string[]) {
  if (collectionIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select()
    .from(collectionSandboxCounts)
    .where(inArray(collectionSandboxCounts.collectionId, [...collectionIds]));
  return new Map(rows.map((r) => [r.collectionId, r.sandboxCount]));
}

/** How the dashboard shows a folder by default: the most recently updated first (and a page's order). */
const LISTING_ORDER = sql`s.updated_at desc, s.id desc`;

/** The non-deleted sandboxes of several folders, with what their fields need (one query). */
export function sandboxesIn(db: Db, collectionIds: readonly string[]) {
  if (collectionIds.length === 0) return Promise.resolve(new Map<string, ListedSandbox[]>());
  return listSandboxes(db, {
    where: sql`s.collection_id in (${sql.join(
      collectionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and s.removed_at is null`,
    groupBy: sql`s.collection_id`,
    orderBy: LISTING_ORDER,
  });
}

/**
 * A page of a folder's sandboxes in the listing order: at most `limit`, those after the sandbox
 * `after` when given. That sandbox must still be in the folder (one moved or deleted since has no
 * place in the order to go on from: the reader starts again). A change while a reader pages can
 * repeat or skip a sandbox; the change's live event has the reader load the folder again.
 */
export const folderSandboxesPage = openQuery(folderSandboxesInput, async ({ db }, input) => {
  const { collectionId, limit, after } = input;
  let where = sql`s.collection_id = ${collectionId}::uuid and s.removed_at is null`;
  if (after !== undefined) {
    // Its update time as the database's text: exact to the microsecond, as a Date would not be.
    const [cursor] = await db
      .select({ updatedAt: sql<string>`${sandboxes.updatedAt}::text` })
      .from(sandboxes)
      .where(
        and(eq(sandboxes.id, after), eq(sandboxes.collectionId, collectionId), isNull(sandboxes.removedAt)),
      );
    if (!cursor) throw invalid("That sandbox is no longer in this folder: load the folder again.", "after");
    where = sql`${where} and (s.updated_at, s.id) < (${cursor.updatedAt}::timestamptz, ${after})`;
  }
  const listed = await listSandboxes(db, {
    where,
    groupBy: sql`s.collection_id`,
    orderBy: LISTING_ORDER,
    limit,
  });
  return listed.get(collectionId) ?? [];
});
