/**
 * Boxyard's git against a smart HTTP remote (the GitHub stand-in's git http-backend): heads,
 * creating and deleting branches, reading a folder, deadlines, and the credential kept out of
 * arguments and messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../test/standins/github.ts";
import { CodeHostError } from "./codehost.port.ts";
import { Git } from "./git.ts";

let github: GithubStandIn;
let token: string;
let url: string;
const owner = "gitowner";
const git = new Git({ timeoutMs: 5000 });

beforeAll(async () => {
  github = await startGithubStandIn();
  token = github.issueToken({ id: 1, login: owner, name: null, email: null }, ["repo"]);
  await github.repos.createRepository({
    owner,
    name: "tools",
    private: true,
    files: { "README.md": "# Tools\n", "pkg/a.txt": "a\n", "pkg/deep/b.txt": "b\n" },
    branches: { dev: { "dev.txt": "dev\n" } },
  });
  url = `${github.url}/${owner}/tools.git`;
});

afterAll(() => github.close());

describe("git over smart HTTP", () => {
  it("reads the remote's heads and default branch", async () => {
    const heads = await git.heads({ url, token });
    expect(heads.defaultBranch).toBe("main");
    expect(heads.heads).toEqual(await github.repos.git.heads(owner, "tools"));
  });

  it("creates a branch at another's head, only if it does not exist yet", async () => {
    const sha = await git.createBranch({ url, token }, "dev", "made-here");
    const heads = await github.repos.git.heads(owner, "tools");
    expect(heads.get("made-here")).toBe(sha);
    expect(sha).toBe(heads.get("dev"));
    await expect(git.createBranch({ url, token }, "main", "made-here")).rejects.toMatchObject({
      kind: "invalid",
    });
    expect((await github.repos.git.heads(owner, "tools")).get("made-here")).toBe(sha);
  });

  it("deletes a branch only while it still points where expected", async () => {
    const sha = await git.createBranch({ url, token }, "main", "to-delete");
    await github.repos.git.commit(owner, "tools", "to-delete", { "new.txt": "work" });
    expect(await git.deleteBranchIfUnchanged({ url, token }, "to-delete", sha)).toBe(false);
    expect((await github.repos.git.heads(owner, "tools")).has("to-delete")).toBe(true);
    const moved = (await github.repos.git.heads(owner, "tools")).get("to-delete")!;
    expect(await git.deleteBranchIfUnchanged({ url, token }, "to-delete", moved)).toBe(true);
    expect((await github.repos.git.heads(owner, "tools")).has("to-delete")).toBe(false);
  });

  it("reads a folder's files at a branch's head; a missing folder is null", async () => {
    const tree = await git.readTree({ url, token }, "main", "pkg");
    expect(tree!.sha).toBe((await github.repos.git.heads(owner, "tools")).get("main"));
    expect(tree!.files.map((f) => [f.path, f.code])).toEqual([
      ["a.txt", "a\n"],
      ["deep/b.txt", "b\n"],
    ]);
    expect(await git.readTree({ url, token }, "main", "nope")).toBeNull();
  });

  it("answers not_found, unauthorized or forbidden as the remote does, never showing the token", async () => {
    const failures = [
      git.heads({ url: `${github.url}/${owner}/missing.git`, token }),
      git.heads({ url, token: "gho_wrongtoken123" }),
      git.heads({ url, token: null }),
    ].map((attempt) => attempt.catch((e: unknown) => e));
    const kinds = [];
    for (const failure of failures) {
      const error = (await failure) as CodeHostError;
      expect(error).toBeInstanceOf(CodeHostError);
      expect(error.message).not.toContain(token);
      expect(error.message).not.toContain("gho_wrongtoken123");
      expect(error.message).not.toMatch(/Authorization/i);
      kinds.push(error.kind);
    }
    expect(kinds).toEqual(["not_found", "unauthorized", "unauthorized"]);
    const readOnly = github.issueToken({ id: 2, login: "reader", name: null, email: null }, ["repo"]);
    github.repos.repo(owner, "tools")!.collaborators.set("reader", "read");
    await expect(git.createBranch({ url, token: readOnly }, "main", "not-allowed")).rejects.toMatchObject({
      kind: "forbidden",
    });
  });

  it("gives up on a remote that does not answer in time", async () => {
    github.repos.fail(`GET /${owner}/tools.git/info/refs`, { hang: true });
    const quick = new Git({ timeoutMs: 300 });
    await expect(quick.heads({ url, token })).rejects.toMatchObject({ kind: "timeout" });
  });
});
