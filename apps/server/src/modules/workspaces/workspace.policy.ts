import { hasTeamAuthorization, type TeamMemberAuthorization, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { type AppError, forbidden, invalid, notFound } from "../../http/errors.ts";

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

/**
 * Who may act in a workspace. A non-member is told the workspace does not exist (no leak of
 * existence); a member below the needed role is refused; a write in a frozen workspace is refused.
 */
export function authorizeWorkspace(
  membership: Membership | null,
  need: TeamMemberAuthorization,
  options: { write: boolean },
): Membership {
  if (!membership) throw notFound(WORKSPACE_MESSAGES.notFound);
  if (!hasTeamAuthorization(membership.authorization, need)) {
    throw forbidden(
      need === "ADMIN" ? "Only workspace admins can do that." : "Viewers cannot change this workspace.",
    );
  }
  if (options.write && membership.frozen) throw forbidden(WORKSPACE_FROZEN);
  return membership;
}

/**
 * What each workspace-management operation needs, and whether a frozen workspace still allows it.
 * Freezing stops new work and growth (spec 1 §6: create, import, fork); it does not lock the
 * admins out of running the workspace: renaming, settings, roles, removing members, revoking
 * invitations and deleting stay possible, and anyone may still read or leave. Inviting and joining
 * (invitations, invite links) are refused until the workspace is unfrozen.
 */
export const WORKSPACE_RULES = {
  manage: { need: "ADMIN", frozen: "allowed" }, // name, description, metadata, avatar, settings
  delete: { need: "ADMIN", frozen: "allowed" },
  invite: { need: "ADMIN", frozen: "refused" },
  revokeInvitation: { need: "ADMIN", frozen: "allowed" },
  removeMember: { need: "ADMIN", frozen: "allowed" },
  changeRoles: { need: "ADMIN", frozen: "allowed" },
  leave: { need: "READ", frozen: "allowed" },
} as const satisfies Record<string, { need: TeamMemberAuthorization; frozen: "allowed" | "refused" }>;

export type WorkspaceOperation = keyof typeof WORKSPACE_RULES;

/** Checks a membership against the operation's rule. */
export function authorizeOperation(membership: Membership | null, operation: WorkspaceOperation): Membership {
  const rule = WORKSPACE_RULES[operation];
  return authorizeWorkspace(membership, rule.need, { write: rule.frozen === "refused" });
}

/** Joining (accepting an invitation, an invite link) a frozen workspace waits until it is unfrozen. */
export function joinProblem(workspace: { frozen: boolean; type: "PERSONAL" | "TEAM" }): AppError | null {
  if (workspace.type === "PERSONAL") return forbidden(WORKSPACE_MESSAGES.personalNoMembers);
  if (workspace.frozen) return forbidden(WORKSPACE_FROZEN);
  return null;
}

type Seat = { userId: string; authorization: TeamMemberAuthorization };

/**
 * Refuses a change of members that would leave the workspace without an admin: `after` is the
 * member list as it would be (someone leaving, removed or demoted).
 */
export function lastAdminProblem(after: readonly Seat[]): AppError | null {
  return after.some((m) => m.authorization === "ADMIN") ? null : invalid(WORKSPACE_MESSAGES.lastAdmin);
}

/** A personal workspace belongs to its owner alone: no invitations, no leaving it. */
export function personalProblem(
  workspace: { type: "PERSONAL" | "TEAM" },
  action: "invite" | "leave" | "delete",
): AppError | null {
  if (workspace.type !== "PERSONAL") return null;
  if (action === "invite") return forbidden(WORKSPACE_MESSAGES.personalNoMembers);
  if (action === "leave") return forbidden(WORKSPACE_MESSAGES.personalCannotLeave);
  return forbidden(WORKSPACE_MESSAGES.personalCannotDelete);
}

/** The plan's member limit counts members and pending invitations together. */
export function memberLimitProblem(members: number, pending: number, incoming: number, limit: number) {
  return members + pending + incoming > limit ? forbidden(WORKSPACE_MESSAGES.memberLimit(limit)) : null;
}

/** Prevent leaving / prevent export are for Pro workspaces (spec 2 §6); switching them off is always allowed. */
export function sandboxSettingsProblem(
  pro: boolean,
  settings: { preventSandboxLeaving: boolean; preventSandboxExport: boolean },
) {
  if (pro || (!settings.preventSandboxLeaving && !settings.preventSandboxExport)) return null;
  return forbidden(WORKSPACE_MESSAGES.proOnlySandboxSettings);
}
