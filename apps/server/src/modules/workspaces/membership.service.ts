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
