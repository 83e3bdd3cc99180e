import type { TeamMemberAuthorization } from "@boxyard/domain";
import { queryOptions } from "@tanstack/react-query";
import { graphql } from "../graphql.ts";
import { rest } from "../rest.ts";
import type { TeamInfo, Workspace } from "../types.ts";

export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: ["workspaces", "all-teams"] as const,
  team: (id: string) => ["workspaces", "team", id] as const,
  /** Invitations addressed to the signed-in user. */
  myInvitations: ["workspaces", "my-invitations"] as const,
  byToken: (token: string) => ["workspaces", "by-token", token] as const,
};

const TEAM_SUMMARY = `
  id name description avatarUrl insertedAt settings { minimumPrivacy }
  userAuthorizations { userId authorization teamManager }
  users { id name username avatarUrl }
  invitees { id name username avatarUrl }
  subscription(includeCancelled: true) { origin type status paymentProvider }
  featureFlags { ubbBeta friendOfCsb }
  limits { includedPublicSandboxes includedPrivateSandboxes }
  usage { publicSandboxesQuantity privateSandboxesQuantity }
`;

export const ALL_TEAMS = `query AllTeams { me { id primaryWorkspaceId workspaces { ${TEAM_SUMMARY} } } }`;

export type AllTeams = {
  me: { id: string; primaryWorkspaceId: string | null; workspaces: Workspace[] } | null;
};

export const allTeamsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.list,
    queryFn: ({ signal }) => graphql<AllTeams>("AllTeams", ALL_TEAMS, undefined, signal),
    staleTime: 60 * 1000,
  });

/** The TeamInfo fragment (API contract §3) as far as the server answers it, plus the admins' invitation list. */
const TEAM_INFO = `
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
`;

export const GET_TEAM = `query GetTeam($teamId: UUID4!) { me { id team(id: $teamId) { ${TEAM_INFO} } } }`;

export type GetTeam = { me: { id: string; team: TeamInfo | null } | null };

/** The workspace's full record (GetTeam): the shell reads whether it is frozen, the settings page the rest. */
export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: workspaceKeys.team(teamId),
    queryFn: ({ signal }) => graphql<GetTeam, { teamId: string }>("GetTeam", GET_TEAM, { teamId }, signal),
    staleTime: 60 * 1000,
    retry: false,
  });

export const CREATE_TEAM = `mutation CreateTeam($name: String!) { createTeam(name: $name) { id name } }`;

export function createTeam(name: string) {
  return graphql<{ createTeam: { id: string; name: string } }, { name: string }>("CreateTeam", CREATE_TEAM, {
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

const MY_INVITATIONS = `query MyTeamInvitations { me { id teamInvitations {
  teamId teamName teamAvatarUrl authorization inviterName inviterAvatarUrl insertedAt } } }`;

export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.myInvitations,
    queryFn: async ({ signal }) => {
      const data = await graphql<{ me: { teamInvitations: InvitationToMe[] } | null }>(
        "MyTeamInvitations",
        MY_INVITATIONS,
        undefined,
        signal,
      );
      return data.me?.teamInvitations ?? [];
    },
    staleTime: 60 * 1000,
  });

const TEAM_BY_TOKEN = `query TeamByToken($inviteToken: String!) { teamByToken(inviteToken: $inviteToken) { name } }`;

export const teamByTokenQuery = (inviteToken: string) =>
  queryOptions({
    queryKey: workspaceKeys.byToken(inviteToken),
    queryFn: async ({ signal }) => {
      const data = await graphql<{ teamByToken: { name: string } | null }, { inviteToken: string }>(
        "TeamByToken",
        TEAM_BY_TOKEN,
        { inviteToken },
        signal,
      );
      return data.teamByToken;
    },
    retry: false,
  });

export function redeemInviteToken(inviteToken: string) {
  return graphql<{ redeemTeamInviteToken: { id: string; name: string } }, { inviteToken: string }>(
    "JoinTeamByToken",
    "mutation JoinTeamByToken($inviteToken: String!) { redeemTeamInviteToken(inviteToken: $inviteToken) { id name } }",
    { inviteToken },
  );
}

export function acceptTeamInvitation(teamId: string) {
  return graphql<{ acceptTeamInvitation: { id: string } }, { teamId: string }>(
    "AcceptTeamInvitation",
    "mutation AcceptTeamInvitation($teamId: UUID4!) { acceptTeamInvitation(teamId: $teamId) { id } }",
    { teamId },
  );
}

export function rejectTeamInvitation(teamId: string) {
  return graphql<{ rejectTeamInvitation: boolean }, { teamId: string }>(
    "RejectTeamInvitation",
    "mutation RejectTeamInvitation($teamId: UUID4!) { rejectTeamInvitation(teamId: $teamId) }",
    { teamId },
  );
}

// ---------------------------------------------------------------------------------------------
// Managing a workspace (its admins; the server refuses everyone else)

type TeamVars = { teamId: string };

export function setTeamName(vars: TeamVars & { name: string }) {
  return graphql<{ setTeamName: { id: string } }, TeamVars & { name: string }>(
    "SetTeamName",
    "mutation SetTeamName($teamId: UUID4!, $name: String!) { setTeamName(teamId: $teamId, name: $name) { id } }",
    vars,
  );
}

export function setTeamDescription(vars: TeamVars & { description: string }) {
  return graphql<{ setTeamDescription: { id: string } }, TeamVars & { description: string }>(
    "SetTeamDescription",
    `mutation SetTeamDescription($teamId: UUID4!, $description: String!) {
      setTeamDescription(teamId: $teamId, description: $description) { id } }`,
    vars,
  );
}

export function deleteWorkspace(teamId: string) {
  return graphql<{ deleteWorkspace: boolean }, TeamVars>(
    "DeleteWorkspace",
    "mutation DeleteWorkspace($teamId: UUID4!) { deleteWorkspace(teamId: $teamId) }",
    { teamId },
  );
}

/** PUT the image's bytes; the server checks them and answers the new avatarUrl. */
export function uploadWorkspaceAvatar(teamId: string, file: Blob) {
  return rest.put<{ avatarUrl: string }>(`/api/v1/teams/${teamId}/avatar`, undefined, { rawBody: file });
}

export function removeWorkspaceAvatar(teamId: string) {
  return rest.delete<void>(`/api/v1/teams/${teamId}/avatar`);
}

type InviteVars = TeamVars & { authorization: TeamMemberAuthorization };

export function inviteToTeam(vars: InviteVars & { username: string }) {
  return graphql<{ inviteToTeam: { id: string } }, InviteVars & { username: string }>(
    "InviteToTeam",
    `mutation InviteToTeam($teamId: UUID4!, $username: String!, $authorization: TeamMemberAuthorization) {
      inviteToTeam(teamId: $teamId, username: $username, authorization: $authorization) { id } }`,
    vars,
  );
}

export function inviteToTeamViaEmail(vars: InviteVars & { email: string }) {
  return graphql<{ inviteToTeamViaEmail: boolean }, InviteVars & { email: string }>(
    "InviteToTeamViaEmail",
    `mutation InviteToTeamViaEmail($teamId: UUID4!, $email: String!, $authorization: TeamMemberAuthorization) {
      inviteToTeamViaEmail(teamId: $teamId, email: $email, authorization: $authorization) }`,
    vars,
  );
}

/** Revokes a pending invitation: of a known user by id, or of an e-mail address. */
export function revokeInvitation(vars: TeamVars & ({ userId: string } | { email: string })) {
  if ("userId" in vars) {
    return graphql<unknown, TeamVars & { userId: string }>(
      "RevokeTeamInvitation",
      `mutation RevokeTeamInvitation($teamId: UUID4!, $userId: UUID4!) {
        revokeTeamInvitation(teamId: $teamId, userId: $userId) { id } }`,
      vars,
    );
  }
  return graphql<unknown, TeamVars & { email: string }>(
    "RevokeTeamEmailInvitation",
    `mutation RevokeTeamEmailInvitation($teamId: UUID4!, $email: String!) {
      revokeTeamEmailInvitation(teamId: $teamId, email: $email) { id } }`,
    vars,
  );
}

export function removeFromTeam(vars: TeamVars & { userId: string }) {
  return graphql<unknown, TeamVars & { userId: string }>(
    "RemoveFromTeam",
    "mutation RemoveFromTeam($teamId: UUID4!, $userId: UUID4!) { removeFromTeam(teamId: $teamId, userId: $userId) { id } }",
    vars,
  );
}

/** 'Reset invite link' (admins): the workspace gets a new invite link; the old one stops working. */
export function resetTeamInviteToken(teamId: string) {
  return graphql<{ resetTeamInviteToken: { id: string; inviteToken: string | null } }, TeamVars>(
    "ResetTeamInviteToken",
    "mutation ResetTeamInviteToken($teamId: UUID4!) { resetTeamInviteToken(teamId: $teamId) { id inviteToken } }",
    { teamId },
  );
}

export function leaveTeam(teamId: string) {
  return graphql<{ leaveTeam: boolean }, TeamVars>(
    "LeaveTeam",
    "mutation LeaveTeam($teamId: UUID4!) { leaveTeam(teamId: $teamId) }",
    { teamId },
  );
}

export type MemberAuthorizationChange = {
  teamId: string;
  userId: string;
  authorization: TeamMemberAuthorization;
  teamManager?: boolean;
};

export function changeTeamMemberAuthorization(vars: MemberAuthorizationChange) {
  return graphql<unknown, MemberAuthorizationChange>(
    "ChangeTeamMemberAuthorization",
    `mutation ChangeTeamMemberAuthorization($teamId: UUID4!, $userId: UUID4!, $authorization: TeamMemberAuthorization!, $teamManager: Boolean) {
      changeTeamMemberAuthorizations(teamId: $teamId, memberAuthorizations: [{ userId: $userId, authorization: $authorization, teamManager: $teamManager }]) { id } }`,
    vars,
  );
}

export function setTeamMinimumPrivacy(vars: TeamVars & { minimumPrivacy: number; updateDrafts: boolean }) {
  return graphql<unknown, TeamVars & { minimumPrivacy: number; updateDrafts: boolean }>(
    "SetTeamMinimumPrivacy",
    `mutation SetTeamMinimumPrivacy($teamId: UUID4!, $minimumPrivacy: Int!, $updateDrafts: Boolean!) {
      setTeamMinimumPrivacy(teamId: $teamId, minimumPrivacy: $minimumPrivacy, updateDrafts: $updateDrafts) { minimumPrivacy } }`,
    vars,
  );
}

export function setDefaultTeamMemberAuthorization(
  vars: TeamVars & { defaultAuthorization: TeamMemberAuthorization },
) {
  return graphql<unknown, TeamVars & { defaultAuthorization: TeamMemberAuthorization }>(
    "SetDefaultTeamMemberAuthorization",
    `mutation SetDefaultTeamMemberAuthorization($teamId: UUID4!, $defaultAuthorization: TeamMemberAuthorization!) {
      setDefaultTeamMemberAuthorization(teamId: $teamId, defaultAuthorization: $defaultAuthorization) { defaultAuthorization } }`,
    vars,
  );
}

type SandboxSettingsVars = TeamVars & { preventSandboxLeaving: boolean; preventSandboxExport: boolean };

export function setWorkspaceSandboxSettings(vars: SandboxSettingsVars) {
  return graphql<unknown, SandboxSettingsVars>(
    "SetWorkspaceSandboxSettings",
    `mutation SetWorkspaceSandboxSettings($teamId: UUID4!, $preventSandboxLeaving: Boolean!, $preventSandboxExport: Boolean!) {
      setWorkspaceSandboxSettings(teamId: $teamId, preventSandboxLeaving: $preventSandboxLeaving, preventSandboxExport: $preventSandboxExport) {
        preventSandboxLeaving preventSandboxExport } }`,
    vars,
  );
}

export type AiConsent = {
  privateRepositories: boolean;
  privateSandboxes: boolean;
  publicRepositories: boolean;
  publicSandboxes: boolean;
};

export function setTeamAiConsent(vars: TeamVars & AiConsent) {
  return graphql<unknown, TeamVars & AiConsent>(
    "SetTeamAiConsent",
    `mutation SetTeamAiConsent($teamId: UUID4!, $privateRepositories: Boolean!, $privateSandboxes: Boolean!, $publicRepositories: Boolean!, $publicSandboxes: Boolean!) {
      setTeamAiConsent(teamId: $teamId, privateRepositories: $privateRepositories, privateSandboxes: $privateSandboxes, publicRepositories: $publicRepositories, publicSandboxes: $publicSandboxes) {
        privateRepositories privateSandboxes publicRepositories publicSandboxes } }`,
    vars,
  );
}
