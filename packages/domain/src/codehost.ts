/**
 * Code-host rules shared by the server and the web app (spec 1 §2, §6, §9; spec 2 §2.4, §5, §6):
 * restricted OAuth scopes, the Import template URL, the synced template's path and title, names
 * of repositories (fork form) and of generated branches, and the order of a repository's branches.
 */

export const GIT_PROVIDERS = ["GITHUB"] as const;
export type GitProvider = (typeof GIT_PROVIDERS)[number];

/** How the viewer may use a code-host repository: READ can only be forked (spec 2 §6). */
export const GITHUB_REPO_AUTHORIZATIONS = ["READ", "WRITE"] as const;
export type GithubRepoAuthorization = (typeof GITHUB_REPO_AUTHORIZATIONS)[number];

export const USER_REPO_SORTS = ["CREATED", "FULL_NAME", "PUSHED", "UPDATED"] as const;
export type UserRepoSort = (typeof USER_REPO_SORTS)[number];
export const USER_REPO_AFFILIATIONS = ["OWNER", "COLLABORATOR", "ORGANIZATION_MEMBER"] as const;
export type UserRepoAffiliation = (typeof USER_REPO_AFFILIATIONS)[number];

/** Partial repository lists show 10 a page (spec 1 §9). */
export const CODE_HOST_PARTIAL_PAGE_SIZE = 10;
/** ContributionBranches asks for at most this many (spec 1 §9). */
export const CONTRIBUTION_BRANCHES_LIMIT = 1000;

/** The scopes GitHub sign-in always asks for, and the ones the permission strip adds (spec 2 §6). */
export const GITHUB_BASE_SCOPE = "user:email";
export const GITHUB_SCOPES = {
  publicRepositories: "public_repo",
  privateRepositories: "repo",
  organizations: "read:org",
  workflows: "workflow",
} as const;

export type RestrictedScopes = { publicRepositories: boolean; privateRepositories: boolean };

/**
 * Spec 1 §6: public repositories are restricted when the scopes lack both `repo` and
 * `public_repo`; private repositories when they lack `repo`.
 */
export function restrictedScopes(scopes: readonly string[]): RestrictedScopes {
  const granted = new Set(scopes.map((s) => s.trim()));
  return {
    publicRepositories: !granted.has("repo") && !granted.has("public_repo"),
    privateRepositories: !granted.has("repo"),
  };
}

/** A GitHub account or organisation name: letters, digits and single inner dashes, up to 39. */
export const OWNER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** A repository name as GitHub accepts it: letters, digits, '.', '_' and '-', up to 100. */
export const REPOSITORY_NAME_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

export const isValidOwner = (owner: string) => OWNER_PATTERN.test(owner);

export function isValidRepositoryName(name: string): boolean {
  return REPOSITORY_NAME_PATTERN.test(name) && name !== "." && name !== ".." && !/\.git$/i.test(name);
}

/** A branch name git accepts (git check-ref-format, simplified to what Boxyard reads from URLs). */
export function isValidBranchName(name: string): boolean {
  if (name.length === 0 || name.length > 250) return false;
  if (name.startsWith("/") || name.endsWith("/") || name.endsWith(".") || name.startsWith("-")) return false;
  if (name.includes("..") || name.includes("//") || name.includes("@{") || name === "@") return false;
  if (name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"))) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what git refuses
  return !/[\u0000-\u0020\u007f~^:?*[\\]/.test(name);
}

export type CodeHostLocation = {
  owner: string;
  repo: string;
  /** The branch after `/tree/`, or null for the repository's default branch. */
  branch: string | null;
  /** A folder inside the repository ('' for its root). */
  path: string;
};

/**
 * The Import template tab's code-host URL (spec 2 §2.4, §5): `owner/repo`, optionally
 * `/tree/{branch}` and a folder after it, with or without `https://github.com/` (or another
 * host: GitHub Enterprise) and a trailing `.git`. The segment after `tree` is the branch; what
 * follows is the folder. Anything else is not a repository URL: null.
 */
export function parseCodeHostUrl(input: string): CodeHostLocation | null {
  let text = input.trim();
  if (!text) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    if (!URL.canParse(text)) return null;
    const url = new URL(text);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    text = url.pathname;
  } else if (/^[^/]*\.[^/]*\//.test(text)) {
    // 'github.com/owner/repo...' without a scheme: owners never hold a dot, so this is a host.
    text = text.slice(text.indexOf("/"));
  }
  const parts = text
    .split(/[?#]/)[0]!
    .split("/")
    .filter((p) => p !== "")
    .map((p) => safeDecode(p));
  if (parts.some((p) => p === null)) return null;
  const segments = parts as string[];
  if (segments.length < 2) return null;
  const owner = segments[0]!;
  const repo = segments[1]!.replace(/\.git$/i, "");
  if (!isValidOwner(owner) || !isValidRepositoryName(repo)) return null;
  if (segments.length === 2) return { owner, repo, branch: null, path: "" };
  if (segments[2] !== "tree" || segments.length < 4) return null;
  const branch = segments[3]!;
  if (!isValidBranchName(branch)) return null;
  const folder = segments.slice(4);
  if (folder.some((p) => p === "." || p === "..")) return null;
  return { owner, repo, branch, path: folder.join("/") };
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Default branches whose name a synced template leaves out of its title and path (spec 1 §9). */
export const HIDDEN_DEFAULT_BRANCHES = ["main", "master"] as const;

export const hidesBranchSuffix = (branch: string) =>
  (HIDDEN_DEFAULT_BRANCHES as readonly string[]).includes(branch);

/**
 * The path of a synced template, also its address (`/s/{path}`): `github/{owner}/{repo}`, then
 * `/tree/{branch}` unless the branch is main or master (spec 1 §9; kept when a folder follows,
 * which needs it to be read back), then the folder.
 */
export function syncedTemplatePath(location: { owner: string; repo: string; branch: string; path: string }) {
  const folder = location.path ? `/${location.path}` : "";
  const tree = hidesBranchSuffix(location.branch) && !folder ? "" : `/tree/${location.branch}`;
  return `github/${location.owner}/${location.repo}${tree}${folder}`;
}

/** The title of a synced template: `owner/repo[/folder]`, with ` (branch)` unless main or master. */
export function syncedTemplateTitle(location: { owner: string; repo: string; branch: string; path: string }) {
  const base = `${location.owner}/${location.repo}${location.path ? `/${location.path}` : ""}`;
  return hidesBranchSuffix(location.branch) ? base : `${base} (${location.branch})`;
}

// biome-ignore format: a word list reads best in rows
const ADJECTIVES = [
  "agile", "amber", "bold", "brave", "bright", "calm", "clever", "cosmic", "crimson", "curious",
  "daring", "eager", "electric", "fancy", "fearless", "frosty", "gentle", "golden", "happy", "hidden",
  "humble", "icy", "jolly", "keen", "lively", "lucky", "mellow", "misty", "nimble", "noble",
  "patient", "polished", "quiet", "rapid", "restless", "shiny", "silent", "sleepy", "snowy", "solid",
  "spring", "stoic", "sunny", "swift", "tender", "tidy", "vibrant", "vivid", "wandering", "witty",
];
// biome-ignore format: a word list reads best in rows
const NOUNS = [
  "anchor", "aurora", "badger", "breeze", "canyon", "cedar", "comet", "coral", "dawn", "delta",
  "dune", "ember", "falcon", "fern", "field", "firefly", "forest", "glacier", "harbor", "heron",
  "island", "lake", "lantern", "maple", "meadow", "meteor", "moon", "otter", "panda", "pebble",
  "pine", "planet", "prairie", "quartz", "raven", "reef", "river", "robin", "shadow", "sky",
  "sparrow", "star", "stream", "summit", "thunder", "tiger", "valley", "wave", "willow", "zephyr",
];

/**
 * A generated branch name, the way the product names new work: `adjective-noun`, e.g.
 * `brave-otter` (spec: 'Create branch' makes a new branch with a generated name). `random`
 * answers [0, 1); callers retry on a name the repository already has.
 */
export function generateBranchName(random: () => number = Math.random): string {
  const pick = (words: readonly string[]) => words[Math.floor(random() * words.length) % words.length]!;
  return `${pick(ADJECTIVES)}-${pick(NOUNS)}`;
}

export type OrderableBranch = {
  name: string;
  pullRequests: readonly { number: number }[];
  lastAccessedAt: string | Date | null;
};

const time = (value: string | Date | null) => (value === null ? 0 : new Date(value).getTime());

/**
 * The branches of a repository page (spec 1 §2): the default branch; branches with pull requests,
 * highest PR number first; branches the user accessed, most recent first; the other remote
 * branches, by name.
 */
export function orderBranches<T extends OrderableBranch>(branches: readonly T[], defaultBranch: string): T[] {
  const topPr = (b: T) => Math.max(...b.pullRequests.map((p) => p.number));
  const rank = (b: T) =>
    b.name === defaultBranch ? 0 : b.pullRequests.length > 0 ? 1 : b.lastAccessedAt !== null ? 2 : 3;
  return [...branches].sort((a, b) => {
    const byGroup = rank(a) - rank(b);
    if (byGroup !== 0) return byGroup;
    if (rank(a) === 1) return topPr(b) - topPr(a) || a.name.localeCompare(b.name);
    if (rank(a) === 2) return time(b.lastAccessedAt) - time(a.lastAccessedAt) || a.name.localeCompare(b.name);
    return a.name.localeCompare(b.name);
  });
}
