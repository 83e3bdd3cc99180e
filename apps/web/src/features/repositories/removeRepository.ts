import { CODEHOST_MESSAGES } from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { deleteBranch, deleteProject, repositoryKeys } from "../../api/queries/repositories.ts";
import { toast } from "../../ui/toastStore.ts";
import { confirm } from "../modals/ConfirmModal.tsx";

/**
 * Removes a repository from a workspace after a confirmation that code not pushed is lost
 * (spec 1 §5). Answers whether it was removed; a failure shows 'Failed to remove branch/project'.
 */
export async function removeRepository(
  queryClient: QueryClient,
  repo: { owner: string; name: string; teamId: string },
  onRemoving?: (removing: boolean) => void,
): Promise<boolean> {
  const confirmed = await confirm({
    title: `Remove ${repo.owner}/${repo.name}?`,
    message:
      "The repository and its branches leave this workspace. Code that was not pushed to GitHub is lost.",
    confirmLabel: "Remove repository",
    danger: true,
  });
  if (!confirmed) return false;
  onRemoving?.(true);
  try {
    await deleteProject(repo);
    await queryClient.invalidateQueries({ queryKey: repositoryKeys.all });
    return true;
  } catch {
    toast.error(CODEHOST_MESSAGES.removeFailed);
    return false;
  } finally {
    onRemoving?.(false);
  }
}

/** Removes a branch from Boxyard (and from GitHub when Boxyard made it and nothing was pushed since). */
export async function removeBranch(
  queryClient: QueryClient,
  branch: { id: string; name: string },
  onRemoving?: (removing: boolean) => void,
): Promise<boolean> {
  const confirmed = await confirm({
    title: `Remove the branch ${branch.name}?`,
    message: "Code on this branch that was not pushed to GitHub is lost.",
    confirmLabel: "Remove branch",
    danger: true,
  });
  if (!confirmed) return false;
  onRemoving?.(true);
  try {
    await deleteBranch(branch.id);
    await queryClient.invalidateQueries({ queryKey: repositoryKeys.all });
    return true;
  } catch {
    toast.error(CODEHOST_MESSAGES.removeFailed);
    return false;
  } finally {
    onRemoving?.(false);
  }
}
