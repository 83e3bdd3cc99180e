import { describe, expect, it } from "vitest";
import {
  generateBranchName,
  isValidBranchName,
  isValidOwner,
  isValidRepositoryName,
  orderBranches,
  parseCodeHostUrl,
  restrictedScopes,
  syncedTemplatePath,
  syncedTemplateTitle,
} from "./codehost.ts";
import { alreadyImportedMessage } from "./codehost-messages.ts";

describe("restricted code-host scopes", () => {
  it("S1-6.012 / public repositories are restricted when the scopes lack both repo and public_repo", () => {
    expect(restrictedScopes(["user:email"]).publicRepositories).toBe(true);
    expect(restrictedScopes(["user:email", "read:org"]).publicRepositories).toBe(true);
    expect(restrictedScopes(["user:email", "public_repo"]).publicRepositories).toBe(false);
    expect(restrictedScopes(["repo"]).publicRepositories).toBe(false);
  });

  it("S1-6.012 / private repositories are restricted when the scopes lack repo", () => {
    expect(restrictedScopes(["user:email", "public_repo"]).privateRepositories).toBe(true);
    expect(restrictedScopes([]).privateRepositories).toBe(true);
    expect(restrictedScopes(["user:email", "repo"]).privateRepositories).toBe(false);
    expect(restrictedScopes([" repo "])).toEqual({ publicRepositories: false, privateRepositories: false });
  });
});

describe("the Import template URL", () => {
  it("S2-5.002 / owner/repo, with or without the host, scheme and .git", () => {
    const plain = { owner: "acme", repo: "widgets", branch: null, path: "" };
    expect(parseCodeHostUrl("acme/widgets")).toEqual(plain);
    expect(parseCodeHostUrl("  acme/widgets/ ")).toEqual(plain);
    expect(parseCodeHostUrl("https://github.com/acme/widgets")).toEqual(plain);
    expect(parseCodeHostUrl("https://github.com/acme/widgets.git")).toEqual(plain);
    expect(parseCodeHostUrl("github.com/acme/widgets")).toEqual(plain);
    expect(parseCodeHostUrl("https://ghe.example.com/acme/widgets?tab=readme#top")).toEqual(plain);
  });

  it("S2-2.021 / an optional /tree/{branch} and a folder after it", () => {
    expect(parseCodeHostUrl("acme/widgets/tree/dev")).toEqual({
      owner: "acme",
      repo: "widgets",
      branch: "dev",
      path: "",
    });
    expect(parseCodeHostUrl("https://github.com/acme/widgets/tree/main/examples/todo-app")).toEqual({
      owner: "acme",
      repo: "widgets",
      branch: "main",
      path: "examples/todo-app",
    });
    expect(parseCodeHostUrl("acme/widgets/tree/v1.2%2Bfix/docs")).toEqual({
      owner: "acme",
      repo: "widgets",
      branch: "v1.2+fix",
      path: "docs",
    });
  });

  it("S2-5.002 / anything else gives no result", () => {
    for (const bad of [
      "",
      "acme",
      "acme/",
      "/acme",
      "acme/widgets/blob/main/README.md",
      "acme/widgets/tree",
      "acme/widgets/tree/main/../secrets",
      "-acme/widgets",
      "acme/wid gets",
      "ftp://github.com/acme/widgets",
      "acme/widgets/tree/bad..branch",
      "https://github.com/acme/%E0%A4%A",
    ]) {
      expect(parseCodeHostUrl(bad), bad).toBeNull();
    }
  });
});

describe("synced templates", () => {
  it("S1-9.005 / default branches main and master hide the branch suffix in the path and the title", () => {
    const at = (branch: string, path = "") => ({ owner: "acme", repo: "widgets", branch, path });
    expect(syncedTemplatePath(at("main"))).toBe("github/acme/widgets");
    expect(syncedTemplatePath(at("master"))).toBe("github/acme/widgets");
    expect(syncedTemplatePath(at("dev"))).toBe("github/acme/widgets/tree/dev");
    expect(syncedTemplateTitle(at("main"))).toBe("acme/widgets");
    expect(syncedTemplateTitle(at("master", "docs"))).toBe("acme/widgets/docs");
    expect(syncedTemplateTitle(at("dev"))).toBe("acme/widgets (dev)");
  });

  it("S1-9.005 / a folder keeps /tree/{branch} so the path reads back to the same place", () => {
    const path = syncedTemplatePath({ owner: "acme", repo: "widgets", branch: "main", path: "examples/a" });
    expect(path).toBe("github/acme/widgets/tree/main/examples/a");
    expect(parseCodeHostUrl(path.replace(/^github\//, ""))).toEqual({
      owner: "acme",
      repo: "widgets",
      branch: "main",
      path: "examples/a",
    });
  });
});

describe("names", () => {
  it("S2-5.001 / repository and organization names as GitHub accepts them", () => {
    expect(isValidRepositoryName("my-fork_2.0")).toBe(true);
    expect(isValidRepositoryName("")).toBe(false);
    expect(isValidRepositoryName("..")).toBe(false);
    expect(isValidRepositoryName("has space")).toBe(false);
    expect(isValidRepositoryName("x".repeat(101))).toBe(false);
    expect(isValidRepositoryName("thing.git")).toBe(false);
    expect(isValidOwner("octo-org")).toBe(true);
    expect(isValidOwner("octo--org")).toBe(false);
    expect(isValidOwner("-octo")).toBe(false);
    expect(isValidOwner("a".repeat(40))).toBe(false);
  });

  it("branch names git accepts", () => {
    expect(isValidBranchName("feature/login")).toBe(true);
    expect(isValidBranchName("brave-otter")).toBe(true);
    for (const bad of ["", "a..b", "a b", "a~1", "a:b", "/a", "a/", ".hidden", "a.lock", "-x", "a\\b"]) {
      expect(isValidBranchName(bad), bad).toBe(false);
    }
  });

  it("generated branch names are adjective-noun pairs", () => {
    expect(generateBranchName(() => 0)).toBe("agile-anchor");
    expect(generateBranchName(() => 0.999)).toBe("witty-zephyr");
    for (let i = 0; i < 50; i++) expect(generateBranchName()).toMatch(/^[a-z]+-[a-z]+$/);
  });
});

describe("the branches of a repository page", () => {
  const branch = (name: string, prs: number[] = [], accessed: string | null = null) => ({
    name,
    pullRequests: prs.map((number) => ({ number })),
    lastAccessedAt: accessed,
  });

  it("S1-2.048 / S1-2.049 / S1-2.050 / S1-2.051 / S1-2.052 / default branch, then pull requests (highest number first), then accessed (newest first), then the rest", () => {
    const ordered = orderBranches(
      [
        branch("zeta"),
        branch("old-visit", [], "2024-01-01T10:00:00Z"),
        branch("pr-7", [7]),
        branch("alpha"),
        branch("main", [], "2024-05-01T00:00:00Z"),
        branch("pr-12-and-3", [3, 12], "2024-06-01T00:00:00Z"),
        branch("new-visit", [], "2024-03-01T10:00:00Z"),
        branch("pr-9", [9]),
      ],
      "main",
    );
    expect(ordered.map((b) => b.name)).toEqual([
      "main",
      "pr-12-and-3",
      "pr-9",
      "pr-7",
      "new-visit",
      "old-visit",
      "alpha",
      "zeta",
    ]);
  });
});

describe("already imported", () => {
  it("S2-8.008 / one or some of your workspaces", () => {
    expect(alreadyImportedMessage(1)).toBe(
      "This repository has already been imported into one of your workspaces, open it on: ",
    );
    expect(alreadyImportedMessage(3)).toBe(
      "This repository has already been imported into some of your workspaces, open it on: ",
    );
  });
});
