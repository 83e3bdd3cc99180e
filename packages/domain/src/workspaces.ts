import type { TeamMemberAuthorization } from "./roles.ts";

/** User-facing texts of workspace management: the spec's toasts (spec 1 §8, spec 2 §8) and the server's refusals. */
export const WORKSPACE_MESSAGES = {
  // Toasts of the spec, word for word.
  renameFailed: "There was a problem renaming your team",
  deleteFailed: "There was a problem deleting your workspace",
  settingsFailed: "There was a problem updating your settings",
  deleted: "Your workspace was deleted",
  minimumPrivacyUpdated: "Minimum privacy updated.",

  // Where the spec is silent: short sentences in the same voice.
  notFound: "Workspace not found.",
  lastAdmin: "A workspace needs at least one admin. Make another member an admin first.",
  personalNoMembers: "Your personal workspace is only yours. Create a workspace to invite others.",
  personalCannotLeave: "You cannot leave your personal workspace.",
  personalCannotDelete: "Your personal workspace cannot be deleted.",
  removeSelf: "To leave this workspace, use Leave workspace.",
  memberNotFound: "That person is not a member of this workspace.",
  invitationNotFound: "There is no pending invitation for that person.",
  invitationToYouNotFound: "You have no pending invitation to this workspace.",
  alreadyMember: (who: string) => `${who} is already a member of this workspace.`,
  alreadyInvited: (who: string) => `${who} has already been invited to this workspace.`,
  unknownUsername: (username: string) => `There is no user with the username ${username}.`,
  usernameRequired: "Enter a username to invite.",
  invalidEmail: "Enter a valid e-mail address.",
  memberLimit: (limit: number) =>
    `This workspace has reached its limit of ${limit} members, counting pending invitations. Upgrade your plan to add more.`,
  inviteLinkInvalid: "This invite link is not valid. Ask the workspace's admin for a new one.",
  duplicateMemberChange: "Each member can be changed only once in one request.",
  descriptionTooLong: (max: number) => `The description can be at most ${max} characters.`,
  nameTooLong: (max: number) => `The workspace name can be at most ${max} characters.`,
  useCasesInvalid: "Use cases must be short, non-empty texts.",
  proOnlySandboxSettings:
    "Preventing sandboxes from leaving the workspace or being exported is available on Pro workspaces.",
  avatarNotImage: "Upload a PNG, JPEG, GIF or WebP image.",
} as const;

/** 'Rejected invitation to {team}' (spec 1 §8). */
export function rejectedInvitationMessage(team: string): string {
  return `Rejected invitation to ${team}`;
}

export const WORKSPACE_NAME_MAX_LENGTH = 64;
export const WORKSPACE_DESCRIPTION_MAX_LENGTH = 500;
export const WORKSPACE_USE_CASES_MAX = 20;

/** The use cases the create-workspace flow offers (spec 2 §2.9). */
export const WORKSPACE_USE_CASES = [
  "Conduct interviews",
  "Build design systems",
  "Teach",
  "Work on repositories",
  "Make prototypes",
  "Conduct QA",
  "Live collaboration",
  "Showcase work",
  "Code with AI",
] as const;

/** The labels of the member roles, as the settings page shows them. */
export const TEAM_ROLE_LABELS: Record<TeamMemberAuthorization, string> = {
  ADMIN: "Admin",
  WRITE: "Editor",
  READ: "Viewer",
};
