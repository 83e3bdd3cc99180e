import { orderBranches } from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, GraphQLRequestError } from "../errors.ts";
import { graphql, type ResultOf, request } from "../graphql.ts";
import { invalidatingMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";

/* ---------------------------------------------------------------------------------------------
 * Fragments (api-contract §3 'Repositories and branches')
 * ------------------------------------------------------------------------------------------- */

export const REPOSITORY_INFO = graphql(
  `fragment RepositoryInfo on GitHubRepository { owner name defaultBranch private }`,
);

export const BRANCH = graphql(
  `fragment Branch on Branch {
  id name contribution lastAccessedAt upstream owner { username }
  project { repository { ...RepositoryInfo } team { id } }
}`,
  [REPOSITORY_INFO],
);

export const BRANCH_WITH_PR = graphql(
  `fragment BranchWithPR on Branch { ...Branch pullRequests { title number additions deletions } }`,
  [BRANCH],
);

export const PROJECT = graphql(
  `fragment Project on Project {
  appInstalled branchCount lastAccessedAt repository { ...RepositoryInfo } team { id }
}`,
  [REPOSITORY_INFO],
);

export const PROJECT_WITH_BRANCHES = graphql(
  `fragment ProjectWithBranches on Project {
  appInstalled appInstallUrl branches { ...BranchWithPR } repository { ...RepositoryInfo } team { id }
}`,
  [REPOSITORY_INFO, BRANCH_WITH_PR],
);

export type RepositoryInfo = ResultOf<typeof REPOSITORY_INFO>;
export type PullRequest = ResultOf<typeof BRANCH_WITH_PR>["pullRequests"][number];
/** A branch; the lists that ask for them carry its open pull requests. */
export type Branch = ResultOf<typeof BRANCH> & { pullRequests?: PullRequest[] };
export type Project = ResultOf<typeof PROJECT>;
export type ProjectWithBranches = ResultOf<typeof PROJECT_WITH_BRANCHES>;

/* ---------------------------------------------------------------------------------------------
 * Keys
 * ------------------------------------------------------------------------------------------- */

export const repositoryKeys = {
  all: ["repositories"] as const,
  byTeam: (teamId: string) => ["repositories", "team", teamId] as const,
  details: (teamId: string, owner: string, name: string) =>
    ["repositories", "details", teamId, owner.toLowerCase(), name.toLowerCase()] as const,
  teamsOf: (owner: string, name: string) =>
    ["repositories", "teams-of", owner.toLowerCase(), name.toLowerCase()] as const,
  recentBranches: (teamId: string) => ["repositories", "recent-branches", teamId] as const,
  contributions: ["repositories", "contributions"] as const,
  sidebar: (teamId: string) => ["repositories", "sidebar", teamId] as const,
};

/* ---------------------------------------------------------------------------------------------
 * Queries
 * ------------------------------------------------------------------------------------------- */

export const REPOSITORIES_BY_TEAM = graphql(
  `query RepositoriesByTeam($teamId: UUID4!, $syncData: Boolean) {
  me { id team(id: $teamId) { id name projects(syncData: $syncData) { ...Project } } }
}`,
  [PROJECT],
);

async function fetchRepositories(teamId: string, syncData: boolean, signal?: AbortSignal) {
  const data = await request(REPOSITORIES_BY_TEAM, { teamId, syncData }, signal);
  return data.me?.team?.projects ?? [];
}

/** A 504 while syncing in the background is ignored (spec 1 §8): the stored answer stays. */
export function isSyncTimeout(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 504;
  return (
    error instanceof GraphQLRequestError &&
    error.errors.some((entry) => entry.extensions?.code === "CODE_HOST_TIMEOUT")
  );
}

/**
 * `RepositoriesByTeam` (api-contract §9): the stored answer first (fast), then a synced one read
 * from the code host in the background, which replaces it in the cache when it arrives. A 504
 * from the sync is ignored (spec 1 §8); other sync failures keep the stored answer too.
 */
export const repositoriesQuery = (teamId: string) =>
  queryOptions({
    queryKey: repositoryKeys.byTeam(teamId),
    queryFn: async ({ signal, client }) => {
      const stored = await fetchRepositories(teamId, false, signal);
      fetchRepositories(teamId, true).then(
        (synced) => client.setQueryData(repositoryKeys.byTeam(teamId), synced),
        (error: unknown) => {
          if (!isSyncTimeout(error)) console.warn("Syncing the repositories failed", error);
        },
      );
      return stored;
    },
    staleTime: 30_000,
  });

/** All repositories: by name, case-insensitively (spec 1 §2). */
export function sortByName<T extends { repository: RepositoryInfo }>(projects: readonly T[]): T[] {
  return [...projects].sort((a, b) => {
    const left = a.repository.name.toLowerCase();
    const right = b.repository.name.toLowerCase();
    return left < right
      ? -1
      : left > right
        ? 1
        : a.repository.owner.toLowerCase().localeCompare(b.repository.owner.toLowerCase());
  });
}

export const TEAM_SIDEBAR_PROJECTS = graphql(`query TeamSidebarProjects($id: UUID4!) {
  me { id team(id: $id) { id syncedSandboxes: sandboxes(hasOriginalGit: true, limit: 1) { id } projects(syncData: false) { repository { ... on GitHubRepository { name owner defaultBranch } } } } }
}`);

export type SidebarProjects = {
  repositories: { owner: string; name: string; defaultBranch: string }[];
  hasSyncedSandboxes: boolean;
};

/** The sidebar's part of `TeamSidebarData` (api-contract §9): repositories and synced sandboxes. */
export const sidebarProjectsQuery = (teamId: string) =>
  queryOptions({
    queryKey: repositoryKeys.sidebar(teamId),
    queryFn: async ({ signal }): Promise<SidebarProjects> => {
      const data = await request(TEAM_SIDEBAR_PROJECTS, { id: teamId }, signal);
      const team = data.me?.team;
      return {
        repositories: (team?.projects ?? []).map((p) => p.repository),
        hasSyncedSandboxes: (team?.syncedSandboxes.length ?? 0) > 0,
      };
    },
    meta: { silent: true },
  });

export const REPOSITORY_BY_DETAILS = graphql(
  `query RepositoryByDetails($owner: String!, $name: String!, $teamId: ID) {
  project(gitProvider: GITHUB, owner: $owner, repo: $name, team: $teamId) { ...ProjectWithBranches }
}`,
  [PROJECT_WITH_BRANCHES],
);

/**
 * `RepositoryByDetails`: one repository with its branches in the order of spec 1 §2 (the server
 * sends them ordered; the order is applied again so a cached list edited by hand stays right).
 */
export const repositoryQuery = (teamId: string, owner: string, name: string) =>
  queryOptions({
    queryKey: repositoryKeys.details(teamId, owner, name),
    queryFn: async ({ signal }) => {
      const data = await request(REPOSITORY_BY_DETAILS, { owner, name, teamId }, signal);
      const project = data.project;
      if (!project) return null;
      return { ...project, branches: orderBranches(project.branches, project.repository.defaultBranch) };
    },
  });

export const REPOSITORY_TEAMS = graphql(`query RepositoryTeams($owner: String!, $name: String!) {
  projects(owner: $owner, name: $name, provider: GITHUB) { team { id name } }
}`);

/** `RepositoryTeams`: the viewer's workspaces that have already imported the repository. */
export const repositoryTeamsQuery = (owner: string, name: string) =>
  queryOptions({
    queryKey: repositoryKeys.teamsOf(owner, name),
    queryFn: async ({ signal }) => {
      const data = await request(REPOSITORY_TEAMS, { owner, name }, signal);
      return data.projects.map((p) => p.team);
    },
    meta: { silent: true },
  });

export const RECENTLY_ACCESSED_BRANCHES = graphql(
  `query RecentlyAccessedBranches($limit: Int!, $teamId: UUID4) {
  me { id recentBranches(limit: $limit, teamId: $teamId) { ...Branch } }
}`,
  [BRANCH],
);

/** `RecentlyAccessedBranches` (limit 18): the Recent page's 'Create a new branch' carousel. */
export const recentBranchesQuery = (teamId: string, limit = 18) =>
  queryOptions({
    queryKey: repositoryKeys.recentBranches(teamId),
    queryFn: async ({ signal }) => {
      const data = await request(RECENTLY_ACCESSED_BRANCHES, { limit, teamId }, signal);
      return data.me?.recentBranches ?? [];
    },
    meta: { silent: true },
    // Fresh for a moment: the answer prefetched on the first load is not asked for again on mount.
    staleTime: 10 * 1000,
  });

/** The unique repositories of branches, in the order they first appear (spec 1 §2 carousel). */
export function uniqueRepositories(branches: readonly Branch[]): (RepositoryInfo & { teamId: string })[] {
  const seen = new Set<string>();
  const out: (RepositoryInfo & { teamId: string })[] = [];
  for (const branch of branches) {
    const repo = branch.project.repository;
    const key = `${branch.project.team.id}/${repo.owner.toLowerCase()}/${repo.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...repo, teamId: branch.project.team.id });
  }
  return out;
}

/** Asks for CONTRIBUTION_BRANCHES_LIMIT branches (the limit is written out: the types read the text). */
export const CONTRIBUTION_BRANCHES = graphql(
  `query ContributionBranches {
  me { id recentBranches(contribution: true, limit: 1000) { ...Branch } }
}`,
  [BRANCH],
);

/** `ContributionBranches` (limit 1000): My contributions. */
export const contributionBranchesQuery = () =>
  queryOptions({
    queryKey: repositoryKeys.contributions,
    queryFn: async ({ signal }) => {
      const data = await request(CONTRIBUTION_BRANCHES, {}, signal);
      return data.me?.recentBranches ?? [];
    },
  });

/* ---------------------------------------------------------------------------------------------
 * Mutations
 * ------------------------------------------------------------------------------------------- */

export const IMPORT_PROJECT =
  graphql(`mutation ImportProject($owner: String!, $name: String!, $teamId: ID!, $vmTier: Int) {
  importProject(provider: GITHUB, owner: $owner, name: $name, team: $teamId, vmTier: $vmTier) { id defaultBranch { name } }
}`);

export async function importProject(vars: { owner: string; name: string; teamId: string; vmTier: number }) {
  const data = await request(IMPORT_PROJECT, vars);
  return data.importProject;
}

/** `POST /api/beta/fork/github/{owner}/{name}`: forks, imports the fork, opens a branch on it. */
export function forkRepository(vars: {
  owner: string;
  name: string;
  newName: string;
  teamId: string;
  organization?: string;
  vmTier: number;
}) {
  return rest.post<{ owner: string; repo: string; branch: string }>(
    `/api/beta/fork/github/${encodeURIComponent(vars.owner)}/${encodeURIComponent(vars.name)}`,
    { name: vars.newName, teamId: vars.teamId, organization: vars.organization, vmTier: vars.vmTier },
  );
}

export type ForkNameValidity = { valid: boolean; message?: string | null };

/** `GET /api/beta/repos/validate/github/{owner}/{name}`: may a fork be made as owner/name? */
export function validateForkName(owner: string, name: string, signal?: AbortSignal) {
  return rest.get<ForkNameValidity>(
    `/api/beta/repos/validate/github/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`,
    { signal },
  );
}

export const CREATE_BRANCH = graphql(`mutation CreateBranch($owner: String!, $name: String!, $teamId: ID!) {
  createBranch(provider: GITHUB, owner: $owner, name: $name, team: $teamId) { id name }
}`);

export async function createBranch(vars: { owner: string; name: string; teamId: string }) {
  const data = await request(CREATE_BRANCH, vars);
  return data.createBranch;
}

export const DELETE_BRANCH = graphql(
  `mutation DeleteBranch($branchId: String!) { deleteBranch(id: $branchId) }`,
);

export function deleteBranch(branchId: string) {
  return request(DELETE_BRANCH, {
    branchId,
  });
}

export const OPEN_BRANCH = graphql(
  `mutation OpenBranch($id: String!) { openBranch(id: $id) { id lastAccessedAt } }`,
);

/** Records that the viewer opened a branch (Recent, the repository page's order). */
export function openBranch(id: string) {
  return request(OPEN_BRANCH, { id });
}

export const DELETE_PROJECT = graphql(`mutation DeleteProject($owner: String!, $name: String!, $teamId: ID!) {
  deleteProject(provider: GITHUB, owner: $owner, name: $name, team: $teamId)
}`);

/** Removes a repository from a workspace: GraphQL deleteProject with the REST unlink route. */
export async function deleteProject(vars: { owner: string; name: string; teamId: string }) {
  await request(DELETE_PROJECT, vars);
}

/* ---------------------------------------------------------------------------------------------
 * Paths
 * ------------------------------------------------------------------------------------------- */

export const repositoryPath = (owner: string, name: string) =>
  `/dashboard/repositories/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

/** A branch on its repository page; `imported` marks the arrival right after an import. */
export function branchPath(
  repo: { owner: string; name: string },
  branch: string,
  options: { imported?: boolean; workspaceId?: string } = {},
) {
  const query = new URLSearchParams({ branch });
  if (options.workspaceId) query.set("workspace", options.workspaceId);
  if (options.imported) query.set("import", "true");
  return `${repositoryPath(repo.owner, repo.name)}?${query}`;
}

/* ---------------------------------------------------------------------------------------------
 * Mutation options: each change says which queries it makes stale
 * ------------------------------------------------------------------------------------------- */

type RepoRef = { owner: string; name: string; teamId: string };

/** A new branch, opened at once (that records the access: Recent, the branch order). */
export const createBranchMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof createBranch>>, RepoRef>,
) =>
  invalidatingMutation(
    queryClient,
    async (repo: RepoRef) => {
      const branch = await createBranch(repo);
      await openBranch(branch.id).catch(() => undefined);
      return branch;
    },
    { keys: () => [repositoryKeys.all] },
    ui,
  );

export const importProjectMutation = (
  queryClient: QueryClient,
  vars: () => Parameters<typeof importProject>[0],
  ui?: UiCallbacks<Awaited<ReturnType<typeof importProject>>, void>,
) => invalidatingMutation(queryClient, () => importProject(vars()), { keys: () => [repositoryKeys.all] }, ui);

export const forkRepositoryMutation = (
  queryClient: QueryClient,
  vars: () => Parameters<typeof forkRepository>[0],
  ui?: UiCallbacks<Awaited<ReturnType<typeof forkRepository>>, void>,
) =>
  invalidatingMutation(queryClient, () => forkRepository(vars()), { keys: () => [repositoryKeys.all] }, ui);

/** Removing a repository from a workspace: every repository list and page is read again. */
export const deleteProjectMutation = (queryClient: QueryClient, ui?: UiCallbacks<void, RepoRef>) =>
  invalidatingMutation(queryClient, deleteProject, { keys: () => [repositoryKeys.all] }, ui);

/** Removing a branch (by id): every repository list and page is read again. */
export const deleteBranchMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof deleteBranch>>, string>,
) => invalidatingMutation(queryClient, deleteBranch, { keys: () => [repositoryKeys.all] }, ui);

/** Opening a branch records the access: the workspace's recent branches change. */
export const openBranchMutation = (
  queryClient: QueryClient,
  teamId: string,
  ui?: UiCallbacks<Awaited<ReturnType<typeof openBranch>>, string>,
) =>
  invalidatingMutation(
    queryClient,
    openBranch,
    { keys: () => [repositoryKeys.recentBranches(teamId)], wait: false },
    ui,
  );

/** A repository's page is read again (say once the GitHub app was installed in another window). */
export const refreshRepository = (queryClient: QueryClient, teamId: string, owner: string, name: string) =>
  queryClient.invalidateQueries({ queryKey: repositoryKeys.details(teamId, owner, name) });
