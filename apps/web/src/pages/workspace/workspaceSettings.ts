import type { TeamMemberAuthorization } from "@boxyard/domain";
import type { TeamInfo, WorkspaceMember } from "../../api/queries/workspaces.ts";

/** Where the settings page of a workspace is; `section` scrolls to one of its sections. */
export function workspaceSettingsPath(teamId: string, section?: "members") {
  return `/workspace/${teamId}${section ? `#${section}` : ""}`;
}

export type MemberRow = WorkspaceMember & {
  authorization: TeamMemberAuthorization;
  teamManager: boolean;
  isViewer: boolean;
};

/** The members with their roles, the signed-in user first, then admins, editors, viewers, each by name. */
export function memberRows(
  team: Pick<TeamInfo, "users" | "userAuthorizations">,
  viewerId: string | undefined,
) {
  const rank: Record<TeamMemberAuthorization, number> = { ADMIN: 0, WRITE: 1, READ: 2 };
  const byUser = new Map(team.userAuthorizations.map((a) => [a.userId, a]));
  return team.users
    .map((user): MemberRow => {
      const entry = byUser.get(user.id);
      return {
        ...user,
        authorization: entry?.authorization ?? "READ",
        teamManager: entry?.teamManager ?? false,
        isViewer: user.id === viewerId,
      };
    })
    .sort(
      (a, b) =>
        Number(b.isViewer) - Number(a.isViewer) ||
        rank[a.authorization] - rank[b.authorization] ||
        (a.name ?? a.username).localeCompare(b.name ?? b.username),
    );
}

/** The viewer's role in the workspace; null when they are not (or no longer) in it. */
export function viewerRole(team: Pick<TeamInfo, "userAuthorizations">, viewerId: string | undefined) {
  return team.userAuthorizations.find((a) => a.userId === viewerId)?.authorization ?? null;
}

/** Seats taken against the plan's member limit: members and pending invitations together. */
export function seatsUsed(team: Pick<TeamInfo, "users" | "invitations" | "invitees">) {
  return team.users.length + Math.max(team.invitations.length, team.invitees.length);
}

export function inviteLink(origin: string, inviteToken: string) {
  return `${origin}/invite/${inviteToken}`;
}

export const PRIVACY_OPTIONS = [
  { value: "0", label: "Public" },
  { value: "1", label: "Unlisted" },
  { value: "2", label: "Private" },
] as const;

export function privacyLabel(privacy: number) {
  return PRIVACY_OPTIONS.find((o) => o.value === String(privacy))?.label ?? String(privacy);
}
