import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { type TeamChange, teamChangeMutation } from "../../api/queries/workspace-mutations.ts";
import { toast } from "../../ui/toastStore.ts";

type Options<V> = {
  /** The spec's toast on failure; without it the server's message is shown. */
  failure?: string;
  success?: string | ((variables: V) => string);
  /** The caller shows the failure itself (say under a field): no toast. */
  quietFailure?: boolean;
};

/**
 * A change to one workspace (see `teamChanges`), with the spec's toasts; what it does to the cache
 * is the change's own.
 */
export function useTeamMutation<V>(teamId: string, change: TeamChange<V>, options: Options<V> = {}) {
  const queryClient = useQueryClient();
  return useMutation(
    teamChangeMutation(queryClient, teamId, change, {
      onError: (error) => {
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
