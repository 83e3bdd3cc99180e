import { queryOptions } from "@tanstack/react-query";
import { graphql } from "../graphql.ts";
import type { SubscriptionStatus, Workspace } from "../types.ts";

export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: ["workspaces", "all-teams"] as const,
  team: (id: string) => ["workspaces", "team", id] as const,
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

export const GET_TEAM = `query GetTeam($teamId: UUID4!) {
  me {
    id
    team(id: $teamId) {
      id name frozen
      settings { minimumPrivacy }
      subscription(includeCancelled: true) { status }
      limits { includedCredits includedVmTier onDemandCreditLimit }
      usage { credits }
    }
  }
}`;

/** The TeamInfo fields the shell and the create dialog read (api-contract §3 TeamInfo). */
export type TeamInfo = {
  id: string;
  name: string;
  frozen: boolean;
  settings: { minimumPrivacy: number } | null;
  subscription: { status: SubscriptionStatus } | null;
  limits: { includedCredits: number; includedVmTier: number; onDemandCreditLimit: number } | null;
  usage: { credits: number } | null;
};

export type TeamFrozenInfo = { me: { id: string; team: TeamInfo | null } | null };

/** The active workspace's record: whether it is frozen, its plan's limits and usage. */
export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: workspaceKeys.team(teamId),
    queryFn: ({ signal }) =>
      graphql<TeamFrozenInfo, { teamId: string }>("GetTeam", GET_TEAM, { teamId }, signal),
    staleTime: 60 * 1000,
    retry: false,
  });

export const CREATE_TEAM = `mutation CreateTeam($name: String!) { createTeam(name: $name) { id name } }`;

export function createTeam(name: string) {
  return graphql<{ createTeam: { id: string; name: string } }, { name: string }>("CreateTeam", CREATE_TEAM, {
    name,
  });
}
