import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sandboxes } from "../../db/schema/index.ts";

/** Moves a sandbox's like count by `delta` (never below 0) and answers the new count. */
export async function adjustLikeCount(tx: Tx, sandboxId: string, delta: number): Promise<number> {
  const [row] = await tx
    .update(sandboxes)
    .set({ likeCount: sql`greatest(${sandboxes.likeCount} + ${delta}, 0)` })
    .where(eq(sandboxes.id, sandboxId))
    .returning({ likeCount: sandboxes.likeCount });
  return row!.likeCount;
}
