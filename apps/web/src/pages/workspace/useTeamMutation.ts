import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import type { TeamInfo } from "../../api/queries/workspaces.ts";
import { type GetTeam, teamChangeMutation, workspaceKeys } from "../../api/queries/workspaces.ts";
import { toast } from "../../ui/toastStore.ts";

type Options<V> = {
  /** The spec's toast on failure; without it the server's message is shown. */
  failure?: string;
  success?: string | ((variables: V) => string);
  /** Also refresh the workspace list (the top bar's selector): names, avatars, members. */
  affectsList?: boolean;
  /** The caller shows the failure itself (say under a field): no toast. */
  quietFailure?: boolean;
  /** Applied to the cached workspace at once, rolled back if the server refuses. */
  optimistic?: (team: TeamInfo, variables: V) => TeamInfo;
};

/**
 * A change to one workspace: refreshes exactly GetTeam (and the list when asked), optimistic when
 * asked, with the spec's failure toast.
 */
export function useTeamMutation<V>(
  teamId: string,
  mutationFn: (variables: V) => Promise<unknown>,
  options: Options<V> = {},
) {
  const queryClient = useQueryClient();
  const key = workspaceKeys.team(teamId);
  return useMutation(
    teamChangeMutation(queryClient, teamId, mutationFn, options.affectsList ?? false, {
      onMutate: async (variables: V) => {
        if (!options.optimistic) return { previous: undefined };
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<GetTeam>(key);
        const team = previous?.me?.team;
        if (previous?.me && team) {
          queryClient.setQueryData<GetTeam>(key, {
            me: { ...previous.me, team: options.optimistic(team, variables) },
          });
        }
        return { previous };
      },
      onError: (error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous);
        if (options.quietFailure) return;
        console.error("Workspace change failed", error);
        toast.error(options.failure ?? getErrorMessage(error));
      },
      onSuccess: (_data, variables) => {
        const success = typeof options.success === "function" ? options.success(variables) : options.success;
        if (success) toast.success(success);
      },
    }),
  );
}
