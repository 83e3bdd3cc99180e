import { and, eq, isNull, lt } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sandboxes } from "../../db/schema/index.ts";

/**
 * Raises a workspace's drafts below its new minimum privacy to it (the deleted ones too: they can be
 * restored); answers the ids of the drafts raised.
 */
export async function raiseDraftsPrivacy(tx: Tx, workspaceId: string, minimumPrivacy: number) {
  const raised = await tx
    .update(sandboxes)
    .set({ privacy: minimumPrivacy, updatedAt: new Date() })
    .where(
      and(
        eq(sandboxes.workspaceId, workspaceId),
        isNull(sandboxes.collectionId),
        lt(sandboxes.privacy, minimumPrivacy),
      ),
    )
    .returning({ id: sandboxes.id });
  return raised.map((r) => r.id);
}
