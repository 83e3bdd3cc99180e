import { RECENT_LIMIT } from "@boxyard/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { sandboxAccesses } from "../../db/schema/index.ts";
import { openQuery } from "../../service/command.ts";
import { type ListedSandbox, listSandboxes } from "../sandboxes/listed-sandboxes.ts";
import { recentlyAccessedInput, sharedWithMeInput } from "./recent.schema.ts";

/** Opening a sandbox records it for the Recent page (the sandbox's GET route calls this). */
export async function recordAccess(db: Db | Tx, userId: string, sandboxId: string, at = new Date()) {
  await db
    .insert(sandboxAccesses)
    .values({ userId, sandboxId, lastAccessedAt: at })
    .onConflictDoUpdate({
      target: [sandboxAccesses.userId, sandboxAccesses.sandboxId],
      set: { lastAccessedAt: at },
    });
}

/**
 * Who may still see a sandbox (`s`) as user `$user`: not deleted; a draft only by its author;
 * otherwise a member of its workspace, a collaborator, or anyone when it is public or unlisted.
 */
const visibleTo = (userId: string) => sql`s.removed_at is null
  and (s.collection_id is not null or s.author_id = ${userId})
  and (
    s.privacy < 2
    or exists (select 1 from workspace_members wm where wm.workspace_id = s.workspace_id and wm.user_id = ${userId})
    or exists (select 1 from sandbox_collaborators sc where sc.sandbox_id = s.id and sc.user_id = ${userId})
  )`;

/** Sandboxes by id, in the order given, with what their GraphQL fields need. */
async function inOrder(db: Db | Tx, ids: readonly string[]): Promise<ListedSandbox[]> {
  if (ids.length === 0) return [];
  const listed = await listSandboxes(db, {
    where: sql`s.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    groupBy: sql`'all'`,
    orderBy: sql`s.id`,
  });
  const byId = new Map((listed.get("all") ?? []).map((s) => [s.id, s]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * 'Pick up where you left off' (spec 1 §2, §9): the sandboxes the user opened, newest first, at
 * most 18 whatever the client asks, only those they may still see, optionally of one workspace.
 */
export const recentlyAccessed = openQuery(
  recentlyAccessedInput,
  async (ctx, { userId, limit: asked, teamId }): Promise<ListedSandbox[]> => {
    const db = ctx.db;
    const limit = Math.min(asked, RECENT_LIMIT);
    const team = teamId ? sql`and s.workspace_id = ${teamId}` : sql``;
    // The user's accesses newest first, each sandbox checked in turn until enough are found: a
    // user who opened many sandboxes costs a few lookups, not one for every sandbox they opened.
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`select s.id
        from (select a.sandbox_id, a.last_accessed_at from sandbox_accesses a where a.user_id = ${userId}
          order by a.last_accessed_at desc, a.sandbox_id) a
        cross join lateral (select s.id from sandboxes s
          where s.id = a.sandbox_id ${team} and ${visibleTo(userId)}) s
        order by a.last_accessed_at desc, a.sandbox_id
        limit ${limit}`,
    );
    return inOrder(
      db,
      rows.map((r) => r.id),
    );
  },
);

/** 'Sandboxes shared with me' (spec 1 §2): where the user is a collaborator, newest first. */
export const sharedWithMe = openQuery(
  sharedWithMeInput,
  async (ctx, { userId }): Promise<ListedSandbox[]> => {
    const rows = await rowsOf<{ id: string }>(
      ctx.db,
      sql`select s.id from sandbox_collaborators c
      join sandboxes s on s.id = c.sandbox_id
      where c.user_id = ${userId} and s.removed_at is null
      order by s.updated_at desc, s.id`,
    );
    return inOrder(
      ctx.db,
      rows.map((r) => r.id),
    );
  },
);
