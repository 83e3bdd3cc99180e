import { type Branch, branchPath, openBranch } from "../../api/queries/repositories.ts";

/**
 * Opens a branch: its place on its repository's page (the workspace it belongs to), recording the
 * access first so Recent and the repository's order know it (api-contract §9 openBranch).
 */
export function openBranchPage(branch: Branch, navigate: (to: string) => void, newTab = false) {
  void openBranch(branch.id).catch(() => undefined);
  const path = branchPath(branch.project.repository, branch.name, { workspaceId: branch.project.team.id });
  if (newTab) window.open(path, "_blank", "noopener");
  else navigate(path);
}
