/**
 * Git over smart HTTP from local bare repositories: `git http-backend` (Git's own server side of
 * the protocol) run as a CGI program for each request, the way a web server runs it. The GitHub
 * stand-in mounts it at `/{owner}/{repo}.git/...`, as github.com serves clones, and decides who
 * may read and push; this file also builds the bare repositories tests start from.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const HTTP_BACKEND = "/usr/lib/git-core/git-http-backend";

/** A commit's author and committer in every repository the stand-in writes. */
const GIT_ENV = {
  GIT_AUTHOR_NAME: "Stand-in",
  GIT_AUTHOR_EMAIL: "standin@example.test",
  GIT_COMMITTER_NAME: "Stand-in",
  GIT_COMMITTER_EMAIL: "standin@example.test",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

export type GitRequest = { owner: string; repo: string; service: "upload" | "receive" };

/** Which repository and service a request is for, or null when it is not a git request. */
export function gitRequestOf(method: string, url: URL): GitRequest | null {
  const match = /^\/([^/]+)\/([^/]+)\.git\/(info\/refs|git-upload-pack|git-receive-pack)$/.exec(url.pathname);
  if (!match) return null;
  const [, owner, repo, endpoint] = match;
  const service =
    endpoint === "info/refs"
      ? url.searchParams.get("service")
      : endpoint === "git-upload-pack"
        ? "git-upload-pack"
        : "git-receive-pack";
  if (service !== "git-upload-pack" && service !== "git-receive-pack") return null;
  if (endpoint !== "info/refs" && method !== "POST") return null;
  return { owner: owner!, repo: repo!, service: service === "git-upload-pack" ? "upload" : "receive" };
}

/** Runs git http-backend for one request over the bare repositories under `root`. */
export function serveGit(
  root: string,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  remoteUser: string,
) {
  const child = spawn(HTTP_BACKEND, [], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? "GET",
      CONTENT_TYPE: request.headers["content-type"] ?? "",
      ...(request.headers["content-length"] ? { CONTENT_LENGTH: request.headers["content-length"] } : {}),
      ...(request.headers["content-encoding"]
        ? { HTTP_CONTENT_ENCODING: request.headers["content-encoding"] }
        : {}),
      ...(request.headers["git-protocol"] ? { GIT_PROTOCOL: String(request.headers["git-protocol"]) } : {}),
      // A user is what lets http-backend accept pushes (http.receivepack defaults to authenticated users).
      REMOTE_USER: remoteUser,
      REMOTE_ADDR: "127.0.0.1",
      ...GIT_ENV,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  request.pipe(child.stdin);
  child.stdin.on("error", () => {});
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (started) return void response.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    const endLf = head.indexOf("\n\n");
    const cut = end !== -1 ? end : endLf;
    if (cut === -1) return;
    const separator = end !== -1 ? 4 : 2;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, cut).toString("utf8").split(/\r?\n/)) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    response.writeHead(status, headers);
    started = true;
    response.write(head.subarray(cut + separator));
  });
  child.on("close", () => {
    if (!started) response.writeHead(500).end("git http-backend failed");
    else response.end();
  });
}

/** The bare repositories of a stand-in: `root/{owner}/{repo}.git`. */
export class BareRepositories {
  private constructor(readonly root: string) {}

  static async create(): Promise<BareRepositories> {
    return new BareRepositories(await mkdtemp(join(tmpdir(), "boxyard-standin-git-")));
  }

  path(owner: string, repo: string) {
    return join(this.root, owner, `${repo}.git`);
  }

  exists(owner: string, repo: string) {
    return existsSync(this.path(owner, repo));
  }

  /** A new bare repository whose `defaultBranch` holds `files` in one commit. */
  async init(owner: string, repo: string, defaultBranch: string, files: Record<string, string | Buffer>) {
    const bare = this.path(owner, repo);
    await mkdir(dirname(bare), { recursive: true });
    await run("git", ["init", "--bare", "--quiet", `--initial-branch=${defaultBranch}`, bare], {
      env: { ...process.env, ...GIT_ENV },
    });
    await this.commit(owner, repo, defaultBranch, files, "Initial commit", null);
  }

  /**
   * Commits `files` (path → content; others stay) on `branch`, which starts from `from` when new
   * (the default: the repository's HEAD). Answers the new commit.
   */
  async commit(
    owner: string,
    repo: string,
    branch: string,
    files: Record<string, string | Buffer>,
    message = "Change",
    from: string | null = "HEAD",
  ): Promise<string> {
    const bare = this.path(owner, repo);
    const work = await mkdtemp(join(tmpdir(), "boxyard-standin-work-"));
    const env = { ...process.env, ...GIT_ENV };
    const git = (args: string[]) => run("git", args, { cwd: work, env });
    try {
      await git(["init", "--quiet"]);
      const exists = await run("git", ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], {
        cwd: bare,
        env,
      }).then(
        () => true,
        () => false,
      );
      const base = exists ? `refs/heads/${branch}` : from;
      if (base) {
        await git(["fetch", "--quiet", bare, base]);
        await git(["checkout", "--quiet", "-B", branch, "FETCH_HEAD"]);
      } else {
        await git(["checkout", "--quiet", "--orphan", branch]);
      }
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(work, path)), { recursive: true });
        await writeFile(join(work, path), content);
      }
      await git(["add", "--all"]);
      await git(["commit", "--quiet", "--allow-empty", "-m", message]);
      await git(["push", "--quiet", bare, `HEAD:refs/heads/${branch}`]);
      return (await git(["rev-parse", "HEAD"])).stdout.trim();
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Branch → head, read in the bare repository itself (not over the protocol). */
  async heads(owner: string, repo: string): Promise<Map<string, string>> {
    const { stdout } = await run(
      "git",
      ["for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads"],
      {
        cwd: this.path(owner, repo),
      },
    );
    return new Map(
      stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" ") as [string, string]),
    );
  }

  /** A fork: a bare copy of every branch. */
  async copy(from: { owner: string; repo: string }, to: { owner: string; repo: string }) {
    const target = this.path(to.owner, to.repo);
    await mkdir(dirname(target), { recursive: true });
    await run("git", ["clone", "--bare", "--quiet", this.path(from.owner, from.repo), target], {
      env: { ...process.env, ...GIT_ENV },
    });
  }

  close() {
    return rm(this.root, { recursive: true, force: true });
  }
}
