import type { TeamMemberAuthorization } from "@boxyard/domain";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { graphql, type ResultOf, request } from "../graphql.ts";
import { rest } from "../rest.ts";

export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: ["workspaces", "all-teams"] as const,
  team: (id: string) => ["workspaces", "team", id] as const,
  /** Invitations addressed to the signed-in user. */
  myInvitations: ["workspaces", "my-invitations"] as const,
  byToken: (token: string) => ["workspaces", "by-token", token] as const,
};

export const TEAM_SUMMARY = graphql(`fragment TeamSummary on Team {
  id name description avatarUrl insertedAt settings { minimumPrivacy }
  userAuthorizations { userId authorization teamManager }
  users { id name username avatarUrl }
  invitees { id name username avatarUrl }
  subscription(includeCancelled: true) { origin type status paymentProvider }
  featureFlags { ubbBeta friendOfCsb }
  limits { includedPublicSandboxes includedPrivateSandboxes }
  usage { publicSandboxesQuantity privateSandboxesQuantity }
}`);

export const ALL_TEAMS = graphql(
  `query AllTeams { me { id primaryWorkspaceId workspaces { ...TeamSummary } } }`,
  [TEAM_SUMMARY],
);

/** A workspace as the shell, the switcher and the create dialog know it (TeamSummary). */
export type Workspace = ResultOf<typeof TEAM_SUMMARY>;
export type AllTeams = ResultOf<typeof ALL_TEAMS>;
export type SubscriptionStatus = NonNullable<Workspace["subscription"]>["status"];

export const allTeamsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.list,
    queryFn: ({ signal }) => request(ALL_TEAMS, undefined, signal),
    staleTime: 60 * 1000,
  });

/** The TeamInfo fragment (API contract §3) as far as the server answers it, plus the admins' invitation list. */
export const TEAM_INFO = graphql(`fragment TeamInfo on Team {
  id name description inviteToken type avatarUrl frozen insertedAt
  users { id name username avatarUrl } invitees { id name username avatarUrl }
  userAuthorizations { userId authorization teamManager drafts }
  settings { minimumPrivacy preventSandboxExport preventSandboxLeaving defaultAuthorization
    aiConsent { privateRepositories privateSandboxes publicRepositories publicSandboxes } }
  subscription(includeCancelled: true) { id type status origin paymentProvider }
  limits { includedCredits includedVmTier onDemandCreditLimit includedPublicSandboxes includedPrivateSandboxes includedMembers }
  usage { sandboxes credits publicSandboxesQuantity privateSandboxesQuantity }
  featureFlags { ubbBeta friendOfCsb } metadata { useCases }
  invitations { id userId username email authorization insertedAt note }
}`);

export const GET_TEAM = graphql(
  `query GetTeam($teamId: UUID4!) { me { id team(id: $teamId) { ...TeamInfo } } }`,
  [TEAM_INFO],
);

/** A workspace's full record, as its settings page knows it (TeamInfo). */
export type TeamInfo = ResultOf<typeof TEAM_INFO>;
export type GetTeam = ResultOf<typeof GET_TEAM>;
/** A pending invitation as a workspace's admins see it (known user or e-mail address). */
export type TeamInvitation = TeamInfo["invitations"][number];
export type WorkspaceMember = TeamInfo["users"][number];

/** The workspace's full record (GetTeam): the shell reads whether it is frozen, the settings page the rest. */
export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: workspaceKeys.team(teamId),
    queryFn: ({ signal }) => request(GET_TEAM, { teamId }, signal),
    staleTime: 60 * 1000,
    retry: false,
  });

/*
 * Reading again what changed without a mutation of this tab: a workspace the user lost access to,
 * one switched to, one whose billing found it frozen or unfrozen.
 */
export const refreshWorkspaceList = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: workspaceKeys.list });

export const refreshWorkspace = (queryClient: QueryClient, teamId: string) =>
  queryClient.invalidateQueries({ queryKey: workspaceKeys.team(teamId) });

export const CREATE_TEAM = graphql(
  `mutation CreateTeam($name: String!) { createTeam(name: $name) { id name } }`,
);

export function createTeam(name: string) {
  return request(CREATE_TEAM, {
    name,
  });
}

// ---------------------------------------------------------------------------------------------
// Invitations addressed to the user, and invite links

export type InvitationToMe = {
  teamId: string;
  teamName: string;
  teamAvatarUrl: string | null;
  authorization: TeamMemberAuthorization;
  inviterName: string | null;
  inviterAvatarUrl: string | null;
  insertedAt: string;
};

export const MY_INVITATIONS = graphql(`query MyTeamInvitations { me { id teamInvitations {
  teamId teamName teamAvatarUrl authorization inviterName inviterAvatarUrl insertedAt } } }`);

export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.myInvitations,
    queryFn: async ({ signal }) => {
      const data = await request(MY_INVITATIONS, undefined, signal);
      return data.me?.teamInvitations ?? [];
    },
    staleTime: 60 * 1000,
  });

export const TEAM_BY_TOKEN = graphql(
  `query TeamByToken($inviteToken: String!) { teamByToken(inviteToken: $inviteToken) { name } }`,
);

export const teamByTokenQuery = (inviteToken: string) =>
  queryOptions({
    queryKey: workspaceKeys.byToken(inviteToken),
    queryFn: async ({ signal }) => {
      const data = await request(TEAM_BY_TOKEN, { inviteToken }, signal);
      return data.teamByToken;
    },
    retry: false,
  });

export const JOIN_TEAM_BY_TOKEN = graphql(
  `mutation JoinTeamByToken($inviteToken: String!) { redeemTeamInviteToken(inviteToken: $inviteToken) { id name } }`,
);

export function redeemInviteToken(inviteToken: string) {
  return request(JOIN_TEAM_BY_TOKEN, { inviteToken });
}

export const ACCEPT_TEAM_INVITATION = graphql(
  `mutation AcceptTeamInvitation($teamId: UUID4!) { acceptTeamInvitation(teamId: $teamId) { id } }`,
);

export function acceptTeamInvitation(teamId: string) {
  return request(ACCEPT_TEAM_INVITATION, { teamId });
}

export const REJECT_TEAM_INVITATION = graphql(
  `mutation RejectTeamInvitation($teamId: UUID4!) { rejectTeamInvitation(teamId: $teamId) }`,
);

export function rejectTeamInvitation(teamId: string) {
  return request(REJECT_TEAM_INVITATION, { teamId });
}

// ---------------------------------------------------------------------------------------------
// Managing a workspace (its admins; the server refuses everyone else)

type TeamVars = { teamId: string };

export const SET_TEAM_NAME = graphql(
  `mutation SetTeamName($teamId: UUID4!, $name: String!) { setTeamName(teamId: $teamId, name: $name) { id } }`,
);

export function setTeamName(vars: TeamVars & { name: string }) {
  return request(SET_TEAM_NAME, vars);
}

export const SET_TEAM_DESCRIPTION =
  graphql(`mutation SetTeamDescription($teamId: UUID4!, $description: String!) {
      setTeamDescription(teamId: $teamId, description: $description) { id } }`);

export function setTeamDescription(vars: TeamVars & { description: string }) {
  return request(SET_TEAM_DESCRIPTION, vars);
}

export const DELETE_WORKSPACE = graphql(
  `mutation DeleteWorkspace($teamId: UUID4!) { deleteWorkspace(teamId: $teamId) }`,
);

export function deleteWorkspace(teamId: string) {
  return request(DELETE_WORKSPACE, { teamId });
}

/** PUT the image's bytes; the server checks them and answers the new avatarUrl. */
export function uploadWorkspaceAvatar(teamId: string, file: Blob) {
  return rest.put<{ avatarUrl: string }>(`/api/v1/teams/${teamId}/avatar`, undefined, { rawBody: file });
}

export function removeWorkspaceAvatar(teamId: string) {
  return rest.delete<void>(`/api/v1/teams/${teamId}/avatar`);
}

type InviteVars = TeamVars & { authorization: TeamMemberAuthorization };

export const INVITE_TO_TEAM =
  graphql(`mutation InviteToTeam($teamId: UUID4!, $username: String!, $authorization: TeamMemberAuthorization) {
      inviteToTeam(teamId: $teamId, username: $username, authorization: $authorization) { id } }`);

export function inviteToTeam(vars: InviteVars & { username: string }) {
  return request(INVITE_TO_TEAM, vars);
}

export const INVITE_TO_TEAM_VIA_EMAIL =
  graphql(`mutation InviteToTeamViaEmail($teamId: UUID4!, $email: String!, $authorization: TeamMemberAuthorization) {
      inviteToTeamViaEmail(teamId: $teamId, email: $email, authorization: $authorization) }`);

export function inviteToTeamViaEmail(vars: InviteVars & { email: string }) {
  return request(INVITE_TO_TEAM_VIA_EMAIL, vars);
}

/** Invites a known user by username, or anyone by e-mail address. */
export function inviteToWorkspace(vars: InviteVars & ({ username: string } | { email: string })) {
  return "email" in vars ? inviteToTeamViaEmail(vars) : inviteToTeam(vars);
}

export const REVOKE_TEAM_INVITATION =
  graphql(`mutation RevokeTeamInvitation($teamId: UUID4!, $userId: UUID4!) {
        revokeTeamInvitation(teamId: $teamId, userId: $userId) { id } }`);

export const REVOKE_TEAM_EMAIL_INVITATION =
  graphql(`mutation RevokeTeamEmailInvitation($teamId: UUID4!, $email: String!) {
      revokeTeamEmailInvitation(teamId: $teamId, email: $email) { id } }`);

/** Revokes a pending invitation: of a known user by id, or of an e-mail address. */
export function revokeInvitation(vars: TeamVars & ({ userId: string } | { email: string })) {
  if ("userId" in vars) {
    return request(REVOKE_TEAM_INVITATION, vars);
  }
  return request(REVOKE_TEAM_EMAIL_INVITATION, vars);
}

export const REMOVE_FROM_TEAM = graphql(
  `mutation RemoveFromTeam($teamId: UUID4!, $userId: UUID4!) { removeFromTeam(teamId: $teamId, userId: $userId) { id } }`,
);

export function removeFromTeam(vars: TeamVars & { userId: string }) {
  return request(REMOVE_FROM_TEAM, vars);
}

export const RESET_TEAM_INVITE_TOKEN = graphql(
  `mutation ResetTeamInviteToken($teamId: UUID4!) { resetTeamInviteToken(teamId: $teamId) { id inviteToken } }`,
);

/** 'Reset invite link' (admins): the workspace gets a new invite link; the old one stops working. */
export function resetTeamInviteToken(teamId: string) {
  return request(RESET_TEAM_INVITE_TOKEN, { teamId });
}

export const LEAVE_TEAM = graphql(`mutation LeaveTeam($teamId: UUID4!) { leaveTeam(teamId: $teamId) }`);

export function leaveTeam(teamId: string) {
  return request(LEAVE_TEAM, { teamId });
}

export type MemberAuthorizationChange = {
  teamId: string;
  userId: string;
  authorization: TeamMemberAuthorization;
  teamManager?: boolean;
};

export const CHANGE_TEAM_MEMBER_AUTHORIZATION =
  graphql(`mutation ChangeTeamMemberAuthorization($teamId: UUID4!, $userId: UUID4!, $authorization: TeamMemberAuthorization!, $teamManager: Boolean) {
      changeTeamMemberAuthorizations(teamId: $teamId, memberAuthorizations: [{ userId: $userId, authorization: $authorization, teamManager: $teamManager }]) { id } }`);

export function changeTeamMemberAuthorization(vars: MemberAuthorizationChange) {
  return request(CHANGE_TEAM_MEMBER_AUTHORIZATION, vars);
}

export const SET_TEAM_MINIMUM_PRIVACY =
  graphql(`mutation SetTeamMinimumPrivacy($teamId: UUID4!, $minimumPrivacy: Int!, $updateDrafts: Boolean!) {
      setTeamMinimumPrivacy(teamId: $teamId, minimumPrivacy: $minimumPrivacy, updateDrafts: $updateDrafts) { minimumPrivacy } }`);

export function setTeamMinimumPrivacy(vars: TeamVars & { minimumPrivacy: number; updateDrafts: boolean }) {
  return request(SET_TEAM_MINIMUM_PRIVACY, vars);
}

export const SET_DEFAULT_TEAM_MEMBER_AUTHORIZATION =
  graphql(`mutation SetDefaultTeamMemberAuthorization($teamId: UUID4!, $defaultAuthorization: TeamMemberAuthorization!) {
      setDefaultTeamMemberAuthorization(teamId: $teamId, defaultAuthorization: $defaultAuthorization) { defaultAuthorization } }`);

export function setDefaultTeamMemberAuthorization(
  vars: TeamVars & { defaultAuthorization: TeamMemberAuthorization },
) {
  return request(SET_DEFAULT_TEAM_MEMBER_AUTHORIZATION, vars);
}

type SandboxSettingsVars = TeamVars & { preventSandboxLeaving: boolean; preventSandboxExport: boolean };

export const SET_WORKSPACE_SANDBOX_SETTINGS =
  graphql(`mutation SetWorkspaceSandboxSettings($teamId: UUID4!, $preventSandboxLeaving: Boolean!, $preventSandboxExport: Boolean!) {
      setWorkspaceSandboxSettings(teamId: $teamId, preventSandboxLeaving: $preventSandboxLeaving, preventSandboxExport: $preventSandboxExport) {
        preventSandboxLeaving preventSandboxExport } }`);

export function setWorkspaceSandboxSettings(vars: SandboxSettingsVars) {
  return request(SET_WORKSPACE_SANDBOX_SETTINGS, vars);
}

export type AiConsent = {
  privateRepositories: boolean;
  privateSandboxes: boolean;
  publicRepositories: boolean;
  publicSandboxes: boolean;
};

export const SET_TEAM_AI_CONSENT =
  graphql(`mutation SetTeamAiConsent($teamId: UUID4!, $privateRepositories: Boolean!, $privateSandboxes: Boolean!, $publicRepositories: Boolean!, $publicSandboxes: Boolean!) {
      setTeamAiConsent(teamId: $teamId, privateRepositories: $privateRepositories, privateSandboxes: $privateSandboxes, publicRepositories: $publicRepositories, publicSandboxes: $publicSandboxes) {
        privateRepositories privateSandboxes publicRepositories publicSandboxes } }`);

export function setTeamAiConsent(vars: TeamVars & AiConsent) {
  return request(SET_TEAM_AI_CONSENT, vars);
}
