import { hasTeamAuthorization, type TeamMemberAuthorization } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../http/errors.ts";

export const WORKSPACE_FROZEN = "This workspace is frozen.";

export type Membership = {
  workspaceId: string;
  userId: string;
  authorization: TeamMemberAuthorization;
  teamManager: boolean;
  frozen: boolean;
  minimumPrivacy: number;
  preventSandboxExport: boolean;
  preventSandboxLeaving: boolean;
};

/** The user's membership of a workspace, or null when they are not a member. */
export async function membershipOf(
  db: Db | Tx,
  userId: string,
  workspaceId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      workspaceId: workspaceMembers.workspaceId,
      userId: workspaceMembers.userId,
      authorization: workspaceMembers.authorization,
      teamManager: workspaceMembers.teamManager,
      frozen: workspaces.frozen,
      minimumPrivacy: workspaces.minimumPrivacy,
      preventSandboxExport: workspaces.preventSandboxExport,
      preventSandboxLeaving: workspaces.preventSandboxLeaving,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/**
 * Who may act in a workspace. A non-member is told the workspace does not exist (no leak of
 * existence); a member below the needed role is refused; a write in a frozen workspace is refused.
 */
export function authorizeWorkspace(
  membership: Membership | null,
  need: TeamMemberAuthorization,
  options: { write: boolean },
): Membership {
  if (!membership) throw notFound("Workspace not found.");
  if (!hasTeamAuthorization(membership.authorization, need)) {
    throw forbidden(
      need === "ADMIN" ? "Only workspace admins can do that." : "Viewers cannot change this workspace.",
    );
  }
  if (options.write && membership.frozen) throw forbidden(WORKSPACE_FROZEN);
  return membership;
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
