import type { Tx } from "../../db/client.ts";
import { workspaceBilling } from "../../db/schema/index.ts";

/**
 * Stores a workspace's on-demand spending limit in dollars, checked already by the caller
 * (setTeamLimits, or the checkout that carried it). The caller refreshes the credit freeze after.
 */
export async function saveSpendingLimit(tx: Tx, workspaceId: string, value: number, now = new Date()) {
  await tx
    .insert(workspaceBilling)
    .values({ workspaceId, spendingLimit: value })
    .onConflictDoUpdate({
      target: workspaceBilling.workspaceId,
      set: { spendingLimit: value, updatedAt: now },
    });
}
