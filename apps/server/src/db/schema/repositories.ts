import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sandboxes } from "./sandboxes.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A code-host repository imported into a workspace (spec 1 §3 Repository): what the code host
 * said at the last sync, so that lists answer from the database (RepositoriesByTeam with
 * syncData: false) and a sync refreshes them.
 */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"GITHUB">().notNull().default("GITHUB"),
    owner: text("owner").notNull(),
    name: text("name").notNull(),
    /** The code host's id of the repository (stable across renames). */
    remoteId: text("remote_id"),
    /** Where git fetches and pushes. */
    cloneUrl: text("clone_url").notNull(),
    defaultBranch: text("default_branch").notNull(),
    private: boolean("private").notNull().default(false),
    appInstalled: boolean("app_installed").notNull().default(false),
    vmTier: integer("vm_tier").notNull().default(1),
    /** How many branches it has (kept with every change of its branches: lists read it without counting). */
    branchCount: integer("branch_count").notNull().default(0),
    importedById: uuid("imported_by_id").references(() => users.id, { onDelete: "set null" }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("projects_workspace_repo_idx").on(
      t.workspaceId,
      t.provider,
      sql`lower(${t.owner})`,
      sql`lower(${t.name})`,
    ),
    index("projects_repo_idx").on(t.provider, sql`lower(${t.owner})`, sql`lower(${t.name})`),
  ],
);

/**
 * A branch of an imported repository: every remote branch seen at the last sync, and the ones
 * Boxyard created (`createdSha` is the commit Boxyard created it at: deleting it from the remote is
 * allowed only while it still points there).
 */
export const branches = pgTable(
  "branches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A branch of a fork made to contribute to another repository (My contributions). */
    contribution: boolean("contribution").notNull().default(false),
    /** Whether the branch exists on the remote (as of the last sync). */
    upstream: boolean("upstream").notNull().default(true),
    /** Who created it in Boxyard; null for branches that came from the remote. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    headSha: text("head_sha"),
    createdSha: text("created_sha"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("branches_project_name_idx").on(t.projectId, t.name),
    index("branches_contribution_idx").on(t.ownerId).where(sql`${t.contribution}`),
  ],
);

/** When a user last opened a branch: the repository page's order and Recent. */
export const branchAccesses = pgTable(
  "branch_accesses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    branchId: uuid("branch_id")
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    lastAccessedAt: timestamp("last_accessed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.branchId] }),
    index("branch_accesses_recent_idx").on(t.userId, t.lastAccessedAt),
    index("branch_accesses_branch_idx").on(t.branchId),
  ],
);

/** When a user last opened any branch of a repository: its lastAccessedAt in the repository lists. */
export const projectAccesses = pgTable(
  "project_accesses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    lastAccessedAt: timestamp("last_accessed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** A pull request of an imported repository, kept up to date by syncs and the code host's webhooks. */
export const pullRequests = pgTable(
  "pull_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    state: text("state").$type<"open" | "closed" | "merged">().notNull(),
    /** The proposed branch, and the account whose repository holds it (forks). */
    branch: text("branch").notNull(),
    headOwner: text("head_owner"),
    headSha: text("head_sha"),
    additions: integer("additions").notNull().default(0),
    deletions: integer("deletions").notNull().default(0),
    /** The code host's own last change, so that an older webhook never overwrites a newer state. */
    remoteUpdatedAt: timestamp("remote_updated_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pull_requests_project_number_idx").on(t.projectId, t.number),
    index("pull_requests_project_branch_idx").on(t.projectId, t.branch),
  ],
);

/**
 * A sandbox kept in sync with a repository folder (the Import template tab): its git location
 * (api-contract §3 GitInfo) and the commit its files come from.
 */
export const sandboxGit = pgTable(
  "sandbox_git",
  {
    sandboxId: text("sandbox_id")
      .primaryKey()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"GITHUB">().notNull().default("GITHUB"),
    owner: text("owner").notNull(),
    repo: text("repo").notNull(),
    branch: text("branch").notNull(),
    /** The folder inside the repository ('' for its root). */
    path: text("path").notNull().default(""),
    cloneUrl: text("clone_url").notNull(),
    commitSha: text("commit_sha"),
    /** Whose code-host access syncs it (private repositories need one). */
    syncedById: uuid("synced_by_id").references(() => users.id, { onDelete: "set null" }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }).notNull().defaultNow(),
    lastSyncError: text("last_sync_error"),
  },
  (t) => [index("sandbox_git_synced_idx").on(t.lastSyncedAt)],
);

/**
 * Webhook deliveries already handled: a redelivery (same X-GitHub-Delivery) changes nothing, and
 * neither does the same signed body under another delivery id (the id is not signed; the body is).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    provider: text("provider").$type<"GITHUB">().notNull(),
    deliveryId: text("delivery_id").notNull(),
    event: text("event").notNull(),
    /** SHA-256 (hex) of the raw body; null for deliveries recorded before it was kept. */
    payloadSha256: text("payload_sha256"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.deliveryId] }),
    uniqueIndex("webhook_deliveries_payload_idx").on(t.provider, t.payloadSha256),
    index("webhook_deliveries_received_idx").on(t.receivedAt),
  ],
);
