import type { UserRepoAffiliation, UserRepoSort } from "@boxyard/domain";
import { Octokit } from "@octokit/rest";
import {
  type CodeHost,
  type CodeHostAccount,
  CodeHostError,
  type CodeHostProfile,
  type CodeHostPullRequest,
  type CodeHostPullRequestSummary,
  type CodeHostRepository,
  type RepositoryListOptions,
} from "./codehost.port.ts";

export type GithubApiSettings = {
  /** https://api.github.com, or a GitHub Enterprise server's https://host/api/v3. */
  apiUrl: string;
  timeoutMs: number;
};

const SORT: Record<UserRepoSort, "created" | "full_name" | "pushed" | "updated"> = {
  CREATED: "created",
  FULL_NAME: "full_name",
  PUSHED: "pushed",
  UPDATED: "updated",
};
const AFFILIATION: Record<UserRepoAffiliation, string> = {
  OWNER: "owner",
  COLLABORATOR: "collaborator",
  ORGANIZATION_MEMBER: "organization_member",
};
/** A full list is read 100 at a time, and stops there: nobody picks from more in a dialog. */
const FULL_LIST_MAX = 1000;

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** fetch with a deadline covering the whole exchange, body included. */
function timedFetch(timeoutMs: number): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/** An Octokit for the settings, authenticated by a user's token or an App's JWT. */
export function octokitFor(settings: GithubApiSettings, auth: string | undefined) {
  return new Octokit({
    ...(auth ? { auth } : {}),
    baseUrl: settings.apiUrl,
    userAgent: "Boxyard",
    log: silent,
    request: { fetch: timedFetch(settings.timeoutMs), retries: 0 },
  });
}

/** Octokit's errors in the port's words; never carries the token (GitHub does not echo it). */
export function toCodeHostError(error: unknown): CodeHostError {
  if (error instanceof CodeHostError) return error;
  const e = error as {
    status?: number;
    message?: string;
    cause?: { name?: string };
    response?: { headers?: Record<string, string>; data?: { message?: string } };
  };
  const status = typeof e.status === "number" ? e.status : null;
  const said = e.response?.data?.message ?? e.message ?? "GitHub refused the request.";
  if (e.cause?.name === "TimeoutError" || (e as { name?: string }).name === "TimeoutError") {
    return new CodeHostError("timeout", "GitHub did not answer in time.");
  }
  if (status === 401) return new CodeHostError("unauthorized", said, 401);
  if (status === 403 || status === 429) {
    const limited = status === 429 || e.response?.headers?.["x-ratelimit-remaining"] === "0";
    return new CodeHostError(limited ? "unavailable" : "forbidden", said, status);
  }
  if (status === 404) return new CodeHostError("not_found", said, 404);
  if (status === 409 || status === 422) return new CodeHostError("invalid", said, status);
  // Octokit answers 500 for a request that got no response at all (the cause says why).
  if (status === 500 && e.cause) return new CodeHostError("unavailable", said, null);
  return new CodeHostError("unavailable", said, status);
}

type GithubAccount = { id: number; login: string; avatar_url?: string | null };
type GithubRepository = {
  id: number;
  name: string;
  full_name: string;
  owner: GithubAccount;
  private: boolean;
  default_branch?: string;
  pushed_at?: string | null;
  updated_at?: string | null;
  clone_url?: string;
  html_url: string;
  fork: boolean;
  permissions?: { admin?: boolean; maintain?: boolean; push?: boolean; pull?: boolean };
};
type GithubPull = {
  number: number;
  title: string;
  state: string;
  merged_at?: string | null;
  merged?: boolean;
  updated_at?: string | null;
  additions?: number;
  deletions?: number;
  head: { ref: string; sha: string; repo?: { owner?: { login: string } } | null };
};

const account = (a: GithubAccount): CodeHostAccount => ({
  id: String(a.id),
  login: a.login,
  avatarUrl: a.avatar_url ?? null,
});

export function toRepository(r: GithubRepository): CodeHostRepository {
  const canPush = Boolean(r.permissions?.push || r.permissions?.maintain || r.permissions?.admin);
  return {
    id: String(r.id),
    owner: account(r.owner),
    name: r.name,
    fullName: r.full_name,
    private: r.private,
    defaultBranch: r.default_branch ?? "main",
    authorization: canPush ? "WRITE" : "READ",
    pushedAt: r.pushed_at ?? null,
    updatedAt: r.updated_at ?? null,
    cloneUrl: r.clone_url ?? `${r.html_url}.git`,
    htmlUrl: r.html_url,
    fork: r.fork,
  };
}

const summary = (p: GithubPull): CodeHostPullRequestSummary => ({
  number: p.number,
  title: p.title,
  headRef: p.head.ref,
  headOwner: p.head.repo?.owner?.login ?? null,
  headSha: p.head.sha,
  updatedAt: p.updated_at ?? null,
});

/** GitHub's REST API as the signed-in user (or anonymously: public repositories only), through Octokit. */
export class GithubCodeHost implements CodeHost {
  private readonly octokit: Octokit;

  constructor(settings: GithubApiSettings, token: string | null) {
    this.octokit = octokitFor(settings, token ?? undefined);
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toCodeHostError(error);
    }
  }

  /** One page when asked for one, else every page up to FULL_LIST_MAX. */
  private async list<T>(
    route: string,
    params: Record<string, unknown>,
    options: RepositoryListOptions,
  ): Promise<T[]> {
    return this.call(async () => {
      if (options.perPage !== undefined || options.page !== undefined) {
        const { data } = await this.octokit.request(route, {
          ...params,
          per_page: Math.min(Math.max(options.perPage ?? 30, 1), 100),
          page: Math.max(options.page ?? 1, 1),
        });
        return data as T[];
      }
      const all: T[] = [];
      for await (const { data } of this.octokit.paginate.iterator(route, { ...params, per_page: 100 })) {
        all.push(...(data as T[]));
        if (all.length >= FULL_LIST_MAX) break;
      }
      return all.slice(0, FULL_LIST_MAX);
    });
  }

  async profile(): Promise<CodeHostProfile> {
    return this.call(async () => {
      const { data, headers } = await this.octokit.request("GET /user");
      const scopes = String(headers["x-oauth-scopes"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      return { ...account(data), name: data.name ?? null, email: data.email ?? null, scopes };
    });
  }

  async organizations(): Promise<CodeHostAccount[]> {
    const orgs = await this.list<GithubAccount>("GET /user/orgs", {}, {});
    return orgs.map(account);
  }

  async userRepositories(options: RepositoryListOptions): Promise<CodeHostRepository[]> {
    const params = {
      sort: SORT[options.sort ?? "PUSHED"],
      direction: options.sort === "FULL_NAME" ? "asc" : "desc",
      ...(options.affiliation ? { affiliation: AFFILIATION[options.affiliation] } : {}),
    };
    return (await this.list<GithubRepository>("GET /user/repos", params, options)).map(toRepository);
  }

  async organizationRepositories(organization: string, options: RepositoryListOptions) {
    const params = {
      org: organization,
      sort: SORT[options.sort ?? "PUSHED"],
      direction: options.sort === "FULL_NAME" ? "asc" : "desc",
    };
    return (await this.list<GithubRepository>("GET /orgs/{org}/repos", params, options)).map(toRepository);
  }

  async repository(owner: string, name: string): Promise<CodeHostRepository> {
    return this.call(async () => {
      const { data } = await this.octokit.request("GET /repos/{owner}/{repo}", { owner, repo: name });
      return toRepository(data as GithubRepository);
    });
  }

  async openPullRequests(owner: string, name: string): Promise<CodeHostPullRequestSummary[]> {
    const pulls = await this.list<GithubPull>(
      "GET /repos/{owner}/{repo}/pulls",
      { owner, repo: name, state: "open", sort: "created", direction: "desc" },
      {},
    );
    return pulls.map(summary);
  }

  async pullRequest(owner: string, name: string, number: number): Promise<CodeHostPullRequest> {
    return this.call(async () => {
      const { data } = await this.octokit.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
        owner,
        repo: name,
        pull_number: number,
      });
      return fromPull(data as GithubPull);
    });
  }

  async fork(owner: string, name: string, options: { organization?: string | undefined; name: string }) {
    return this.call(async () => {
      const { data } = await this.octokit.request("POST /repos/{owner}/{repo}/forks", {
        owner,
        repo: name,
        name: options.name,
        ...(options.organization ? { organization: options.organization } : {}),
      });
      return toRepository(data as GithubRepository);
    });
  }
}

/** A pull request as GitHub's API or its webhooks send it. */
export function fromPull(p: GithubPull): CodeHostPullRequest {
  const merged = Boolean(p.merged || p.merged_at);
  return {
    ...summary(p),
    state: merged ? "merged" : p.state === "open" ? "open" : "closed",
    additions: p.additions ?? 0,
    deletions: p.deletions ?? 0,
  };
}
