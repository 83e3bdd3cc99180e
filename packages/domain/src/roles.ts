export const TEAM_MEMBER_AUTHORIZATIONS = ["ADMIN", "WRITE", "READ"] as const;
export type TeamMemberAuthorization = (typeof TEAM_MEMBER_AUTHORIZATIONS)[number];

export const TEAM_TYPES = ["PERSONAL", "TEAM"] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

const RANK: Record<TeamMemberAuthorization, number> = { READ: 1, WRITE: 2, ADMIN: 3 };

/** True when `held` is at or above `required` (ADMIN > WRITE > READ). */
export function hasTeamAuthorization(
  held: TeamMemberAuthorization,
  required: TeamMemberAuthorization,
): boolean {
  return RANK[held] >= RANK[required];
}
