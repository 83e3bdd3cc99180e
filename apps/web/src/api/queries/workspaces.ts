import { queryOptions } from "@tanstack/react-query";
import { graphql } from "../graphql.ts";
import type { Workspace } from "../types.ts";

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

export const GET_TEAM = `query GetTeam($teamId: UUID4!) { me { id team(id: $teamId) { id name frozen } } }`;

export type TeamFrozenInfo = {
  me: { id: string; team: { id: string; name: string; frozen: boolean } | null } | null;
};

/** The few TeamInfo fields the shell needs: whether the workspace is frozen. */
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
