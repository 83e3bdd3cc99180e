import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { workspaceMembers, workspaces } from "../../db/schema/index.ts";

/** What an account's deletion changes in its workspaces (users/account-purge.ts). */

/** A member becomes admin (the deleted account was the workspace's last one). */
export async function promoteToAdmin(tx: Tx, workspaceId: string, userId: string): Promise<void> {
  await tx
    .update(workspaceMembers)
    .set({ authorization: "ADMIN" })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/** Deletes workspaces nobody is left in, with everything in them (foreign keys cascade). */
export async function deleteAbandonedWorkspaces(tx: Tx, workspaceIds: readonly string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  await tx.delete(workspaces).where(inArray(workspaces.id, [...workspaceIds]));
}
