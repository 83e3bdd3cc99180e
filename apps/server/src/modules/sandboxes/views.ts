import { eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxes, sandboxViews } from "../../db/schema/index.ts";
import type { SandboxRow } from "./sandboxes.service.ts";

/** A viewer counts once per sandbox in this period, however often they open it. */
export const VIEW_PERIOD_MS = 60 * 60 * 1000;

/**
 * Counts a view of the sandbox by `viewerKey` unless that viewer was counted within the period:
 * the mark is made, or renewed once its period is over, and the count moves with it in the same
 * transaction. Answers the sandbox as it is now.
 */
export async function countView(
  tx: Tx,
  sandbox: SandboxRow,
  viewerKey: string,
  now = new Date(),
): Promise<SandboxRow> {
  const marked = await tx
    .insert(sandboxViews)
    .values({ sandboxId: sandbox.id, viewerKey, countedAt: now })
    .onConflictDoUpdate({
      target: [sandboxViews.sandboxId, sandboxViews.viewerKey],
      set: { countedAt: now },
      setWhere: lt(sandboxViews.countedAt, new Date(now.getTime() - VIEW_PERIOD_MS)),
    })
    .returning({ sandboxId: sandboxViews.sandboxId });
  if (marked.length === 0) return sandbox;
  const [fresh] = await tx
    .update(sandboxes)
    .set({ viewCount: sql`${sandboxes.viewCount} + 1` })
    .where(eq(sandboxes.id, sandbox.id))
    .returning();
  return fresh ?? sandbox;
}

/** Deletes the marks whose period is over (the hourly purge): they no longer hold anyone back. */
export async function forgetPastViews(db: Db | Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(sandboxViews)
    .where(lt(sandboxViews.countedAt, new Date(now.getTime() - VIEW_PERIOD_MS)))
    .returning({ sandboxId: sandboxViews.sandboxId });
  return gone.length;
}
