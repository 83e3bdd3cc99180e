import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export type AiConsent = {
  privateRepositories: boolean;
  privateSandboxes: boolean;
  publicRepositories: boolean;
  publicSandboxes: boolean;
};

export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    avatarUrl: text("avatar_url"),
    type: text("type").$type<"PERSONAL" | "TEAM">().notNull().default("TEAM"),
    inviteToken: text("invite_token")
      .notNull()
      .$defaultFn(() => randomBytes(16).toString("hex")),
    frozen: boolean("frozen").notNull().default(false),
    minimumPrivacy: integer("minimum_privacy").notNull().default(0),
    preventSandboxExport: boolean("prevent_sandbox_export").notNull().default(false),
    preventSandboxLeaving: boolean("prevent_sandbox_leaving").notNull().default(false),
    defaultAuthorization: text("default_authorization")
      .$type<"ADMIN" | "WRITE" | "READ">()
      .notNull()
      .default("WRITE"),
    aiConsent: jsonb("ai_consent").$type<AiConsent>().notNull().default({
      privateRepositories: false,
      privateSandboxes: false,
      publicRepositories: false,
      publicSandboxes: false,
    }),
    featureFlags: jsonb("feature_flags")
      .$type<{ ubbBeta: boolean; friendOfCsb: boolean }>()
      .notNull()
      .default({ ubbBeta: true, friendOfCsb: false }),
    metadata: jsonb("metadata").$type<{ useCases: string[] }>().notNull().default({ useCases: [] }),
    /** Offered to people with a verified e-mail at this domain (eligible workspaces); null: offered to nobody. */
    offerDomain: text("offer_domain"),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspaces_invite_token_idx").on(t.inviteToken),
    index("workspaces_offer_domain_idx").on(t.offerDomain).where(sql`${t.offerDomain} is not null`),
  ],
);

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorization: text("authorization").$type<"ADMIN" | "WRITE" | "READ">().notNull(),
    teamManager: boolean("team_manager").notNull().default(false),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_idx").on(t.userId),
  ],
);

/**
 * A pending invitation to a workspace: of a known user (by username or e-mail), or of an e-mail
 * address nobody has signed up with yet (it becomes the user's when they sign up with it).
 */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    authorization: text("authorization").$type<"ADMIN" | "WRITE" | "READ">().notNull(),
    invitedById: uuid("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_user_idx").on(t.workspaceId, t.userId),
    uniqueIndex("workspace_invitations_email_idx").on(t.workspaceId, sql`lower(${t.email})`),
    index("workspace_invitations_invitee_idx").on(t.userId),
    check("workspace_invitations_someone", sql`${t.userId} is not null or ${t.email} is not null`),
  ],
);

/** Raw bytes: Buffer in, Buffer out (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A workspace's uploaded avatar, kept in the database so every server replica serves it. The
 * version (a hash of the bytes) goes into the avatar URL, so a new image gets a new URL.
 */
export const workspaceAvatars = pgTable("workspace_avatars", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  version: text("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Someone who asked to join a workspace (with its invite link or its domain offer); its admins decide. */
export const workspaceJoinRequests = pgTable(
  "workspace_join_requests",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_join_requests_user_idx").on(t.userId),
  ],
);
