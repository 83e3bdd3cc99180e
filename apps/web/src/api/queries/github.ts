import type { GithubRepoAuthorization } from "@boxyard/domain";
import { queryOptions } from "@tanstack/react-query";
import { graphql } from "../graphql.ts";

/** The GithubRepo fragment (api-contract §3 'Code-host accounts'). */
export const GITHUB_REPO = `fragment GithubRepo on GithubRepo {
  id authorization fullName name private updatedAt pushedAt owner { id login avatarUrl }
}`;

export type GithubRepo = {
  id: string;
  authorization: GithubRepoAuthorization;
  fullName: string;
  name: string;
  private: boolean;
  updatedAt: string | null;
  pushedAt: string | null;
  owner: { id: string; login: string; avatarUrl: string | null };
};

export type GithubAccount = { id: string; login: string };

export const githubKeys = {
  accounts: ["github", "accounts"] as const,
  repos: (account: string, full: boolean) => ["github", "repos", account.toLowerCase(), full] as const,
  repo: (owner: string, name: string) => ["github", "repo", owner.toLowerCase(), name.toLowerCase()] as const,
};

export const GET_GITHUB_ACCOUNTS = `query GetGithubAccounts {
  me { id githubProfile { id login } githubOrganizations { id login } }
}`;

/** `GetGithubAccounts`: the connected account and its organisations; null profile when not connected. */
export const githubAccountsQuery = () =>
  queryOptions({
    queryKey: githubKeys.accounts,
    queryFn: async ({ signal }) => {
      const data = await graphql<{
        me: { githubProfile: GithubAccount | null; githubOrganizations: GithubAccount[] } | null;
      }>("GetGithubAccounts", GET_GITHUB_ACCOUNTS, {}, signal);
      return {
        profile: data.me?.githubProfile ?? null,
        organizations: data.me?.githubOrganizations ?? [],
      };
    },
  });

const accountRepos = (partial: boolean) =>
  partial
    ? `query GetPartialGitHubAccountRepos { me { id githubRepos(perPage: 10, page: 1, sort: PUSHED, affiliation: OWNER) { ...GithubRepo } } }`
    : `query GetFullGitHubAccountRepos { me { id githubRepos(sort: PUSHED, affiliation: OWNER) { ...GithubRepo } } }`;

const organizationRepos = (partial: boolean) =>
  partial
    ? `query GetPartialGitHubOrganizationRepos($organization: String!) { githubOrganizationRepos(organization: $organization, sort: PUSHED, perPage: 10, page: 1) { ...GithubRepo } }`
    : `query GetFullGitHubOrganizationRepos($organization: String!) { githubOrganizationRepos(organization: $organization, sort: PUSHED) { ...GithubRepo } }`;

/**
 * The repositories of the account (`isProfile`) or of an organisation, most recently pushed first:
 * the first 10 (partial) while nothing is searched, all of them once a search needs them.
 */
export const githubReposQuery = (account: string, isProfile: boolean, full: boolean) =>
  queryOptions({
    queryKey: githubKeys.repos(isProfile ? `@profile:${account}` : account, full),
    queryFn: async ({ signal }) => {
      if (isProfile) {
        const query = accountRepos(!full);
        const name = full ? "GetFullGitHubAccountRepos" : "GetPartialGitHubAccountRepos";
        const data = await graphql<{ me: { githubRepos: GithubRepo[] } | null }>(
          name,
          `${query}\n${GITHUB_REPO}`,
          {},
          signal,
        );
        return data.me?.githubRepos ?? [];
      }
      const name = full ? "GetFullGitHubOrganizationRepos" : "GetPartialGitHubOrganizationRepos";
      const data = await graphql<{ githubOrganizationRepos: GithubRepo[] }, { organization: string }>(
        name,
        `${organizationRepos(!full)}\n${GITHUB_REPO}`,
        { organization: account },
        signal,
      );
      return data.githubOrganizationRepos;
    },
    staleTime: 60_000,
  });

export const GET_GITHUB_REPO = `query GetGithubRepo($owner: String!, $name: String!) {
  githubRepo(owner: $owner, repo: $name) {
    name fullName updatedAt pushedAt authorization private appInstalled owner { id login avatarUrl }
  }
}`;

export type GithubRepoDetails = Omit<GithubRepo, "id"> & { appInstalled: boolean };

/**
 * `GetGithubRepo`: one repository as the viewer's account sees it. Its errors are silent (the
 * client hides errors whose path starts with githubRepo); a failure returns the dialog to select.
 */
export const githubRepoQuery = (owner: string, name: string) =>
  queryOptions({
    queryKey: githubKeys.repo(owner, name),
    queryFn: async ({ signal }) => {
      const data = await graphql<{ githubRepo: GithubRepoDetails | null }, { owner: string; name: string }>(
        "GetGithubRepo",
        GET_GITHUB_REPO,
        { owner, name },
        signal,
      );
      return data.githubRepo;
    },
    retry: false,
  });
