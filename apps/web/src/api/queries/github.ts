import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { graphql, type ResultOf, request } from "../graphql.ts";

/** The GithubRepo fragment (api-contract §3 'Code-host accounts'). */
export const GITHUB_REPO = graphql(`fragment GithubRepo on GithubRepo {
  id authorization fullName name private updatedAt pushedAt owner { id login avatarUrl }
}`);

export type GithubRepo = ResultOf<typeof GITHUB_REPO>;

export type GithubAccount = { id: string; login: string };

export const githubKeys = {
  all: ["github"] as const,
  accounts: ["github", "accounts"] as const,
  repos: (account: string, full: boolean) => ["github", "repos", account.toLowerCase(), full] as const,
  repo: (owner: string, name: string) => ["github", "repo", owner.toLowerCase(), name.toLowerCase()] as const,
};

/** A new GitHub grant (more or fewer scopes) changes what GitHub answers: all of it is read again. */
export const refreshGithub = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: githubKeys.all });

export const GET_GITHUB_ACCOUNTS = graphql(`query GetGithubAccounts {
  me { id githubProfile { id login } githubOrganizations { id login } }
}`);

/** `GetGithubAccounts`: the connected account and its organisations; null profile when not connected. */
export const githubAccountsQuery = () =>
  queryOptions({
    queryKey: githubKeys.accounts,
    queryFn: async ({ signal }) => {
      const data = await request(GET_GITHUB_ACCOUNTS, {}, signal);
      return {
        profile: data.me?.githubProfile ?? null,
        organizations: data.me?.githubOrganizations ?? [],
      };
    },
  });

export const PARTIAL_ACCOUNT_REPOS = graphql(
  `query GetPartialGitHubAccountRepos { me { id githubRepos(perPage: 10, page: 1, sort: PUSHED, affiliation: OWNER) { ...GithubRepo } } }`,
  [GITHUB_REPO],
);
export const FULL_ACCOUNT_REPOS = graphql(
  `query GetFullGitHubAccountRepos { me { id githubRepos(sort: PUSHED, affiliation: OWNER) { ...GithubRepo } } }`,
  [GITHUB_REPO],
);
export const PARTIAL_ORGANIZATION_REPOS = graphql(
  `query GetPartialGitHubOrganizationRepos($organization: String!) { githubOrganizationRepos(organization: $organization, sort: PUSHED, perPage: 10, page: 1) { ...GithubRepo } }`,
  [GITHUB_REPO],
);
export const FULL_ORGANIZATION_REPOS = graphql(
  `query GetFullGitHubOrganizationRepos($organization: String!) { githubOrganizationRepos(organization: $organization, sort: PUSHED) { ...GithubRepo } }`,
  [GITHUB_REPO],
);

/**
 * The repositories of the account (`isProfile`) or of an organisation, most recently pushed first:
 * the first 10 (partial) while nothing is searched, all of them once a search needs them.
 */
export const githubReposQuery = (account: string, isProfile: boolean, full: boolean) =>
  queryOptions({
    queryKey: githubKeys.repos(isProfile ? `@profile:${account}` : account, full),
    queryFn: async ({ signal }) => {
      if (isProfile) {
        const data = await request(full ? FULL_ACCOUNT_REPOS : PARTIAL_ACCOUNT_REPOS, {}, signal);
        return data.me?.githubRepos ?? [];
      }
      const document = full ? FULL_ORGANIZATION_REPOS : PARTIAL_ORGANIZATION_REPOS;
      return (await request(document, { organization: account }, signal)).githubOrganizationRepos;
    },
    staleTime: 60_000,
  });

export const GET_GITHUB_REPO = graphql(`query GetGithubRepo($owner: String!, $name: String!) {
  githubRepo(owner: $owner, repo: $name) {
    name fullName updatedAt pushedAt authorization private appInstalled owner { id login avatarUrl }
  }
}`);

export type GithubRepoDetails = Omit<GithubRepo, "id"> & { appInstalled: boolean };

/**
 * `GetGithubRepo`: one repository as the viewer's account sees it. Its errors are silent (the
 * client hides errors whose path starts with githubRepo); a failure returns the dialog to select.
 */
export const githubRepoQuery = (owner: string, name: string) =>
  queryOptions({
    queryKey: githubKeys.repo(owner, name),
    queryFn: async ({ signal }) => {
      const data = await request(GET_GITHUB_REPO, { owner, name }, signal);
      return data.githubRepo;
    },
    retry: false,
  });
