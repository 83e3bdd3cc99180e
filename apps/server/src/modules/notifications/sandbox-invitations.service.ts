import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

/** Archives a user's invitations to a sandbox (sandbox_invitation), once it is no longer shared with them. */
export async function archiveSandboxInvitations(tx: Tx, userId: string, sandboxId: string) {
  await tx
    .update(notifications)
    .set({ archived: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, "sandbox_invitation"),
        sql`${notifications.data}->>'sandboxId' = ${sandboxId}`,
      ),
    );
}
