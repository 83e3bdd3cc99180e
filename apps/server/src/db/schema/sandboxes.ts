import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
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
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/** A folder of a workspace. '/' is the root; every workspace has one. */
export const collections = pgTable(
  "collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collections_workspace_path_idx").on(t.workspaceId, t.path),
    index("collections_path_trgm_idx").using("gin", sql`${t.path} gin_trgm_ops`),
  ],
);

/**
 * How many sandboxes each folder holds, not counting deleted ones nor its subfolders'. Triggers
 * keep it (migration 0013): every folder has its row, and every statement that changes sandboxes
 * keeps the counts exact. A table apart from the folders, so that counting never locks a folder.
 */
export const collectionSandboxCounts = pgTable("collection_sandbox_counts", {
  collectionId: uuid("collection_id")
    .primaryKey()
    .references(() => collections.id, { onDelete: "cascade" }),
  sandboxCount: integer("sandbox_count").notNull().default(0),
});

/**
 * A browser sandbox or a server devbox (`isV2`). A sandbox with no collection is a draft, seen
 * only by its author; `removedAt` marks it as recently deleted.
 */
export const sandboxes = pgTable(
  "sandboxes",
  {
    id: text("id").primaryKey(),
    alias: text("alias"),
    title: text("title"),
    description: text("description"),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    collectionId: uuid("collection_id").references(() => collections.id, { onDelete: "set null" }),
    privacy: integer("privacy").notNull().default(2),
    isFrozen: boolean("is_frozen").notNull().default(false),
    isV2: boolean("is_v2").notNull().default(false),
    preventSandboxLeaving: boolean("prevent_sandbox_leaving").notNull().default(false),
    preventSandboxExport: boolean("prevent_sandbox_export").notNull().default(false),
    restricted: boolean("restricted").notNull().default(false),
    screenshotUrl: text("screenshot_url"),
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    forkCount: integer("fork_count").notNull().default(0),
    sourceTemplate: text("source_template"),
    forkedFromId: text("forked_from_id").references((): AnyPgColumn => sandboxes.id, {
      onDelete: "set null",
    }),
    vmTier: integer("vm_tier").notNull().default(1),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sandboxes_workspace_collection_idx").on(t.workspaceId, t.collectionId, t.updatedAt),
    index("sandboxes_workspace_updated_idx").on(t.workspaceId, t.updatedAt),
    index("sandboxes_workspace_removed_idx").on(t.workspaceId, t.removedAt),
    index("sandboxes_author_idx").on(t.authorId),
    // A folder's listing (most recently updated first) and its deletion (the foreign key sets it null).
    index("sandboxes_collection_idx").on(t.collectionId, t.updatedAt),
    index("sandboxes_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("sandboxes_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    index("sandboxes_alias_trgm_idx").using("gin", sql`${t.alias} gin_trgm_ops`),
    index("sandboxes_source_template_trgm_idx").using("gin", sql`${t.sourceTemplate} gin_trgm_ops`),
  ],
);

/**
 * How often a workspace's searchable content has changed: sandboxes (the fields search ranks and
 * filters on), folders and imported repositories. Triggers keep it (migration 0012), so no write
 * path can forget it; a cached search answer holds while its workspace's version is unchanged.
 */
export const searchVersions = pgTable("search_versions", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * A file of a sandbox (spec 1 §3 zip export: title, code, directoryShortid, isBinary). `version`
 * counts its changes (code, name, folder): a save names the version it was based on, and a stale
 * one is refused (the file API, issue 15).
 */
export const sandboxModules = pgTable(
  "sandbox_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    shortid: text("shortid").notNull(),
    title: text("title").notNull(),
    code: text("code").notNull().default(""),
    directoryShortid: text("directory_shortid"),
    isBinary: boolean("is_binary").notNull().default(false),
    version: integer("version").notNull().default(1),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_modules_shortid_idx").on(t.sandboxId, t.shortid)],
);

export const sandboxDirectories = pgTable(
  "sandbox_directories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    shortid: text("shortid").notNull(),
    title: text("title").notNull(),
    directoryShortid: text("directory_shortid"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_directories_shortid_idx").on(t.sandboxId, t.shortid)],
);

/** A sandbox made into a template, with its colour and icon. */
export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    color: text("color"),
    iconUrl: text("icon_url"),
    published: boolean("published").notNull().default(false),
    official: boolean("official").notNull().default(false),
    /** Lowercase tags (official templates: the create screen's badges). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("templates_sandbox_idx").on(t.sandboxId),
    index("templates_official_idx").on(t.official).where(sql`${t.official}`),
  ],
);

/** When a user last opened a sandbox: the Recent page. */
export const sandboxAccesses = pgTable(
  "sandbox_accesses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    lastAccessedAt: timestamp("last_accessed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sandboxId] }),
    index("sandbox_accesses_recent_idx").on(t.userId, t.lastAccessedAt),
  ],
);

/** A sandbox shared with a user at an authorization level: 'Shared with me'. */
export const sandboxCollaborators = pgTable(
  "sandbox_collaborators",
  {
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorization: text("authorization")
      .$type<"COMMENT" | "READ" | "WRITE_CODE" | "WRITE_PROJECT">()
      .notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sandboxId, t.userId] }),
    index("sandbox_collaborators_user_idx").on(t.userId),
  ],
);

/**
 * A template a user forked from, into which workspace, and when last: the create dialog's
 * 'Recently used' (api-contract §9 RecentTemplates).
 */
export const templateUses = pgTable(
  "template_uses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: uuid("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    /** The workspace the fork went into. */
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workspaceId, t.templateId] }),
    index("template_uses_recent_idx").on(t.userId, t.usedAt),
  ],
);

/** A user's like of a sandbox; `sandboxes.like_count` counts them (kept in the same transaction). */
export const sandboxLikes = pgTable(
  "sandbox_likes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sandboxId] }),
    index("sandbox_likes_user_idx").on(t.userId, t.insertedAt),
    index("sandbox_likes_sandbox_idx").on(t.sandboxId),
  ],
);

/**
 * Who was counted as viewing a sandbox lately, so that a viewer counts once a period
 * (modules/sandboxes/views.ts). `viewerKey` is `user:<id>` for a signed-in person and, for a
 * signed-out visitor, `anon:` and a keyed hash of their address and browser (neither is stored).
 * Rows older than the period mean nothing and the hourly purge deletes them.
 */
export const sandboxViews = pgTable(
  "sandbox_views",
  {
    sandboxId: text("sandbox_id")
      .notNull()
      .references(() => sandboxes.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sandboxId, t.viewerKey] }),
    index("sandbox_views_counted_idx").on(t.countedAt),
  ],
);
