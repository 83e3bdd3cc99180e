/**
 * The shapes the server's REST routes answer (apps/server `*.routes.ts`), camelCased by the client.
 * GraphQL answers are typed from the schema instead (`graphql.ts`).
 */
/** GET /api/meta/features */
export type Features = {
  loginWithApple: boolean;
  loginWithGithub: boolean;
  loginWithGoogle: boolean;
  loginWithWorkos: boolean;
  loginWithPassword: boolean;
  onPremise: boolean;
  /** Where browser sandboxes run (the preview origin); null when none is configured. */
  previewUrl: string | null;
};

/** GET /api/v1/users/current */
export type CurrentUser = {
  id: string;
  email: string | null;
  name: string | null;
  username: string;
  avatarUrl: string | null;
  provider: string | null;
  bio: string | null;
  socialLinks: string[] | null;
  insertedAt: string;
  sendSurvey: boolean;
  deletionRequested: boolean;
  experiments: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  badges: unknown[] | null;
  personalWorkspaceId: string | null;
  primaryWorkspaceId: string | null;
  featuredSandboxes: string[] | null;
  showcasedSandboxShortid: string | null;
  sandboxCount: number;
  /** The account's address is proven (its verification link followed, or a provider vouched for it). */
  emailVerified?: boolean;
  /** Whether the installation mails verification links (SMTP configured). */
  emailVerificationAvailable?: boolean;
  /** Whether the account has a password (a local account) it can change. */
  hasPassword?: boolean;
  integrations: { github: { email: string | null } | null; vercel: unknown } | null;
  githubProfile:
    | { data: { login: string; email: string | null; scopes: string[] } }
    | { error: string }
    | null;
};

/** GET /api/v1/users/pending/:id */
export type PendingUser = {
  id: string;
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
  /** Whether the suggested username is free (spec 1 §3). */
  valid: boolean;
};

/** One official template, as the templates page shows it. */
export type OfficialTemplate = {
  id: string;
  title: string;
  alias: string | null;
  description: string | null;
  forkCount: number;
  viewCount: number;
  iconUrl: string | null;
  environment: string | null;
  isV2: boolean;
  /** Lowercase; the create screen's badges are made of them. */
  tags: string[];
  color: string | null;
  /** The name of the workspace that publishes it. */
  author: string | null;
  sourceTemplate: string | null;
};

/** What the sign-in popup (and the local account routes) answer. */
export type AuthMessage =
  | { type: "signin"; token?: string }
  | { type: "duplicate"; provider: string }
  | { type: "signup"; pendingUserId: string }
  | { type: "error"; message?: string; provider?: string };

export type Upload = { id: string; name: string; objectSize: number; url: string };
export type UploadsInfo = { uploads: Upload[]; currentSize: number; maxSize: number };

/** A sandbox on a profile (`GET /api/v1/users/:username/sandboxes`); `collection` only for the owner. */
export type ProfileSandbox = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  privacy: number;
  isV2: boolean;
  draft: boolean;
  viewCount: number;
  likeCount: number;
  forkCount: number;
  source: { template: string | null };
  updatedAt: string;
  insertedAt: string;
  removedAt: string | null;
  author: { username: string } | null;
  collection: { id: string; path: string } | null;
};

/** `GET /api/v1/users/:username` (api-contract §13 Profile, with the pinned and showcased sandboxes). */
export type Profile = {
  id: string;
  username: string;
  name: string | null;
  avatarUrl: string | null;
  bio: string | null;
  socialLinks: string[];
  insertedAt: string;
  featuredSandboxes: string[];
  showcasedSandboxShortid: string | null;
  sandboxCount: number;
  pinnedSandboxes: ProfileSandbox[];
  showcasedSandbox: ProfileSandbox | null;
};

export type UserSummary = { id: string; username: string; name: string | null; avatarUrl: string | null };

/* ---------------------------------------------------------------------------------------------
 * A sandbox's files (issue 15): `/api/v1/sandboxes/:id/modules…` and `/directories…`
 * ------------------------------------------------------------------------------------------- */

/** One file of a sandbox. `version` starts at 1 and grows with every change of code, title or folder. */
export type SandboxFileModule = {
  shortid: string;
  title: string;
  directoryShortid: string | null;
  isBinary: boolean;
  /** The text, or for a binary file its data URL or upload URL. */
  code: string;
  version: number;
  updatedAt: string;
};

/** One folder of a sandbox. */
export type SandboxFileDirectory = { shortid: string; title: string; directoryShortid: string | null };

/** A file to create (POST /modules, /modules/mcreate). */
export type NewSandboxModule = {
  title: string;
  directoryShortid: string | null;
  code: string;
  isBinary: boolean;
};

/** What a save changes (PUT /modules/:shortid, /modules/mupdate); each names the version it was based on. */
export type SandboxModuleChange = {
  code?: string;
  title?: string;
  directoryShortid?: string | null;
};

/** The body of a 409 answer to a stale save: the current state of what was stale. */
export type SandboxModuleConflictBody = {
  errors: { detail: string[] };
  current: { module: SandboxFileModule } | { modules: SandboxFileModule[] };
};

/** Live `sandbox-files` on `sandbox:<id>`: what changed; clients read the changed files again. */
export type SandboxFilesEvent = {
  sandboxId: string;
  actorId: string | null;
  /** The `x-boxyard-client-id` of the tab that made the change, so it can ignore its own event. */
  clientId: string | null;
  modules: { shortid: string; version: number; deleted?: true }[];
  /** Folders changed: the whole sandbox is read again. */
  directories: boolean;
};

/** Live `presence` on `sandbox:<id>`: who has the sandbox open. */
export type SandboxPresenceEvent = { users: UserSummary[] };

/* ---------------------------------------------------------------------------------------------
 * npm packages (issue 16), through Boxyard's own API (notes/preview-contract.md)
 * ------------------------------------------------------------------------------------------- */

/** One hit of `GET /api/v1/packages/search?q=&size=` (the upstream registry's search). */
export type PackageSearchResult = { name: string; version: string; description: string };

/** `GET /api/v1/packages/search` */
export type PackageSearchAnswer = { results: PackageSearchResult[] };

/** `GET /api/v1/packages/:name`: the published versions and the dist-tags (`latest`, ...). */
export type PackageInfo = { name: string; versions: string[]; distTags: Record<string, string> };
