import type { TeamMemberAuthorization } from "@boxyard/domain";

type WithAuthorizations = {
  userAuthorizations?: readonly { userId: string; authorization: TeamMemberAuthorization }[] | null;
};

/**
 * The user's role in the active workspace (spec 1 §6): read from the user's entry in the team;
 * admin is the default when no team info is loaded.
 */
export function workspaceRole(
  workspace: WithAuthorizations | null | undefined,
  userId: string | null | undefined,
): TeamMemberAuthorization {
  if (!workspace?.userAuthorizations || !userId) return "ADMIN";
  const entry = workspace.userAuthorizations.find((authorization) => authorization.userId === userId);
  return entry?.authorization ?? "ADMIN";
}

/**
 * Import and Create are disabled for the READ role (spec 1 §2) and in a frozen workspace (spec 1 §6,
 * spec 2 §6).
 */
export function dashboardActions(role: TeamMemberAuthorization, frozen: boolean) {
  return {
    canImport: role !== "READ" && !frozen,
    canCreate: role !== "READ" && !frozen,
  };
}
