import type { TeamMemberAuthorization } from "@boxyard/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { graphql, request } from "../graphql.ts";
import { invalidatingMutation, plainMutation, type UiCallbacks } from "../mutation-options.ts";
import { JOINED_WORKSPACE } from "./workspace-mutations.ts";
import { workspaceKeys } from "./workspaces.ts";

/** Joining otherwise than by invitation: the domain offer and requests to join (spec 2 §2.7, §4). */
export const accessKeys = {
  eligible: ["workspaces", "eligible"] as const,
  /** Under the workspace's key: whatever refreshes the workspace refreshes this. */
  team: (teamId: string) => [...workspaceKeys.team(teamId), "access"] as const,
};

export type EligibleWorkspace = { id: string; name: string; avatarUrl: string | null; shortid: string };

export const GET_ELIGIBLE_WORKSPACES = graphql(
  `query GetEligibleWorkspaces { me { id eligibleWorkspaces { id avatarUrl name shortid } } }`,
);

export const eligibleWorkspacesQuery = () =>
  queryOptions({
    queryKey: accessKeys.eligible,
    queryFn: async ({ signal }) => {
      const data = await request(GET_ELIGIBLE_WORKSPACES, undefined, signal);
      return data.me?.eligibleWorkspaces ?? [];
    },
    // Errors of the lookup are swallowed silently (spec 2 §8).
    meta: { silent: true },
    staleTime: 5 * 60 * 1000,
  });

export const JOIN_ELIGIBLE_WORKSPACE = graphql(
  `mutation JoinEligibleWorkspace($workspaceId: ID!) { joinEligibleWorkspace(workspaceId: $workspaceId) { id } }`,
);

export function joinEligibleWorkspace(workspaceId: string) {
  return request(JOIN_ELIGIBLE_WORKSPACE, { workspaceId });
}

export const REQUEST_TEAM_INVITE = graphql(
  `mutation RequestTeamInvite($inviteToken: String, $workspaceId: ID) { requestTeamInvite(inviteToken: $inviteToken, workspaceId: $workspaceId) }`,
);

/** Asks a workspace's admins to let one in: from its invite link, or its domain offer. */
export function requestTeamInvite(by: { inviteToken: string } | { workspaceId: string }) {
  return request(REQUEST_TEAM_INVITE, by);
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

export const TEAM_ACCESS =
  graphql(`query TeamAccess($teamId: UUID4!) { me { id verifiedEmailDomains team(id: $teamId) { id offerDomain
          joinRequests { userId username name email avatarUrl insertedAt } } } }`);

export const teamAccessQuery = (teamId: string) =>
  queryOptions({
    queryKey: accessKeys.team(teamId),
    queryFn: async ({ signal }): Promise<TeamAccess | null> => {
      const data = await request(TEAM_ACCESS, { teamId }, signal);
      if (!data.me?.team) return null;
      return {
        offerDomain: data.me.team.offerDomain,
        joinRequests: data.me.team.joinRequests,
        verifiedEmailDomains: data.me.verifiedEmailDomains,
      };
    },
  });

type RequestVars = { teamId: string; userId: string };

export const ACCEPT_TEAM_JOIN_REQUEST =
  graphql(`mutation AcceptTeamJoinRequest($teamId: UUID4!, $userId: UUID4!, $authorization: TeamMemberAuthorization) {
      acceptTeamJoinRequest(teamId: $teamId, userId: $userId, authorization: $authorization) { id } }`);

export function acceptJoinRequest(vars: RequestVars & { authorization?: TeamMemberAuthorization }) {
  return request(ACCEPT_TEAM_JOIN_REQUEST, vars);
}

export const REJECT_TEAM_JOIN_REQUEST = graphql(
  `mutation RejectTeamJoinRequest($teamId: UUID4!, $userId: UUID4!) { rejectTeamJoinRequest(teamId: $teamId, userId: $userId) { id } }`,
);

export function rejectJoinRequest(vars: RequestVars) {
  return request(REJECT_TEAM_JOIN_REQUEST, vars);
}

export const SET_TEAM_OFFER_DOMAIN = graphql(
  `mutation SetTeamOfferDomain($teamId: UUID4!, $domain: String) { setTeamOfferDomain(teamId: $teamId, domain: $domain) { id offerDomain } }`,
);

export function setTeamOfferDomain(vars: { teamId: string; domain: string | null }) {
  return request(SET_TEAM_OFFER_DOMAIN, vars);
}

/** Answering a join request (or another change to who may join): the access lists and GetTeam change. */
export const accessChangeMutation = <V>(
  queryClient: QueryClient,
  teamId: string,
  change: (variables: V) => Promise<unknown>,
  ui?: UiCallbacks<unknown, V>,
) =>
  invalidatingMutation(
    queryClient,
    change,
    { keys: () => [accessKeys.team(teamId), workspaceKeys.team(teamId)], on: "settled" },
    ui,
  );

/** Asks a workspace's admins to let the user in (by invite link or offered workspace). */
export const requestTeamInviteMutation = (
  by: () => Parameters<typeof requestTeamInvite>[0],
  ui?: UiCallbacks<Awaited<ReturnType<typeof requestTeamInvite>>, void>,
) => plainMutation(() => requestTeamInvite(by()), ui);

/** Joins a workspace offered to the user's verified e-mail domain. */
export const joinEligibleWorkspaceMutation = (
  queryClient: QueryClient,
  workspaceId: () => string,
  ui?: UiCallbacks<Awaited<ReturnType<typeof joinEligibleWorkspace>>, void>,
) => invalidatingMutation(queryClient, () => joinEligibleWorkspace(workspaceId()), JOINED_WORKSPACE, ui);
