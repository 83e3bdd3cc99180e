import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { workspaces } from "../../db/schema/index.ts";

/** The workspace flags billing sets: frozen for want of credits, and the usage-billing beta. */

/** Freezes a workspace whose credits ran out, or lifts that freeze once it has credits again. */
export async function setWorkspaceFrozen(
  db: Db | Tx,
  workspaceId: string,
  frozen: boolean,
  now = new Date(),
): Promise<void> {
  await db.update(workspaces).set({ frozen, updatedAt: now }).where(eq(workspaces.id, workspaceId));
}

/** A usage-based subscription puts the workspace in the usage-billing beta; a legacy one takes it out. */
export async function setUsageBillingBeta(
  db: Db | Tx,
  workspaceId: string,
  usageBased: boolean,
): Promise<void> {
  await db
    .update(workspaces)
    .set({
      featureFlags: sql`jsonb_set(${workspaces.featureFlags}, '{ubbBeta}', ${usageBased ? "true" : "false"}::jsonb)`,
    })
    .where(eq(workspaces.id, workspaceId));
}
