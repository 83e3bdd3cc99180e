import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A notification of one user (spec 1 §3): its type, its data (camelCase keys, serialised as a JSON
 * string by the API), whether it was read, and whether it was archived (archived ones leave the list).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    read: boolean("read").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    // clock_timestamp(): notifications made in one transaction keep their order.
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index("notifications_user_listed_idx").on(t.userId, t.insertedAt, t.id).where(sql`not ${t.archived}`),
    index("notifications_user_unread_idx")
      .on(t.userId, t.insertedAt)
      .where(sql`not ${t.read} and not ${t.archived}`),
  ],
);

/**
 * Per user: the notification preferences (spec 1 §3, eight switches; a user without a row has the
 * defaults) and when the unread badge was last cleared (only notifications after it count).
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailCommentMention: boolean("email_comment_mention").notNull().default(true),
  emailCommentReply: boolean("email_comment_reply").notNull().default(true),
  emailMarketing: boolean("email_marketing").notNull().default(false),
  emailNewComment: boolean("email_new_comment").notNull().default(true),
  emailSandboxInvite: boolean("email_sandbox_invite").notNull().default(true),
  emailTeamInvite: boolean("email_team_invite").notNull().default(true),
  inAppPrReviewRequest: boolean("in_app_pr_review_request").notNull().default(true),
  inAppPrReviewReceived: boolean("in_app_pr_review_received").notNull().default(true),
  countClearedAt: timestamp("count_cleared_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
