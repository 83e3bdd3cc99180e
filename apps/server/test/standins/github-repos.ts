/**
 * The repository side of the GitHub stand-in: accounts, organizations, repositories whose git data
 * lives in local bare repositories (served over smart HTTP by git-http.ts), pull requests, forks
 * and the GitHub App's installations. It answers the REST endpoints Boxyard's adapter calls, with
 * GitHub's rules for what a token sees: private repositories need the `repo` scope, pushing to a
 * public one `public_repo` (or `repo`), and a repository one may not read answers 404.
 */
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { jwtVerify } from "jose";
import { BareRepositories, gitRequestOf, serveGit } from "./git-http.ts";

export type Permission = "read" | "write" | "admin";
export type Grant = { user: { id: number; login: string }; scopes: string[] };

type Account = { id: number; login: string; type: "User" | "Organization"; members: Set<string> };

export type RepoRecord = {
  id: number;
  owner: string;
  name: string;
  private: boolean;
  defaultBranch: string;
  collaborators: Map<string, Permission>;
  parent: { owner: string; name: string } | null;
  installed: boolean;
  pushedAt: string;
  updatedAt: string;
  createdAt: string;
};

export type PullRecord = {
  owner: string;
  repo: string;
  number: number;
  title: string;
  state: "open" | "closed";
  merged: boolean;
  head: string;
  headOwner: string;
  additions: number;
  deletions: number;
  updatedAt: string;
};

export type NewRepository = {
  owner: string;
  name: string;
  private?: boolean;
  defaultBranch?: string;
  files?: Record<string, string | Buffer>;
  /** Other branches, each from the default branch with its own files. */
  branches?: Record<string, Record<string, string | Buffer>>;
  collaborators?: Record<string, Permission>;
  installed?: boolean;
  pushedAt?: string;
};

type Fault = { match: string | RegExp; status?: number; hang?: boolean; times: number };

const DOCS = "https://docs.github.com/rest";

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(status === 204 ? undefined : JSON.stringify(body));
}

const notFound = (response: ServerResponse, headers?: Record<string, string>) =>
  send(response, 404, { message: "Not Found", documentation_url: DOCS, status: "404" }, headers);

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export class GithubRepos {
  private readonly accounts = new Map<string, Account>();
  readonly repos = new Map<string, RepoRecord>();
  readonly pulls: PullRecord[] = [];
  private readonly faults: Fault[] = [];
  private nextId = 90_000;
  /** Every request received, as `METHOD /path` (for assertions on what Boxyard asked). */
  readonly requests: string[] = [];
  /** The GitHub App: its ID and private key, for Boxyard's settings. */
  readonly app: { id: string; privateKeyPem: string; publicKey: KeyObject };

  private constructor(
    readonly git: BareRepositories,
    private readonly baseUrl: () => string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    this.app = {
      id: "424242",
      privateKeyPem: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
      publicKey,
    };
  }

  static async create(baseUrl: () => string) {
    return new GithubRepos(await BareRepositories.create(), baseUrl);
  }

  // ---- set-up by tests ----------------------------------------------------------------------

  account(login: string, type: "User" | "Organization" = "User", id?: number): Account {
    const key = login.toLowerCase();
    let found = this.accounts.get(key);
    if (!found) {
      found = { id: id ?? ++this.nextId, login, type, members: new Set() };
      this.accounts.set(key, found);
    }
    return found;
  }

  organization(login: string, members: string[]) {
    const org = this.account(login, "Organization");
    for (const m of members) org.members.add(m.toLowerCase());
    return org;
  }

  async createRepository(spec: NewRepository): Promise<RepoRecord> {
    this.account(spec.owner);
    const defaultBranch = spec.defaultBranch ?? "main";
    await this.git.init(
      spec.owner,
      spec.name,
      defaultBranch,
      spec.files ?? { "README.md": `# ${spec.name}\n` },
    );
    for (const [branch, files] of Object.entries(spec.branches ?? {})) {
      await this.git.commit(spec.owner, spec.name, branch, files, `Work on ${branch}`);
    }
    const now = spec.pushedAt ?? new Date().toISOString();
    const record: RepoRecord = {
      id: ++this.nextId,
      owner: spec.owner,
      name: spec.name,
      private: spec.private ?? false,
      defaultBranch,
      collaborators: new Map(Object.entries(spec.collaborators ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      parent: null,
      installed: spec.installed ?? true,
      pushedAt: now,
      updatedAt: now,
      createdAt: now,
    };
    this.repos.set(this.key(spec.owner, spec.name), record);
    return record;
  }

  addPullRequest(
    spec: Omit<PullRecord, "number" | "state" | "merged" | "updatedAt" | "headOwner"> & {
      number?: number;
      headOwner?: string;
    },
  ): PullRecord {
    const number =
      spec.number ??
      1 +
        Math.max(
          0,
          ...this.pulls.filter((p) => p.owner === spec.owner && p.repo === spec.repo).map((p) => p.number),
        );
    const pull: PullRecord = {
      ...spec,
      number,
      headOwner: spec.headOwner ?? spec.owner,
      state: "open",
      merged: false,
      updatedAt: new Date().toISOString(),
    };
    this.pulls.push(pull);
    return pull;
  }

  /**
   * The next `times` requests matching `match` (a `METHOD /path` string or pattern) answer
   * `status`, or get no answer at all (`hang`), as a failing or stuck GitHub would.
   */
  fail(match: string | RegExp, behaviour: { status: number } | { hang: true }, times = 1) {
    this.faults.push({ match, times, ...behaviour });
  }

  clearFaults() {
    this.faults.length = 0;
  }

  repo(owner: string, name: string) {
    return this.repos.get(this.key(owner, name));
  }

  private key(owner: string, name: string) {
    return `${owner}/${name}`.toLowerCase();
  }

  // ---- rules --------------------------------------------------------------------------------

  permission(repo: RepoRecord, login: string | null): Permission | null {
    if (login) {
      const who = login.toLowerCase();
      if (repo.owner.toLowerCase() === who) return "admin";
      const owner = this.accounts.get(repo.owner.toLowerCase());
      if (owner?.type === "Organization" && owner.members.has(who)) return "write";
      const granted = repo.collaborators.get(who);
      if (granted) return granted;
    }
    return repo.private ? null : "read";
  }

  /** What a token may do with a repository: null when it may not even see it. */
  access(repo: RepoRecord, grant: Grant | null): { read: boolean; push: boolean; admin: boolean } | null {
    const permission = this.permission(repo, grant?.user.login ?? null);
    if (!permission) return null;
    const scopes = new Set(grant?.scopes ?? []);
    if (repo.private && !scopes.has("repo")) return null;
    const canWriteScope = scopes.has("repo") || (!repo.private && scopes.has("public_repo"));
    return {
      read: true,
      push: permission !== "read" && canWriteScope,
      admin: permission === "admin" && canWriteScope,
    };
  }

  private accountJson(login: string) {
    const a = this.account(login);
    return {
      login: a.login,
      id: a.id,
      avatar_url: `https://avatars.example.test/u/${a.id}`,
      type: a.type,
    };
  }

  repoJson(repo: RepoRecord, grant: Grant | null) {
    const access = this.access(repo, grant);
    const base = this.baseUrl();
    return {
      id: repo.id,
      node_id: `R_${repo.id}`,
      name: repo.name,
      full_name: `${repo.owner}/${repo.name}`,
      private: repo.private,
      owner: this.accountJson(repo.owner),
      html_url: `${base}/${repo.owner}/${repo.name}`,
      clone_url: `${base}/${repo.owner}/${repo.name}.git`,
      fork: repo.parent !== null,
      default_branch: repo.defaultBranch,
      created_at: repo.createdAt,
      updated_at: repo.updatedAt,
      pushed_at: repo.pushedAt,
      ...(grant && access
        ? {
            permissions: {
              admin: access.admin,
              maintain: access.admin,
              push: access.push,
              triage: access.push,
              pull: true,
            },
          }
        : {}),
    };
  }

  private async pullJson(pull: PullRecord, detailed: boolean) {
    const heads = await this.git.heads(pull.headOwner, pull.repo).catch(() => new Map<string, string>());
    return {
      number: pull.number,
      title: pull.title,
      state: pull.state,
      merged: pull.merged,
      merged_at: pull.merged ? pull.updatedAt : null,
      updated_at: pull.updatedAt,
      head: {
        ref: pull.head,
        sha: heads.get(pull.head) ?? "0".repeat(40),
        repo: { owner: this.accountJson(pull.headOwner), name: pull.repo },
      },
      ...(detailed ? { additions: pull.additions, deletions: pull.deletions } : {}),
    };
  }

  // ---- the protocol -------------------------------------------------------------------------

  /** A fault planned for this request, if any. */
  private faultFor(route: string): Fault | null {
    const fault = this.faults.find((f) =>
      typeof f.match === "string" ? route === f.match : f.match.test(route),
    );
    if (!fault) return null;
    if (--fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return fault;
  }

  /**
   * Answers the request when it is one of this side's (git, repositories, organizations, the
   * App, token revocation); false otherwise. `grantOf` resolves a token.
   */
  async handle(
    request: IncomingMessage,
    url: URL,
    response: ServerResponse,
    grantOf: (token: string) => Grant | undefined,
    revoke: (clientAuth: string | undefined, token: string) => boolean,
  ): Promise<boolean> {
    const route = `${request.method} ${url.pathname}`;
    this.requests.push(route);
    const fault = this.faultFor(route);
    if (fault?.hang) return true; // never answered; the server's close() ends it
    if (fault?.status) {
      send(response, fault.status, { message: "Server Error", documentation_url: DOCS });
      return true;
    }

    const gitRequest = gitRequestOf(request.method ?? "GET", url);
    if (gitRequest) {
      this.serveGitRequest(request, url, response, gitRequest, grantOf);
      return true;
    }

    const revokeMatch = /^\/applications\/([^/]+)\/token$/.exec(url.pathname);
    if (revokeMatch && request.method === "DELETE") {
      const body = await readJson(request);
      const ok = revoke(request.headers.authorization, String(body.access_token ?? ""));
      send(response, ok ? 204 : 404, ok ? null : { message: "Not Found" });
      return true;
    }

    const installation = /^\/repos\/([^/]+)\/([^/]+)\/installation$/.exec(url.pathname);
    if (installation && request.method === "GET") {
      await this.answerInstallation(request, response, installation[1]!, installation[2]!);
      return true;
    }

    const isApi =
      url.pathname === "/user/orgs" ||
      url.pathname === "/user/repos" ||
      url.pathname.startsWith("/orgs/") ||
      url.pathname.startsWith("/repos/");
    if (!isApi) return false;
    const header = request.headers.authorization ?? "";
    const token = /^(?:Bearer|token) (.+)$/i.exec(header)?.[1]?.trim();
    const grant = token ? grantOf(token) : undefined;
    if (token && !grant) {
      send(response, 401, { message: "Bad credentials", documentation_url: DOCS, status: "401" });
      return true;
    }
    const headers: Record<string, string> = grant ? { "x-oauth-scopes": grant.scopes.join(", ") } : {};
    await this.api(request, url, response, grant ?? null, headers);
    return true;
  }

  private serveGitRequest(
    request: IncomingMessage,
    url: URL,
    response: ServerResponse,
    git: { owner: string; repo: string; service: "upload" | "receive" },
    grantOf: (token: string) => Grant | undefined,
  ) {
    const repo = this.repo(git.owner, git.repo);
    const header = request.headers.authorization ?? "";
    let grant: Grant | null = null;
    if (header.startsWith("Basic ")) {
      const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
      const token = decoded.slice(decoded.indexOf(":") + 1);
      grant = grantOf(token) ?? null;
      if (!grant) {
        response
          .writeHead(401, { "www-authenticate": 'Basic realm="GitHub"' })
          .end("Invalid username or token.");
        return;
      }
    }
    const access = repo ? this.access(repo, grant) : null;
    if (!repo || !access) {
      if (!grant) {
        response
          .writeHead(401, { "www-authenticate": 'Basic realm="GitHub"' })
          .end("Authentication required.");
        return;
      }
      response.writeHead(404, { "content-type": "text/plain" }).end("Repository not found.");
      return;
    }
    if (git.service === "receive" && !access.push) {
      response
        .writeHead(403, { "content-type": "text/plain" })
        .end(`Permission to ${repo.owner}/${repo.name}.git denied to ${grant?.user.login ?? "anonymous"}.`);
      return;
    }
    if (git.service === "receive") {
      response.on("finish", () => {
        repo.pushedAt = new Date().toISOString();
      });
    }
    serveGit(this.git.root, request, response, url, grant?.user.login ?? "anonymous");
  }

  private async answerInstallation(
    request: IncomingMessage,
    response: ServerResponse,
    owner: string,
    name: string,
  ) {
    const jwt = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    try {
      if (!jwt) throw new Error("no JWT");
      await jwtVerify(jwt, this.app.publicKey, { issuer: this.app.id, algorithms: ["RS256"] });
    } catch {
      send(response, 401, { message: "A JSON web token could not be decoded", documentation_url: DOCS });
      return;
    }
    const repo = this.repo(owner, name);
    if (!repo?.installed) return notFound(response);
    send(response, 200, {
      id: repo.id + 1,
      app_id: Number(this.app.id),
      account: this.accountJson(repo.owner),
    });
  }

  private page<T>(url: URL, _response: ServerResponse, items: T[], headers: Record<string, string>): T[] {
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30) || 30, 100);
    const page = Math.max(Number(url.searchParams.get("page") ?? 1) || 1, 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    if (page < last) {
      const next = new URL(url.href.replace(url.origin, this.baseUrl()));
      next.searchParams.set("page", String(page + 1));
      next.searchParams.set("per_page", String(perPage));
      headers.link = `<${next.href}>; rel="next"`;
    }
    return items.slice((page - 1) * perPage, page * perPage);
  }

  private sorted(url: URL, repos: RepoRecord[]) {
    const sort = url.searchParams.get("sort") ?? "full_name";
    const direction = url.searchParams.get("direction") ?? (sort === "full_name" ? "asc" : "desc");
    const keyOf = (r: RepoRecord) =>
      sort === "pushed"
        ? r.pushedAt
        : sort === "updated"
          ? r.updatedAt
          : sort === "created"
            ? r.createdAt
            : `${r.owner}/${r.name}`.toLowerCase();
    const ordered = [...repos].sort((a, b) => keyOf(a).localeCompare(keyOf(b)) || a.id - b.id);
    return direction === "desc" ? ordered.reverse() : ordered;
  }

  private async api(
    request: IncomingMessage,
    url: URL,
    response: ServerResponse,
    grant: Grant | null,
    headers: Record<string, string>,
  ) {
    const path = url.pathname;
    const visible = (r: RepoRecord) => this.access(r, grant) !== null;

    if (path === "/user/orgs" && request.method === "GET") {
      if (!grant) return send(response, 401, { message: "Requires authentication", documentation_url: DOCS });
      const orgs = [...this.accounts.values()].filter(
        (a) => a.type === "Organization" && a.members.has(grant.user.login.toLowerCase()),
      );
      const page = this.page(url, response, orgs, headers);
      return send(
        response,
        200,
        page.map((o) => ({ ...this.accountJson(o.login), description: null })),
        headers,
      );
    }

    if (path === "/user/repos" && request.method === "GET") {
      if (!grant) return send(response, 401, { message: "Requires authentication", documentation_url: DOCS });
      const me = grant.user.login.toLowerCase();
      const affiliation = (
        url.searchParams.get("affiliation") ?? "owner,collaborator,organization_member"
      ).split(",");
      const mine = [...this.repos.values()].filter((r) => {
        if (!visible(r)) return false;
        const owner = this.accounts.get(r.owner.toLowerCase());
        if (affiliation.includes("owner") && r.owner.toLowerCase() === me) return true;
        if (affiliation.includes("collaborator") && r.collaborators.has(me)) return true;
        return (
          affiliation.includes("organization_member") &&
          owner?.type === "Organization" &&
          owner.members.has(me)
        );
      });
      const page = this.page(url, response, this.sorted(url, mine), headers);
      return send(
        response,
        200,
        page.map((r) => this.repoJson(r, grant)),
        headers,
      );
    }

    const orgRepos = /^\/orgs\/([^/]+)\/repos$/.exec(path);
    if (orgRepos && request.method === "GET") {
      const org = this.accounts.get(orgRepos[1]!.toLowerCase());
      if (org?.type !== "Organization") return notFound(response, headers);
      const repos = [...this.repos.values()].filter(
        (r) => r.owner.toLowerCase() === org.login.toLowerCase() && visible(r),
      );
      const page = this.page(url, response, this.sorted(url, repos), headers);
      return send(
        response,
        200,
        page.map((r) => this.repoJson(r, grant)),
        headers,
      );
    }

    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!repoPath) return notFound(response, headers);
    const repo = this.repo(repoPath[1]!, repoPath[2]!);
    if (!repo || !visible(repo)) return notFound(response, headers);
    const rest = repoPath[3] ?? "";

    if (rest === "" && request.method === "GET")
      return send(response, 200, this.repoJson(repo, grant), headers);

    if (rest === "/pulls" && request.method === "GET") {
      const state = url.searchParams.get("state") ?? "open";
      const pulls = this.pulls
        .filter(
          (p) => p.owner === repo.owner && p.repo === repo.name && (state === "all" || p.state === state),
        )
        .sort((a, b) => b.number - a.number);
      const page = this.page(url, response, pulls, headers);
      return send(response, 200, await Promise.all(page.map((p) => this.pullJson(p, false))), headers);
    }

    const pull = /^\/pulls\/(\d+)$/.exec(rest);
    if (pull && request.method === "GET") {
      const found = this.pulls.find(
        (p) => p.owner === repo.owner && p.repo === repo.name && p.number === Number(pull[1]),
      );
      if (!found) return notFound(response, headers);
      return send(response, 200, await this.pullJson(found, true), headers);
    }

    if (rest === "/forks" && request.method === "POST") {
      if (!grant) return send(response, 401, { message: "Requires authentication", documentation_url: DOCS });
      const scopes = new Set(grant.scopes);
      if (!scopes.has("repo") && !scopes.has("public_repo")) {
        return send(response, 404, { message: "Not Found", documentation_url: DOCS }, headers);
      }
      const body = await readJson(request);
      const organization = typeof body.organization === "string" ? body.organization : null;
      if (organization) {
        const org = this.accounts.get(organization.toLowerCase());
        if (org?.type !== "Organization" || !org.members.has(grant.user.login.toLowerCase())) {
          return send(
            response,
            403,
            { message: "Resource not accessible by integration", documentation_url: DOCS },
            headers,
          );
        }
      }
      const owner = organization ?? grant.user.login;
      const name = typeof body.name === "string" && body.name ? body.name : repo.name;
      if (this.repo(owner, name)) {
        return send(
          response,
          422,
          { message: "Validation Failed", errors: [{ message: "Name already exists on this account" }] },
          headers,
        );
      }
      await this.git.copy({ owner: repo.owner, repo: repo.name }, { owner, repo: name });
      this.account(owner);
      const now = new Date().toISOString();
      const fork: RepoRecord = {
        id: ++this.nextId,
        owner,
        name,
        private: repo.private,
        defaultBranch: repo.defaultBranch,
        collaborators: new Map(),
        parent: { owner: repo.owner, name: repo.name },
        installed: false,
        pushedAt: now,
        updatedAt: now,
        createdAt: now,
      };
      this.repos.set(this.key(owner, name), fork);
      return send(response, 202, this.repoJson(fork, grant), headers);
    }

    return notFound(response, headers);
  }
}
