import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sandboxes, sandboxLikes } from "../../db/schema/index.ts";

/** What an account's deletion changes in the sandboxes it does not take with it (users/account-purge.ts). */

/** The likes the account gave go with it: each sandbox it liked counts one like fewer. */
export async function dropLikeCountsOf(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(sandboxes)
    .set({ likeCount: sql`greatest(${sandboxes.likeCount} - 1, 0)` })
    .where(
      inArray(
        sandboxes.id,
        tx.select({ id: sandboxLikes.sandboxId }).from(sandboxLikes).where(eq(sandboxLikes.userId, userId)),
      ),
    );
}

/** The account's drafts in a workspace that stays: nobody else can see them, so they go. */
export async function deleteDraftsOf(tx: Tx, workspaceId: string, authorId: string): Promise<void> {
  await tx
    .delete(sandboxes)
    .where(
      and(
        eq(sandboxes.workspaceId, workspaceId),
        eq(sandboxes.authorId, authorId),
        isNull(sandboxes.collectionId),
      ),
    );
}
