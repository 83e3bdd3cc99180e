import { CODEHOST_MESSAGES } from "@boxyard/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { branchPath, createBranchMutation } from "../../api/queries/repositories.ts";
import { toast } from "../../ui/toastStore.ts";

/**
 * 'Create branch': a new branch with a generated name, pushed to GitHub by the server; the client
 * then opens it (api-contract §9). A failure shows 'Failed to create branch' (spec 1 §8).
 */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    createBranchMutation(queryClient, {
      onSuccess: (branch, repo) => navigate(branchPath(repo, branch.name)),
      onError: () => toast.error(CODEHOST_MESSAGES.createBranchFailed),
    }),
  );
}
