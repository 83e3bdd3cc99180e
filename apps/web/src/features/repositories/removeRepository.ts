import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteBranchMutation, deleteProjectMutation } from "../../api/queries/repositories.ts";
import { toast } from "../../ui/toastStore.ts";
import { confirm } from "../modals/confirm.ts";

const failed = { onError: () => toast.error(CODEHOST_MESSAGES.removeFailed) };

/**
 * Removes a repository from a workspace after a confirmation that code not pushed is lost
 * (spec 1 §5). `remove` answers whether it was removed; a failure shows 'Failed to remove
 * branch/project'. `removing` is true from the request until the lists are read again.
 */
export function useRemoveRepository() {
  const mutation = useMutation(deleteProjectMutation(useQueryClient(), failed));
  const remove = async (repo: { owner: string; name: string; teamId: string }) => {
    const confirmed = await confirm({
      title: `Remove ${repo.owner}/${repo.name}?`,
      message:
        "The repository and its branches leave this workspace. Code that was not pushed to GitHub is lost.",
      confirmLabel: "Remove repository",
      danger: true,
    });
    if (!confirmed) return false;
    return mutation.mutateAsync(repo).then(
      () => true,
      () => false,
    );
  };
  return { remove, removing: mutation.isPending };
}

/** Removes a branch from Boxyard (and from GitHub when Boxyard made it and nothing was pushed since). */
export function useRemoveBranch() {
  const mutation = useMutation(deleteBranchMutation(useQueryClient(), failed));
  const remove = async (branch: { id: string; name: string }) => {
    const confirmed = await confirm({
      title: `Remove the branch ${branch.name}?`,
      message: "Code on this branch that was not pushed to GitHub is lost.",
      confirmLabel: "Remove branch",
      danger: true,
    });
    if (!confirmed) return false;
    return mutation.mutateAsync(branch.id).then(
      () => true,
      () => false,
    );
  };
  return { remove, removing: mutation.isPending };
}
