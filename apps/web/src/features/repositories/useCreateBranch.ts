import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { branchPath, createBranch, openBranch, repositoryKeys } from "../../api/queries/repositories.ts";
import { toast } from "../../ui/toastStore.ts";

/**
 * 'Create branch': a new branch with a generated name, pushed to GitHub by the server; the client
 * then opens it (api-contract §9). A failure shows 'Failed to create branch' (spec 1 §8).
 */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (repo: { owner: string; name: string; teamId: string }) => createBranch(repo),
    onSuccess: async (branch, repo) => {
      // The client opens the new branch: that records the access (Recent, the branch order).
      await openBranch(branch.id).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: repositoryKeys.all });
      navigate(branchPath(repo, branch.name));
    },
    onError: () => toast.error(CODEHOST_MESSAGES.createBranchFailed),
  });
}
