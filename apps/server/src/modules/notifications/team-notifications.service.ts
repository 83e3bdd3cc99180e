import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications, workspaceMembers } from "../../db/schema/index.ts";

/** Archives a user's notifications of a type about one workspace (its teamId): what they announced is gone. */
export async function archiveTeamNotifications(tx: Tx, userId: string, workspaceId: string, type: string) {
  await tx
    .update(notifications)
    .set({ archived: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        sql`${notifications.data}->>'teamId' = ${workspaceId}`,
      ),
    );
}

/** Archives the workspace members' notifications of someone's request to join it, once it is decided. */
export async function archiveJoinRequestNotifications(tx: Tx, workspaceId: string, requesterEmail: string) {
  await tx
    .update(notifications)
    .set({ archived: true })
    .where(
      and(
        eq(notifications.type, "team_invite_requested"),
        sql`${notifications.data}->>'teamId' = ${workspaceId}`,
        sql`${notifications.data}->>'requesterEmail' = ${requesterEmail}`,
        sql`${notifications.userId} in (select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId})`,
      ),
    );
}
