import type { TeamMemberAuthorization } from "@boxyard/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { workspaceMembers, workspaces } from "../../db/schema/index.ts";
import {
  authorizeOperation,
  authorizeWorkspace,
  type Membership,
  type WorkspaceOperation,
} from "./workspace.policy.ts";

/** The facts the workspace policy decides on: a user's memberships, read with their workspace's rules. */

/** What a membership is read as: the member's row with the workspace's rules. */
const MEMBERSHIP_COLUMNS = {
  workspaceId: workspaceMembers.workspaceId,
  userId: workspaceMembers.userId,
  authorization: workspaceMembers.authorization,
  teamManager: workspaceMembers.teamManager,
  frozen: workspaces.frozen,
  minimumPrivacy: workspaces.minimumPrivacy,
  preventSandboxExport: workspaces.preventSandboxExport,
  preventSandboxLeaving: workspaces.preventSandboxLeaving,
};

/**
 * A membership read by a query of another module that joins `workspace_members` (left, on the user)
 * and `workspaces` itself, to load a sandbox with its facts in one round trip (MEMBERSHIP_COLUMNS'
 * facts; `sandbox_write_access` of migration 0019): the membership they make (null when the join
 * found no member).
 */
export function joinedMembership(
  row: {
    [K in keyof Membership]: Membership[K] | null;
  },
): Membership | null {
  if (row.userId === null || row.workspaceId === null || row.authorization === null) return null;
  return {
    workspaceId: row.workspaceId,
    userId: row.userId,
    authorization: row.authorization,
    teamManager: row.teamManager ?? false,
    frozen: row.frozen ?? false,
    minimumPrivacy: row.minimumPrivacy ?? 0,
    preventSandboxExport: row.preventSandboxExport ?? false,
    preventSandboxLeaving: row.preventSandboxLeaving ?? false,
  };
}

/** The user's membership of a workspace, or null when they are not a member. */
export async function membershipOf(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select(MEMBERSHIP_COLUMNS)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/** Whether the workspace is frozen (for someone who is no member of it: a collaborator on one of its sandboxes). */
export async function isWorkspaceFrozen(db: Db | Tx, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ frozen: workspaces.frozen })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.frozen ?? false;
}

/** The user's memberships of the workspaces given, by workspace id (absent: not a member). */
export async function membershipsOf(
  db: Db | Tx,
  userId: string,
  workspaceIds: readonly string[],
): Promise<Map<string, Membership>> {
  if (workspaceIds.length === 0) return new Map();
  const rows = await db
    .select(MEMBERSHIP_COLUMNS)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(eq(workspaceMembers.userId, userId), inArray(workspaceMembers.workspaceId, [...workspaceIds])),
    );
  return new Map(rows.map((r) => [r.workspaceId, r]));
}

/** Loads and authorizes in one step: `await requireWorkspace(db, userId, id, "WRITE", { write: true })`. */
export async function requireWorkspace(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
  need: TeamMemberAuthorization,
  options: { write: boolean },
): Promise<Membership> {
  return authorizeWorkspace(await membershipOf(db, userId, workspaceId), need, options);
}

/** Loads the membership and checks it against the operation's rule. */
export async function requireOperation(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
  operation: WorkspaceOperation,
): Promise<Membership> {
  return authorizeOperation(await membershipOf(db, userId, workspaceId), operation);
}
