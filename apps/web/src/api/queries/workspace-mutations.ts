import type { QueryClient } from "@tanstack/react-query";
import {
  cacheMutation,
  type Invalidation,
  invalidatingMutation,
  type UiCallbacks,
} from "../mutation-options.ts";
import {
  acceptTeamInvitation,
  changeTeamMemberAuthorization,
  createTeam,
  deleteWorkspace,
  type GetTeam,
  inviteToWorkspace,
  leaveTeam,
  redeemInviteToken,
  rejectTeamInvitation,
  removeFromTeam,
  removeWorkspaceAvatar,
  resetTeamInviteToken,
  revokeInvitation,
  setDefaultTeamMemberAuthorization,
  setTeamAiConsent,
  setTeamDescription,
  setTeamMinimumPrivacy,
  setTeamName,
  setWorkspaceSandboxSettings,
  type TeamInfo,
  uploadWorkspaceAvatar,
  workspaceKeys,
} from "./workspaces.ts";

/* ---------------------------------------------------------------------------------------------
 * Mutation options: each change says which queries it makes stale
 * ------------------------------------------------------------------------------------------- */

/** Joining a workspace changes the list, the invitations and what the user may read of it. */
export const JOINED_WORKSPACE: Invalidation<unknown, unknown> = { keys: () => [workspaceKeys.all] };

/** Accepting an invitation joins the workspace; the invitation list changes whatever the answer. */
export const acceptInvitationMutation = (queryClient: QueryClient, ui?: UiCallbacks<unknown, string>) =>
  invalidatingMutation(
    queryClient,
    acceptTeamInvitation,
    [JOINED_WORKSPACE, { keys: () => [workspaceKeys.myInvitations], on: "settled" }],
    ui,
  );

export const rejectInvitationMutation = (queryClient: QueryClient, ui?: UiCallbacks<unknown, string>) =>
  invalidatingMutation(
    queryClient,
    rejectTeamInvitation,
    { keys: () => [workspaceKeys.myInvitations], on: "settled" },
    ui,
  );

/** Joins the workspace an invite link leads to. */
export const redeemInviteTokenMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof redeemInviteToken>>, string>,
) => invalidatingMutation(queryClient, redeemInviteToken, JOINED_WORKSPACE, ui);

/** Names a new workspace (creating it) or renames the one being set up; answers its id. */
export const saveWorkspaceNameMutation = (
  queryClient: QueryClient,
  workspace: { id: string; name: string } | null | undefined,
  ui?: UiCallbacks<{ id: string; created: boolean }, string>,
) =>
  invalidatingMutation(
    queryClient,
    async (value: string) => {
      if (!workspace) return { id: (await createTeam(value)).createTeam.id, created: true };
      if (value !== workspace.name) await setTeamName({ teamId: workspace.id, name: value });
      return { id: workspace.id, created: false };
    },
    { keys: () => [workspaceKeys.all] },
    ui,
  );

/** A workspace the user deleted or left: its record goes, the list is read again without it. */
const goneWorkspace = (queryClient: QueryClient) => ({
  update: (_data: unknown, teamId: string) =>
    queryClient.removeQueries({ queryKey: workspaceKeys.team(teamId) }),
  invalidate: { keys: () => [workspaceKeys.list] },
});

export const deleteWorkspaceMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof deleteWorkspace>>, string>,
) => cacheMutation(queryClient, deleteWorkspace, goneWorkspace(queryClient), ui);

export const leaveWorkspaceMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof leaveTeam>>, string>,
) => cacheMutation(queryClient, leaveTeam, goneWorkspace(queryClient), ui);

/* ---------------------------------------------------------------------------------------------
 * Changes to one workspace (its settings page)
 * ------------------------------------------------------------------------------------------- */

/** A change to one workspace's record (GetTeam), made by its admins on the settings page. */
export type TeamChange<V> = {
  run: (variables: V, teamId: string) => Promise<unknown>;
  /** The workspace list (the top bar's selector: names, avatars, members) shows what it changes. */
  affectsList?: boolean;
  /** The workspace as it looks once changed, shown before the server answers. */
  optimistic?: (team: TeamInfo, variables: V) => TeamInfo;
};

const teamChange = <V>(change: TeamChange<V>) => change;

const withSettings = (team: TeamInfo, settings: Partial<TeamInfo["settings"]>): TeamInfo => ({
  ...team,
  settings: { ...team.settings, ...settings },
});

export const teamChanges = {
  name: teamChange({ run: setTeamName, affectsList: true }),
  description: teamChange({ run: setTeamDescription, affectsList: true }),
  uploadAvatar: teamChange({
    run: (file: Blob, teamId) => uploadWorkspaceAvatar(teamId, file),
    affectsList: true,
  }),
  removeAvatar: teamChange<void>({ run: (_, teamId) => removeWorkspaceAvatar(teamId), affectsList: true }),
  invite: teamChange({ run: inviteToWorkspace, affectsList: true }),
  revokeInvitation: teamChange({ run: revokeInvitation, affectsList: true }),
  resetInviteLink: teamChange({ run: resetTeamInviteToken }),
  removeMember: teamChange({ run: removeFromTeam, affectsList: true }),
  memberAuthorization: teamChange({
    run: changeTeamMemberAuthorization,
    affectsList: true,
    optimistic: (team, v) => ({
      ...team,
      userAuthorizations: team.userAuthorizations.map((a) =>
        a.userId === v.userId
          ? { ...a, authorization: v.authorization, teamManager: v.teamManager ?? a.teamManager }
          : a,
      ),
    }),
  }),
  minimumPrivacy: teamChange({
    run: setTeamMinimumPrivacy,
    optimistic: (team, v) => withSettings(team, { minimumPrivacy: v.minimumPrivacy }),
  }),
  defaultAuthorization: teamChange({
    run: setDefaultTeamMemberAuthorization,
    optimistic: (team, v) => withSettings(team, { defaultAuthorization: v.defaultAuthorization }),
  }),
  sandboxSettings: teamChange({
    run: setWorkspaceSandboxSettings,
    optimistic: (team, v) =>
      withSettings(team, {
        preventSandboxLeaving: v.preventSandboxLeaving,
        preventSandboxExport: v.preventSandboxExport,
      }),
  }),
  aiConsent: teamChange({
    run: setTeamAiConsent,
    optimistic: (team, v) => {
      const { teamId: _teamId, ...aiConsent } = v;
      return withSettings(team, { aiConsent });
    },
  }),
};

/**
 * A change to one workspace: shown at once when it can be, rolled back if the server refuses;
 * GetTeam (and the workspace list when it shows the change) is read again afterwards, whether the
 * server took it or not.
 */
export const teamChangeMutation = <V>(
  queryClient: QueryClient,
  teamId: string,
  change: TeamChange<V>,
  ui?: UiCallbacks<unknown, V>,
) => {
  const key = workspaceKeys.team(teamId);
  const { optimistic } = change;
  return cacheMutation(
    queryClient,
    (variables: V) => change.run(variables, teamId),
    {
      optimistic:
        optimistic &&
        (async (variables) => {
          await queryClient.cancelQueries({ queryKey: key });
          const previous = queryClient.getQueryData<GetTeam>(key);
          const team = previous?.me?.team;
          if (previous?.me && team) {
            queryClient.setQueryData<GetTeam>(key, {
              me: { ...previous.me, team: optimistic(team, variables) },
            });
          }
          return previous && (() => queryClient.setQueryData(key, previous));
        }),
      invalidate: {
        keys: () => (change.affectsList ? [key, workspaceKeys.list] : [key]),
        on: "settled",
      },
    },
    ui,
  );
};
