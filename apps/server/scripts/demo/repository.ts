import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Deps } from "../../src/deps.ts";
import type { CodeHostRepository } from "../../src/integrations/codehost/codehost.port.ts";
import { importRead } from "../../src/modules/repositories/projects.service.ts";
import type { Person } from "./people.ts";

const OWNER = "orbit-labs";
const NAME = "orbit-web";

/** The repository's history: what each commit adds, on which branch. */
const COMMITS: { branch: string; message: string; files: Record<string, string> }[] = [
  {
    branch: "main",
    message: "Start the web app",
    files: {
      "README.md":
        "# Orbit web\n\nThe customer-facing web app of Orbit Labs.\n\n```sh\nnpm install\nnpm run dev\n```\n",
      "package.json": `${JSON.stringify({ name: "orbit-web", private: true, type: "module", scripts: { dev: "vite", build: "vite build" } }, null, 2)}\n`,
      "index.html":
        '<!doctype html>\n<div id="root"></div>\n<script type="module" src="/src/main.js"></script>\n',
      "src/main.js": 'document.querySelector("#root").textContent = "Orbit";\n',
    },
  },
  {
    branch: "main",
    message: "Add the pricing section",
    files: { "src/pricing.js": 'export const plans = ["Starter", "Team", "Enterprise"];\n' },
  },
  {
    branch: "feature/checkout",
    message: "Checkout: the cart summary",
    files: {
      "src/checkout.js":
        "export function total(items) {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}\n",
    },
  },
];

function git(cwd: string, ...args: string[]) {
  return execFileSync(
    "git",
    ["-c", "user.name=Tomás Silva", "-c", "user.email=tomas@orbit-labs.example", ...args],
    {
      cwd,
      env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  ).toString("utf8");
}

/** A bare repository with a little history, as a local git host keeps it. */
export function makeBareRepository(path: string) {
  mkdirSync(path, { recursive: true });
  git(path, "init", "--bare", "--quiet", "--initial-branch=main");
  const work = mkdtempSync(join(tmpdir(), "boxyard-demo-git-"));
  try {
    git(work, "init", "--quiet", "--initial-branch=main");
    for (const commit of COMMITS) {
      const branches = git(work, "branch", "--list", commit.branch).trim();
      if (commit.branch !== "main")
        git(work, "checkout", "--quiet", ...(branches ? [] : ["-b"]), commit.branch);
      else if (branches) git(work, "checkout", "--quiet", "main");
      for (const [file, code] of Object.entries(commit.files)) {
        mkdirSync(dirname(join(work, file)), { recursive: true });
        writeFileSync(join(work, file), code);
      }
      git(work, "add", "--all");
      git(work, "commit", "--quiet", "-m", commit.message);
    }
    git(work, "push", "--quiet", path, "main", "feature/checkout");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * orbit-labs/orbit-web, kept in a bare repository under the data directory (a local git host),
 * imported into the workspace the way an import reads a repository: its details, its branch
 * heads read with git from the remote, then the rows in one transaction (`importRead`).
 */
export async function seedRepository(deps: Deps, dataDir: string, workspaceId: string, importer: Person) {
  const path = join(dataDir, "git", OWNER, `${NAME}.git`);
  rmSync(path, { recursive: true, force: true });
  makeBareRepository(path);
  const cloneUrl = pathToFileURL(path).href;
  const now = new Date().toISOString();
  const repository: CodeHostRepository = {
    id: `local:${OWNER}/${NAME}`,
    owner: { id: OWNER, login: OWNER, avatarUrl: null },
    name: NAME,
    fullName: `${OWNER}/${NAME}`,
    private: true,
    defaultBranch: "main",
    authorization: "WRITE",
    pushedAt: now,
    updatedAt: now,
    cloneUrl,
    htmlUrl: cloneUrl,
    fork: false,
  };
  const heads = await deps.codeHost.git.heads({ url: cloneUrl, token: null });
  return deps.db.transaction((tx) =>
    importRead(tx, {
      workspaceId,
      userId: importer.userId,
      vmTier: 1,
      state: { repository, heads, pullRequests: [], appInstalled: true },
    }),
  );
}
