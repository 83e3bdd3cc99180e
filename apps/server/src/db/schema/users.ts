import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    name: text("name"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    socialLinks: jsonb("social_links").$type<string[]>().notNull().default([]),
    /** argon2id hash for local (e-mail and password) accounts; null for users of other providers only. */
    passwordHash: text("password_hash"),
    /** When the owner followed the verification link mailed to `email`; null until then. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    role: text("role"),
    usage: text("usage"),
    companyName: text("company_name"),
    companySize: text("company_size"),
    primaryWorkspaceId: uuid("primary_workspace_id"),
    personalWorkspaceId: uuid("personal_workspace_id"),
    sendSurvey: boolean("send_survey").notNull().default(false),
    surveySeenAt: timestamp("survey_seen_at", { withTimezone: true }),
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    experiments: jsonb("experiments").$type<Record<string, unknown>>().notNull().default({}),
    featuredSandboxes: jsonb("featured_sandboxes").$type<string[]>().notNull().default([]),
    showcasedSandboxShortid: text("showcased_sandbox_shortid"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    index("users_primary_workspace_idx").on(t.primaryWorkspaceId),
    // The account purge looks for requested deletions; the invite forms search usernames by prefix.
    index("users_deletion_requested_idx")
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null`),
    index("users_username_prefix_idx").using("btree", sql`lower(${t.username}) text_pattern_ops`),
  ],
);
