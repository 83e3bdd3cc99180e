import type { GithubRepoAuthorization, UserRepoAffiliation, UserRepoSort } from "@boxyard/domain";

/**
 * What Boxyard asks a code host, in its own words. The GitHub adapter answers it with the REST
 * API (github.adapter.ts); git itself (branch heads, pushes, files) goes through git.ts.
 */

export type CodeHostAccount = { id: string; login: string; avatarUrl: string | null };

export type CodeHostProfile = CodeHostAccount & {
  name: string | null;
  email: string | null;
  scopes: string[];
};

export type CodeHostRepository = {
  id: string;
  owner: CodeHostAccount;
  name: string;
  fullName: string;
  private: boolean;
  defaultBranch: string;
  /** WRITE when the account may push; READ when it can only read (and fork). */
  authorization: GithubRepoAuthorization;
  pushedAt: string | null;
  updatedAt: string | null;
  /** Where git fetches and pushes (smart HTTP). */
  cloneUrl: string;
  htmlUrl: string;
  fork: boolean;
};

export type CodeHostPullRequestSummary = {
  number: number;
  title: string;
  /** The branch the pull request proposes, and the account whose repository holds it. */
  headRef: string;
  headOwner: string | null;
  headSha: string;
  updatedAt: string | null;
};

export type CodeHostPullRequest = CodeHostPullRequestSummary & {
  state: "open" | "closed" | "merged";
  additions: number;
  deletions: number;
};

export type RepositoryListOptions = {
  /** Omitted: every page (a full list). */
  perPage?: number | undefined;
  page?: number | undefined;
  sort?: UserRepoSort | undefined;
  affiliation?: UserRepoAffiliation | undefined;
};

export type CodeHostErrorKind =
  | "unauthorized" // the token is no longer accepted
  | "forbidden"
  | "not_found"
  | "invalid"
  | "unavailable" // 5xx, rate limits, or unreachable
  | "timeout";

export class CodeHostError extends Error {
  override name = "CodeHostError";
  constructor(
    readonly kind: CodeHostErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface CodeHost {
  profile(): Promise<CodeHostProfile>;
  organizations(): Promise<CodeHostAccount[]>;
  userRepositories(options: RepositoryListOptions): Promise<CodeHostRepository[]>;
  organizationRepositories(
    organization: string,
    options: RepositoryListOptions,
  ): Promise<CodeHostRepository[]>;
  /** Throws `not_found` when the account cannot read it. */
  repository(owner: string, name: string): Promise<CodeHostRepository>;
  openPullRequests(owner: string, name: string): Promise<CodeHostPullRequestSummary[]>;
  /** One pull request with its additions and deletions. */
  pullRequest(owner: string, name: string, number: number): Promise<CodeHostPullRequest>;
  /** Starts a fork (into `organization`, or the account) and answers the new repository. */
  fork(
    owner: string,
    name: string,
    options: { organization?: string | undefined; name: string },
  ): Promise<CodeHostRepository>;
}

/** Whether the installation's GitHub App can act on a repository (spec 1 §2 install warning). */
export interface AppInstallations {
  /** The address that installs the App, or null when none is configured. */
  readonly installUrl: string | null;
  /** True when no App is configured: there is then nothing to install. */
  installed(owner: string, name: string): Promise<boolean>;
}
