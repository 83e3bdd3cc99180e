import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxes, sandboxLikes } from "../../db/schema/index.ts";
import { readableSandbox } from "../sandboxes/read.service.ts";

export type LikeState = { sandboxId: string; liked: boolean; likeCount: number };

/** Whether the user likes the sandbox. */
export async function likesSandbox(db: Db | Tx, userId: string, sandboxId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sandboxLikes.userId })
    .from(sandboxLikes)
    .where(and(eq(sandboxLikes.userId, userId), eq(sandboxLikes.sandboxId, sandboxId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Likes (or unlikes) a sandbox the user may read. The like row and `sandboxes.like_count` change in
 * one transaction, and only when the like really changes: liking twice counts once.
 */
export async function setLike(db: Db, userId: string, idOrAlias: string, liked: boolean): Promise<LikeState> {
  const { sandbox } = await readableSandbox(db, { viewerId: userId, grant: null }, idOrAlias);
  return db.transaction(async (tx) => {
    const changed = liked
      ? await tx
          .insert(sandboxLikes)
          .values({ userId, sandboxId: sandbox.id })
          .onConflictDoNothing()
          .returning()
      : await tx
          .delete(sandboxLikes)
          .where(and(eq(sandboxLikes.userId, userId), eq(sandboxLikes.sandboxId, sandbox.id)))
          .returning();
    const delta = changed.length === 0 ? 0 : liked ? 1 : -1;
    const [row] = await tx
      .update(sandboxes)
      .set({ likeCount: sql`greatest(${sandboxes.likeCount} + ${delta}, 0)` })
      .where(eq(sandboxes.id, sandbox.id))
      .returning({ likeCount: sandboxes.likeCount });
    return { sandboxId: sandbox.id, liked, likeCount: row!.likeCount };
  });
}
