import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CodeHostError } from "./codehost.port.ts";

/**
 * Real git against a code host's smart HTTP remote, with the git CLI. The user's token never
 * appears in a URL, an argument (process lists) or an error: it reaches git as an
 * `http.extraHeader` through GIT_CONFIG_* environment variables, and every message is scrubbed.
 * Each command has a deadline; a command past it is killed and answers a `timeout`.
 */
export type GitRemote = { url: string; token: string | null };
export type GitSettings = { timeoutMs: number };

export type RemoteHeads = { defaultBranch: string | null; heads: Map<string, string> };

export type RepositoryFile = { path: string; code: string; isBinary: boolean };
export type RepositoryTree = { sha: string; files: RepositoryFile[]; skipped: number };

/** What one synced template may hold: files past these are left out (and counted). */
export const TREE_LIMITS = { files: 2000, fileBytes: 1024 * 1024, totalBytes: 32 * 1024 * 1024 };

function environment(home: string, token: string | null): NodeJS.ProcessEnv {
  const config: [string, string][] = [["credential.helper", ""]];
  if (token) {
    const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
    config.push(["http.extraHeader", `Authorization: Basic ${basic}`]);
  }
  return {
    PATH: process.env.PATH,
    HOME: home,
    LANG: "C",
    LC_ALL: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_COUNT: String(config.length),
    ...Object.fromEntries(
      config.flatMap(([key, value], i) => [
        [`GIT_CONFIG_KEY_${i}`, key],
        [`GIT_CONFIG_VALUE_${i}`, value],
      ]),
    ),
  };
}

/** Removes anything that could carry the credential from a message. */
function scrub(text: string, token: string | null): string {
  let clean = text.replace(/Authorization: \S+ \S+/gi, "Authorization: [hidden]");
  if (token) clean = clean.split(token).join("[hidden]");
  return clean.replace(/\/\/[^/@\s]+@/g, "//").trim();
}

function classify(stderr: string): CodeHostError {
  const text = stderr.toLowerCase();
  const say = stderr.split("\n").filter(Boolean).slice(-3).join(" ");
  if (/returned error: 401|authentication failed|could not read username/.test(text)) {
    return new CodeHostError("unauthorized", say, 401);
  }
  if (/returned error: 403|permission to .* denied|write access .* not granted/.test(text)) {
    return new CodeHostError("forbidden", say, 403);
  }
  if (/returned error: 404|repository not found|not found|couldn't find remote ref/.test(text)) {
    return new CodeHostError("not_found", say, 404);
  }
  if (/stale info|\[rejected\]|non-fast-forward|already exists/.test(text)) {
    return new CodeHostError("invalid", say, 409);
  }
  const status = /returned error: (\d{3})/.exec(text)?.[1];
  return new CodeHostError("unavailable", say, status ? Number(status) : null);
}

type Run = { cwd: string; token: string | null; timeoutMs: number; input?: Buffer };

function git(args: string[], run: Run): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Its own process group: git runs helpers (git-remote-http) that a deadline must stop too.
    const child = spawn("git", args, {
      cwd: run.cwd,
      env: environment(run.cwd, run.token),
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      reject(new CodeHostError("timeout", "git did not finish in time."));
    }, run.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new CodeHostError("unavailable", `git could not start: ${error.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) return;
      if (code === 0) return resolve(Buffer.concat(out));
      const problem = classify(scrub(Buffer.concat(err).toString("utf8"), run.token));
      problem.message = scrub(problem.message, run.token);
      reject(problem);
    });
    child.stdin.on("error", () => {});
    child.stdin.end(run.input);
  });
}

/** A scratch bare repository for one operation, removed afterwards. */
async function inScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "boxyard-git-"));
  try {
    await git(["init", "--bare", "--quiet"], { cwd: dir, token: null, timeoutMs: 10_000 });
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export class Git {
  constructor(private readonly settings: GitSettings) {}

  private run(args: string[], remote: GitRemote, cwd: string, input?: Buffer) {
    return git(args, {
      cwd,
      token: remote.token,
      timeoutMs: this.settings.timeoutMs,
      ...(input ? { input } : {}),
    });
  }

  /** The remote's branches and their heads, and where its HEAD points (`git ls-remote --symref`). */
  async heads(remote: GitRemote): Promise<RemoteHeads> {
    return inScratch(async (dir) => {
      const out = (await this.run(["ls-remote", "--symref", remote.url], remote, dir)).toString("utf8");
      const heads = new Map<string, string>();
      let defaultBranch: string | null = null;
      for (const line of out.split("\n")) {
        const symref = /^ref: refs\/heads\/(.+)\tHEAD$/.exec(line);
        if (symref) defaultBranch = symref[1]!;
        const head = /^([0-9a-f]{40,64})\trefs\/heads\/(.+)$/.exec(line);
        if (head) heads.set(head[2]!, head[1]!);
      }
      return { defaultBranch, heads };
    });
  }

  /**
   * Creates branch `name` on the remote at the head of `from`, and answers that commit. The
   * push asks git to create the ref only if it does not exist yet (`--force-with-lease=ref:`).
   */
  async createBranch(remote: GitRemote, from: string, name: string): Promise<string> {
    return inScratch(async (dir) => {
      await this.run(
        ["fetch", "--quiet", "--depth=1", "--no-tags", remote.url, `refs/heads/${from}`],
        remote,
        dir,
      );
      const sha = (await this.run(["rev-parse", "FETCH_HEAD"], remote, dir)).toString("utf8").trim();
      await this.run(
        [
          "push",
          "--quiet",
          `--force-with-lease=refs/heads/${name}:`,
          remote.url,
          `${sha}:refs/heads/${name}`,
        ],
        remote,
        dir,
      );
      return sha;
    });
  }

  /**
   * Deletes branch `name` from the remote only while it still points at `expectedSha` (nothing
   * was pushed to it since): answers false, deleting nothing, when it moved or is gone.
   */
  async deleteBranchIfUnchanged(remote: GitRemote, name: string, expectedSha: string): Promise<boolean> {
    return inScratch(async (dir) => {
      try {
        await this.run(
          [
            "push",
            "--quiet",
            `--force-with-lease=refs/heads/${name}:${expectedSha}`,
            remote.url,
            `:refs/heads/${name}`,
          ],
          remote,
          dir,
        );
        return true;
      } catch (error) {
        if (error instanceof CodeHostError && (error.kind === "invalid" || error.kind === "not_found"))
          return false;
        throw error;
      }
    });
  }

  /** The files of `folder` ('' for all) at the head of `branch`, fetched shallowly. */
  async readTree(remote: GitRemote, branch: string, folder: string): Promise<RepositoryTree | null> {
    return inScratch(async (dir) => {
      await this.run(
        ["fetch", "--quiet", "--depth=1", "--no-tags", remote.url, `refs/heads/${branch}`],
        remote,
        dir,
      );
      const sha = (await this.run(["rev-parse", "FETCH_HEAD"], remote, dir)).toString("utf8").trim();
      if (folder) {
        const kind = await this.run(["cat-file", "-t", `${sha}:${folder}`], remote, dir).then(
          (out) => out.toString("utf8").trim(),
          () => null,
        );
        if (kind !== "tree") return null;
      }
      const listing = await this.run(
        ["ls-tree", "-r", "-l", "-z", sha, ...(folder ? ["--", folder] : [])],
        remote,
        dir,
      );
      const prefix = folder ? `${folder}/` : "";
      const blobs: { path: string; sha: string; size: number }[] = [];
      let skipped = 0;
      let total = 0;
      for (const entry of listing.toString("utf8").split("\0")) {
        const match = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.+)$/.exec(entry);
        if (!match) continue; // submodules (commit entries) and the trailing empty string
        const size = Number(match[2]);
        if (
          blobs.length >= TREE_LIMITS.files ||
          size > TREE_LIMITS.fileBytes ||
          total + size > TREE_LIMITS.totalBytes
        ) {
          skipped++;
          continue;
        }
        total += size;
        blobs.push({ sha: match[1]!, size, path: match[3]!.slice(prefix.length) });
      }
      const contents = blobs.length
        ? await this.run(
            ["cat-file", "--batch"],
            remote,
            dir,
            Buffer.from(blobs.map((b) => `${b.sha}\n`).join("")),
          )
        : Buffer.alloc(0);
      const files: RepositoryFile[] = [];
      let offset = 0;
      for (const blob of blobs) {
        const headerEnd = contents.indexOf(0x0a, offset);
        const size = Number(contents.subarray(offset, headerEnd).toString("utf8").split(" ")[2]);
        const data = contents.subarray(headerEnd + 1, headerEnd + 1 + size);
        offset = headerEnd + 1 + size + 1;
        files.push({ path: blob.path, ...decode(data) });
      }
      return { sha, files, skipped };
    });
  }
}

/** Text stays text; anything with NUL bytes or invalid UTF-8 is kept as a base64 data URL. */
function decode(data: Buffer): { code: string; isBinary: boolean } {
  if (!data.subarray(0, 8000).includes(0)) {
    try {
      return { code: new TextDecoder("utf-8", { fatal: true }).decode(data), isBinary: false };
    } catch {
      // not UTF-8: binary below
    }
  }
  return { code: `data:application/octet-stream;base64,${data.toString("base64")}`, isBinary: true };
}
