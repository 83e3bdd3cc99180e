import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications, workspaceMembers } from "../../db/schema/index.ts";

/**
 * Archives the notifications whose announcement is gone: of a type, whose data hold these values,
 * addressed to a user or to the members of a workspace.
 */
async function archive(
  tx: Tx,
  type: string,
  data: Record<string, string>,
  to: { userId: string } | { membersOf: string },
) {
  const conditions: SQL[] = [
    eq(notifications.type, type),
    ...Object.entries(data).map(([key, value]) => sql`${notifications.data}->>${key} = ${value}`),
    "userId" in to
      ? eq(notifications.userId, to.userId)
      : sql`${notifications.userId} in (select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${to.membersOf})`,
  ];
  await tx
    .update(notifications)
    .set({ archived: true })
    .where(and(...conditions));
}

/** A user's invitations to a sandbox (sandbox_invitation), once it is no longer shared with them. */
export function archiveSandboxInvitations(tx: Tx, userId: string, sandboxId: string) {
  return archive(tx, "sandbox_invitation", { sandboxId }, { userId });
}

/** A user's notifications of a type about one workspace (its teamId): what they announced is gone. */
export function archiveTeamNotifications(tx: Tx, userId: string, workspaceId: string, type: string) {
  return archive(tx, type, { teamId: workspaceId }, { userId });
}

/** The workspace members' notifications of someone's request to join it, once it is decided. */
export function archiveJoinRequestNotifications(tx: Tx, workspaceId: string, requesterEmail: string) {
  return archive(
    tx,
    "team_invite_requested",
    { teamId: workspaceId, requesterEmail },
    { membersOf: workspaceId },
  );
}
