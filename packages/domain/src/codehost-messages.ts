/** User-facing texts of repositories, branches and the code host (spec 1 §8, spec 2 §5, §8). */

export const CODEHOST_MESSAGES = {
  // Word for word from the specification.
  noOrganizations: "No organizations found",
  invalidRepositoryName: "Invalid repository name or organization",
  emptyRepositorySearch:
    "No repository matching the search. Please double check the repository name or try the Find by URL option.",
  importFailed: "Failed to import/fork repository",
  createBranchFailed: "Failed to create branch",
  removeFailed: "Failed to remove branch/project",
  reposLoadFailed: "There was a problem getting your repos",

  // The server's own answers.
  notConnected: "Connect your GitHub account first: sign in with GitHub to import repositories.",
  reauthorize: "GitHub no longer accepts Boxyard's access to your account. Sign in with GitHub again.",
  repositoryNotFound: "Repository not found on GitHub, or your GitHub account cannot read it.",
  organizationNotFound: "Organization not found on GitHub, or your GitHub account cannot see it.",
  projectNotFound: "Repository not found in this workspace.",
  branchNotFound: "Branch not found.",
  codeHostTimeout: "GitHub did not answer in time. Nothing was changed; try again in a moment.",
  readOnlyRepository: "Your GitHub account can only read this repository: fork it to contribute.",
  defaultBranchKept: "The default branch of a repository cannot be removed.",
  viewerCannotImport: "Viewers cannot import repositories into this workspace.",
  viewerCannotBranch: "Viewers cannot create or remove branches in this workspace.",
  viewerCannotRemove: "Viewers cannot remove repositories from this workspace.",
  frozenImport: "This workspace is frozen: importing and forking are disabled.",
  frozenBranch: "This workspace is frozen: creating branches is disabled.",
  templateUrlInvalid:
    "Enter a GitHub repository as owner/repo, optionally followed by /tree/{branch} and a folder.",
  templateNotSynced: "This sandbox is not synced with a repository.",
  forkNameRequired: "Enter a name for the fork.",
  forkIntoUnknown: "Forks go into your GitHub account or one of your organizations.",
} as const;

/**
 * Spec 2 §8: 'This repository has already been imported into one/some of your workspaces, open it
 * on: ...'; the links (one per workspace) follow the colon.
 */
export function alreadyImportedMessage(workspaceCount: number): string {
  return `This repository has already been imported into ${workspaceCount === 1 ? "one" : "some"} of your workspaces, open it on: `;
}

export function codeHostUnavailableMessage(status: number | null): string {
  const answer = status ? `answered ${status}` : "could not be reached";
  return `GitHub ${answer}. Nothing was changed; try again in a moment.`;
}

export const forkExistsMessage = (owner: string, name: string) =>
  `A repository named ${owner}/${name} already exists.`;

export const forkOwnerRefusedMessage = (owner: string) =>
  `You cannot create repositories in ${owner}: fork into your account or one of your organizations.`;

export const templateFolderNotFoundMessage = (path: string, branch: string) =>
  `The folder '${path}' does not exist on the branch ${branch}.`;

export const templateBranchNotFoundMessage = (branch: string) =>
  `The branch ${branch} does not exist in this repository.`;
