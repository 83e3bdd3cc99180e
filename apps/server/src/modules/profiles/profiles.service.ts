import {
  ACCOUNT_MESSAGES,
  PINNED_MAX,
  PROFILE_ALL_LIMIT,
  PROFILE_PAGE_SIZE,
  type ProfileSortField,
  USER_SEARCH_LIMIT,
} from "@boxyard/domain";
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { collections, sandboxes, sandboxLikes, users, workspaceMembers } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command, openQuery, query } from "../../service/command.ts";
import { readableSandboxIds } from "../sandboxes/read.service.ts";
import { presentSandboxSummary } from "../sandboxes/sandbox-view.ts";
import type { SandboxRow } from "../sandboxes/sandboxes.service.ts";
import { type ProfilePins, setProfilePins } from "../users/user-updates.ts";
import { editProblem, featurable, isOwner, type ProfileViewer, pinProblem } from "./profile.policy.ts";
import {
  likedSandboxesInput,
  profileInput,
  profileSandboxesInput,
  updatePinsInput,
  userSearchInput,
} from "./profiles.schema.ts";

const PROFILE_NOT_FOUND = "User not found.";

type UserRow = typeof users.$inferSelect;

export async function userByUsername(db: Db | Tx, username: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!user) throw notFound(PROFILE_NOT_FOUND);
  return user;
}

/** A public sandbox anyone may see on a profile: public, in a folder, not deleted. */
const publicSandbox = and(
  eq(sandboxes.privacy, 0),
  isNotNull(sandboxes.collectionId),
  isNull(sandboxes.removedAt),
);

const memberOfItsWorkspace = (userId: string) =>
  exists(
    sql`(select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${sandboxes.workspaceId} and ${workspaceMembers.userId} = ${userId})`,
  );

/**
 * The owner's sandboxes a viewer may see on the profile: others see the public ones; the owner sees
 * every sandbox they wrote that is not deleted, in the workspaces they still belong to (drafts too).
 */
function authoredVisibleTo(viewer: ProfileViewer): SQL {
  const authored = eq(sandboxes.authorId, viewer.ownerId);
  if (!isOwner(viewer)) return and(authored, publicSandbox)!;
  return and(authored, isNull(sandboxes.removedAt), memberOfItsWorkspace(viewer.ownerId))!;
}

/** The liked sandboxes a viewer may see: public ones; the owner also the ones they can still open. */
function likedVisibleTo(viewer: ProfileViewer): SQL {
  if (!isOwner(viewer)) return publicSandbox!;
  const member = memberOfItsWorkspace(viewer.ownerId);
  return and(
    isNull(sandboxes.removedAt),
    or(
      and(lt(sandboxes.privacy, 2), isNotNull(sandboxes.collectionId)),
      and(member, or(isNotNull(sandboxes.collectionId), eq(sandboxes.authorId, viewer.ownerId))),
    ),
  )!;
}

export type ProfileSandbox = ReturnType<typeof presentProfileSandbox>;

function presentProfileSandbox(
  s: SandboxRow,
  readable: ReadonlySet<string>,
  author: { username: string } | null,
  collection: { id: string; path: string } | null = null,
) {
  return { ...presentSandboxSummary(s, readable), author, collection };
}

const SORT_COLUMNS: Record<ProfileSortField, SQL | AnyPgColumn> = {
  view_count: sandboxes.viewCount,
  like_count: sandboxes.likeCount,
  fork_count: sandboxes.forkCount,
  inserted_at: sandboxes.insertedAt,
  updated_at: sandboxes.updatedAt,
  title: sql`lower(coalesce(${sandboxes.title}, ${sandboxes.alias}, ${sandboxes.id}))`,
};

export type PageRequest = number | "all";

const window = (page: PageRequest) =>
  page === "all"
    ? { limit: PROFILE_ALL_LIMIT, offset: 0 }
    : { limit: PROFILE_PAGE_SIZE, offset: (page - 1) * PROFILE_PAGE_SIZE };

/** Sandboxes with their author; their folder only for `foldersFor`'s own sandboxes (the owner's picker). */
async function listWhere(
  db: Db | Tx,
  where: SQL,
  orderBy: SQL[],
  page: PageRequest,
  options: { viewerId: string | null; likes?: boolean; foldersFor?: string | null },
) {
  const { limit, offset } = window(page);
  const base = db
    .select({
      sandbox: sandboxes,
      author: users.username,
      folder: { id: collections.id, path: collections.path },
    })
    .from(sandboxes)
    .leftJoin(users, eq(users.id, sandboxes.authorId))
    .leftJoin(collections, eq(collections.id, sandboxes.collectionId));
  const joined = options.likes
    ? base.innerJoin(sandboxLikes, eq(sandboxLikes.sandboxId, sandboxes.id))
    : base;
  const rows = await joined
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  const readable = await readableSandboxIds(
    db,
    options.viewerId ?? null,
    rows.map((r) => r.sandbox.forkedFromId),
  );
  return rows.map((r) =>
    presentProfileSandbox(
      r.sandbox,
      readable,
      r.author ? { username: r.author } : null,
      options.foldersFor && r.sandbox.authorId === options.foldersFor && r.folder?.id ? r.folder : null,
    ),
  );
}

/** `GET /api/v1/users/:username/sandboxes` (default view_count desc; 15 a page; page=all). */
export async function profileSandboxes(
  db: Db | Tx,
  viewerId: string | null,
  username: string,
  options: { sortBy: ProfileSortField; direction: "asc" | "desc"; page: PageRequest },
) {
  const owner = await userByUsername(db, username);
  const viewer = { viewerId, ownerId: owner.id };
  const column = SORT_COLUMNS[options.sortBy];
  const order = options.direction === "asc" ? asc : desc;
  return listWhere(db, authoredVisibleTo(viewer), [order(column), asc(sandboxes.id)], options.page, {
    viewerId,
    foldersFor: isOwner(viewer) ? owner.id : null,
  });
}

/** `GET /api/v1/users/:username/sandboxes/liked`: the most recently liked first. */
export async function likedSandboxes(
  db: Db | Tx,
  viewerId: string | null,
  username: string,
  page: PageRequest,
) {
  const owner = await userByUsername(db, username);
  const viewer = { viewerId, ownerId: owner.id };
  return listWhere(
    db,
    and(eq(sandboxLikes.userId, owner.id), likedVisibleTo(viewer))!,
    [desc(sandboxLikes.insertedAt), asc(sandboxes.id)],
    page,
    { viewerId, likes: true },
  );
}

/** How many of the owner's sandboxes the viewer may see (public ones only, for others). */
export async function sandboxCountOf(db: Db | Tx, viewer: ProfileViewer): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sandboxes).where(authoredVisibleTo(viewer));
  return Number(row?.n ?? 0);
}

async function featurableRows(db: Db | Tx, ownerId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, SandboxRow>();
  const rows = await db.select().from(sandboxes).where(inArray(sandboxes.id, ids));
  return new Map(rows.filter((r) => featurable(ownerId, r)).map((r) => [r.id, r]));
}

/**
 * The public profile (api-contract §13 Profile). Pins and the showcase are answered only while
 * their sandboxes can still be featured (a pin made private later disappears), with the sandboxes
 * themselves in `pinnedSandboxes` and `showcasedSandbox` so the page needs no other request.
 */
export async function publicProfile(db: Db | Tx, viewerId: string | null, username: string) {
  const owner = await userByUsername(db, username);
  const wanted = [
    ...owner.featuredSandboxes,
    ...(owner.showcasedSandboxShortid ? [owner.showcasedSandboxShortid] : []),
  ];
  const rows = await featurableRows(db, owner.id, wanted);
  const author = { username: owner.username };
  const readable = await readableSandboxIds(
    db,
    viewerId,
    [...rows.values()].map((r) => r.forkedFromId),
  );
  const pinned = owner.featuredSandboxes.filter((id) => rows.has(id));
  const showcased =
    owner.showcasedSandboxShortid && rows.has(owner.showcasedSandboxShortid)
      ? owner.showcasedSandboxShortid
      : null;
  return {
    id: owner.id,
    username: owner.username,
    name: owner.name,
    avatarUrl: owner.avatarUrl,
    bio: owner.bio,
    socialLinks: owner.socialLinks,
    insertedAt: owner.insertedAt.toISOString(),
    featuredSandboxes: pinned,
    showcasedSandboxShortid: showcased,
    sandboxCount: await sandboxCountOf(db, { viewerId, ownerId: owner.id }),
    pinnedSandboxes: pinned.map((id) => presentProfileSandbox(rows.get(id)!, readable, author)),
    showcasedSandbox: showcased ? presentProfileSandbox(rows.get(showcased)!, readable, author) : null,
  };
}

/**
 * `PATCH /api/v1/users/:username`: the owner's pinned list (order kept) and showcased sandbox.
 * Every one must be the owner's public sandbox; a sandbox is pinned once; nothing changes on error.
 */
export const updatePins = command(updatePinsInput, async (ctx, { username, user: input }) => {
  const { db, userId: viewerId } = ctx;
  const owner = await userByUsername(db, username);
  const problem = editProblem({ viewerId, ownerId: owner.id });
  if (problem) throw problem;
  const changes: ProfilePins = {};
  if (input.featuredSandboxes !== undefined) {
    const ids = input.featuredSandboxes;
    if (new Set(ids).size !== ids.length)
      throw invalid(ACCOUNT_MESSAGES.pinnedDuplicate, "featuredSandboxes");
    if (ids.length > PINNED_MAX) throw invalid(ACCOUNT_MESSAGES.pinnedTooMany, "featuredSandboxes");
    const rows = await featurableRows(db, owner.id, ids);
    for (const id of ids) {
      const error = pinProblem(owner.id, rows.get(id), "featuredSandboxes");
      if (error) throw error;
    }
    changes.featuredSandboxes = ids;
  }
  if (input.showcasedSandboxShortid !== undefined) {
    const id = input.showcasedSandboxShortid;
    if (id !== null) {
      const rows = await featurableRows(db, owner.id, [id]);
      const error = pinProblem(owner.id, rows.get(id), "showcasedSandboxShortid");
      if (error) throw error;
    }
    changes.showcasedSandboxShortid = id;
  }
  await setProfilePins(db, owner.id, changes);
  return publicProfile(db, viewerId, owner.username);
});

/** `GET /api/v1/users/search?username=`: users whose username starts with the text (invite forms). */
export async function searchUsers(db: Db | Tx, prefix: string) {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, username: users.username, name: users.name, avatarUrl: users.avatarUrl })
    .from(users)
    .where(sql`lower(${users.username}) like ${pattern}`)
    .orderBy(sql`length(${users.username})`, asc(users.username))
    .limit(USER_SEARCH_LIMIT);
}

/** `GET /api/v1/users/search?username=`, for signed-in users. */
export const userSearch = query(userSearchInput, (ctx, { username }) => searchUsers(ctx.db, username));

/** `GET /api/v1/users/:username`. */
export const profile = openQuery(profileInput, (ctx, { username }) =>
  publicProfile(ctx.db, ctx.actor?.userId ?? null, username),
);

/** `GET /api/v1/users/:username/sandboxes`, keyed by the page asked for. */
export const profileSandboxList = openQuery(profileSandboxesInput, async (ctx, { username, ...options }) => ({
  [String(options.page)]: await profileSandboxes(ctx.db, ctx.actor?.userId ?? null, username, options),
}));

/** `GET /api/v1/users/:username/sandboxes/liked`, keyed by the page asked for. */
export const likedSandboxList = openQuery(likedSandboxesInput, async (ctx, { username, page }) => ({
  [String(page)]: await likedSandboxes(ctx.db, ctx.actor?.userId ?? null, username, page),
}));
