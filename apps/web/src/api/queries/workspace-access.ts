import type { TeamMemberAuthorization } from "@boxyard/domain";
import { queryOptions } from "@tanstack/react-query";
import { graphql } from "../graphql.ts";
import { workspaceKeys } from "./workspaces.ts";

/** Joining otherwise than by invitation: the domain offer and requests to join (spec 2 §2.7, §4). */
export const accessKeys = {
  eligible: ["workspaces", "eligible"] as const,
  /** Under the workspace's key: whatever refreshes the workspace refreshes this. */
  team: (teamId: string) => [...workspaceKeys.team(teamId), "access"] as const,
};

export type EligibleWorkspace = { id: string; name: string; avatarUrl: string | null; shortid: string };

export const eligibleWorkspacesQuery = () =>
  queryOptions({
    queryKey: accessKeys.eligible,
    queryFn: async ({ signal }) => {
      const data = await graphql<{ me: { id: string; eligibleWorkspaces: EligibleWorkspace[] } | null }>(
        "GetEligibleWorkspaces",
        "query GetEligibleWorkspaces { me { id eligibleWorkspaces { id avatarUrl name shortid } } }",
        undefined,
        signal,
      );
      return data.me?.eligibleWorkspaces ?? [];
    },
    // Errors of the lookup are swallowed silently (spec 2 §8).
    meta: { silent: true },
    staleTime: 5 * 60 * 1000,
  });

export function joinEligibleWorkspace(workspaceId: string) {
  return graphql<{ joinEligibleWorkspace: { id: string } }, { workspaceId: string }>(
    "JoinEligibleWorkspace",
    "mutation JoinEligibleWorkspace($workspaceId: ID!) { joinEligibleWorkspace(workspaceId: $workspaceId) { id } }",
    { workspaceId },
  );
}

/** Asks a workspace's admins to let one in: from its invite link, or its domain offer. */
export function requestTeamInvite(by: { inviteToken: string } | { workspaceId: string }) {
  return graphql<{ requestTeamInvite: boolean }, { inviteToken?: string; workspaceId?: string }>(
    "RequestTeamInvite",
    "mutation RequestTeamInvite($inviteToken: String, $workspaceId: ID) { requestTeamInvite(inviteToken: $inviteToken, workspaceId: $workspaceId) }",
    by,
  );
}

export type JoinRequest = {
  userId: string;
  username: string;
  name: string | null;
  email: string;
  avatarUrl: string | null;
  insertedAt: string;
};

export type TeamAccess = {
  offerDomain: string | null;
  joinRequests: JoinRequest[];
  verifiedEmailDomains: string[];
};

export const teamAccessQuery = (teamId: string) =>
  queryOptions({
    queryKey: accessKeys.team(teamId),
    queryFn: async ({ signal }): Promise<TeamAccess | null> => {
      const data = await graphql<
        {
          me: {
            id: string;
            verifiedEmailDomains: string[];
            team: { id: string; offerDomain: string | null; joinRequests: JoinRequest[] } | null;
          } | null;
        },
        { teamId: string }
      >(
        "TeamAccess",
        `query TeamAccess($teamId: UUID4!) { me { id verifiedEmailDomains team(id: $teamId) { id offerDomain
          joinRequests { userId username name email avatarUrl insertedAt } } } }`,
        { teamId },
        signal,
      );
      if (!data.me?.team) return null;
      return {
        offerDomain: data.me.team.offerDomain,
        joinRequests: data.me.team.joinRequests,
        verifiedEmailDomains: data.me.verifiedEmailDomains,
      };
    },
  });

type RequestVars = { teamId: string; userId: string };

export function acceptJoinRequest(vars: RequestVars & { authorization?: TeamMemberAuthorization }) {
  return graphql<unknown, RequestVars & { authorization?: TeamMemberAuthorization }>(
    "AcceptTeamJoinRequest",
    `mutation AcceptTeamJoinRequest($teamId: UUID4!, $userId: UUID4!, $authorization: TeamMemberAuthorization) {
      acceptTeamJoinRequest(teamId: $teamId, userId: $userId, authorization: $authorization) { id } }`,
    vars,
  );
}

export function rejectJoinRequest(vars: RequestVars) {
  return graphql<unknown, RequestVars>(
    "RejectTeamJoinRequest",
    "mutation RejectTeamJoinRequest($teamId: UUID4!, $userId: UUID4!) { rejectTeamJoinRequest(teamId: $teamId, userId: $userId) { id } }",
    vars,
  );
}

export function setTeamOfferDomain(vars: { teamId: string; domain: string | null }) {
  return graphql<unknown, { teamId: string; domain: string | null }>(
    "SetTeamOfferDomain",
    "mutation SetTeamOfferDomain($teamId: UUID4!, $domain: String) { setTeamOfferDomain(teamId: $teamId, domain: $domain) { id offerDomain } }",
    vars,
  );
}
