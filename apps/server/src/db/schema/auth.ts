import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A provider account (GitHub, Google, Apple, SSO) linked to a user. */
export const identities = pgTable(
  "identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    email: text("email"),
    /** The provider vouched for the e-mail (GitHub verified address, OpenID email_verified). */
    emailVerified: boolean("email_verified").notNull().default(false),
    login: text("login"),
    accessToken: text("access_token"),
    scopes: text("scopes").array().notNull().default([]),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("identities_provider_user_idx").on(t.provider, t.providerUserId),
    uniqueIndex("identities_user_provider_idx").on(t.userId, t.provider),
  ],
);

/**
 * Someone who signed in for the first time and has not finished onboarding. Bound to the browser
 * that started it by `browserTokenHash` (the pending cookie), so only that browser can finalize it.
 */
export const pendingUsers = pgTable(
  "pending_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    browserTokenHash: text("browser_token_hash").notNull(),
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id"),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    name: text("name"),
    username: text("username"),
    avatarUrl: text("avatar_url"),
    login: text("login"),
    accessToken: text("access_token"),
    scopes: text("scopes").array().notNull().default([]),
    passwordHash: text("password_hash"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("pending_users_expires_idx").on(t.expiresAt)],
);

/** A browser session: the HttpOnly cookie carries the token, the table keeps only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Bearer tokens for the CLI and editor clients. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default("api"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_idx").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId),
  ],
);

/** Short-lived, single-use codes a signed-in user copies into a developer client, exchanged for an API token. */
export const authCodes = pgTable(
  "auth_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("auth_codes_user_idx").on(t.userId)],
);

/** OAuth callback codes already redeemed, so that a replayed callback is refused. */
export const usedOauthStates = pgTable(
  "used_oauth_states",
  {
    stateHash: text("state_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.stateHash] })],
);

/**
 * One-time links mailed to a user: e-mail verification and password reset. Only the hash of the
 * token is kept; `email` is the address the link was sent to, so a link verifies that address only.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "verify_email" or "reset_password". */
    purpose: text("purpose").notNull(),
    email: text("email").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_tokens_user_purpose_idx").on(t.userId, t.purpose, t.insertedAt)],
);
