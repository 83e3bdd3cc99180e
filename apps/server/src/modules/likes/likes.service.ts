import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxLikes } from "../../db/schema/index.ts";
import { command } from "../../service/command.ts";
import { adjustLikeCount } from "../sandboxes/like-count.service.ts";
import { readableSandbox } from "../sandboxes/read.service.ts";
import { setLikeInput } from "./likes.schema.ts";

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
 * Likes (or unlikes) a sandbox the user may read. The like row and the sandbox's like count change
 * together, and only when the like really changes: liking twice counts once.
 */
export const setLike = command(setLikeInput, async (ctx, { sandboxId, liked }): Promise<LikeState> => {
  const { db: tx, userId } = ctx;
  const { sandbox } = await readableSandbox(tx, { viewerId: userId, grant: null }, sandboxId);
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
  const likeCount = await adjustLikeCount(tx, sandbox.id, delta);
  // The count shows on the sandbox's card in its workspace's lists.
  if (delta !== 0) {
    ctx.effects.workspaceChanged([sandbox.workspaceId], {
      sandboxes: true,
      folders: false,
      sandboxIds: [sandbox.id],
      actorId: userId,
    });
  }
  return { sandboxId: sandbox.id, liked, likeCount };
});
