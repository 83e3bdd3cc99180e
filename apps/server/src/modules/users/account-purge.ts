import { accountDeletionDue } from "@boxyard/domain";
import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "../../db/advisory-locks.ts";
import type { Db, Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { uploads, users, workspaceMembers } from "../../db/schema/index.ts";
import type { FileStorage } from "../../integrations/storage/storage.port.ts";
import { deleteDraftsOf, dropLikeCountsOf } from "../sandboxes/account-deletion.service.ts";
import { deleteAbandonedWorkspaces, promoteToAdmin } from "../workspaces/account-deletion.service.ts";

/** The advisory-lock key of the account purge; one replica purges at a time. */
export const ACCOUNT_PURGE_LOCK = ADVISORY_LOCKS.accountPurge;

export type AccountPurgeResult = {
  /** False when another replica held the lock: this one did nothing. */
  ran: boolean;
  deleted: string[];
};

/**
 * Deletes one account and what only it owned, inside the caller's transaction:
 * - the likes it gave (each sandbox's like count goes down);
 * - its personal workspace, and team workspaces where nobody else is left, with their sandboxes;
 * - in shared workspaces its drafts (nobody else can see them); its other sandboxes stay with the
 *   workspace, authorless. When it was the last admin, the longest-standing member becomes admin;
 * - then the user row, with its memberships, sessions, API tokens, identities, invitations, shares,
 *   Recent entries and uploads' rows (foreign keys cascade). Answers the uploads' storage keys.
 */
export async function deleteAccount(tx: Tx, userId: string): Promise<string[]> {
  await dropLikeCountsOf(tx, userId);

  const [user] = await tx
    .select({ personalWorkspaceId: users.personalWorkspaceId })
    .from(users)
    .where(eq(users.id, userId));
  const memberships = await tx
    .select({ workspaceId: workspaceMembers.workspaceId, authorization: workspaceMembers.authorization })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  const gone: string[] = [];
  for (const m of memberships) {
    const others = await tx
      .select({ userId: workspaceMembers.userId, authorization: workspaceMembers.authorization })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, m.workspaceId), ne(workspaceMembers.userId, userId)))
      .orderBy(asc(workspaceMembers.insertedAt), asc(workspaceMembers.userId));
    if (m.workspaceId === user?.personalWorkspaceId || others.length === 0) {
      gone.push(m.workspaceId);
      continue;
    }
    await deleteDraftsOf(tx, m.workspaceId, userId);
    if (m.authorization === "ADMIN" && !others.some((o) => o.authorization === "ADMIN")) {
      await promoteToAdmin(tx, m.workspaceId, others[0]!.userId);
    }
  }
  // The personal workspace goes even when the user somehow lost its membership.
  if (user?.personalWorkspaceId && !gone.includes(user.personalWorkspaceId))
    gone.push(user.personalWorkspaceId);
  if (gone.length > 0) {
    // Members of a deleted workspace who had it as primary fall back to their personal one.
    await tx
      .update(users)
      .set({ primaryWorkspaceId: users.personalWorkspaceId })
      .where(and(inArray(users.primaryWorkspaceId, gone), ne(users.id, userId)));
    await deleteAbandonedWorkspaces(tx, gone);
  }
  const files = await tx.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return files.map((f) => f.key);
}

/**
 * Deletes the accounts whose deletion was requested at least 3 working days ago (spec 2 §4, §9).
 * One transaction holding `pg_try_advisory_xact_lock(ACCOUNT_PURGE_LOCK)`: another replica holding
 * it makes this call skip. The uploads' bytes are removed after the commit (a failure there leaves
 * an orphaned file, logged, never a half-deleted account).
 */
export async function purgeRequestedAccounts(
  db: Db,
  storage: FileStorage,
  options: { now?: Date; onStorageError?: (key: string, error: unknown) => void } = {},
): Promise<AccountPurgeResult> {
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ACCOUNT_PURGE_LOCK}) as locked`,
    );
    if (!lock?.locked) return { ran: false, deleted: [] as string[], keys: [] as string[] };
    const requested = await tx
      .select({ id: users.id, requestedAt: users.deletionRequestedAt })
      .from(users)
      .where(isNotNull(users.deletionRequestedAt));
    const due = requested.filter((u) => accountDeletionDue(u.requestedAt!).getTime() <= now.getTime());
    const keys: string[] = [];
    for (const u of due) keys.push(...(await deleteAccount(tx, u.id)));
    return { ran: true, deleted: due.map((u) => u.id), keys };
  });
  for (const key of result.keys) {
    await storage.delete(key).catch((error: unknown) => options.onStorageError?.(key, error));
  }
  return { ran: result.ran, deleted: result.deleted };
}
