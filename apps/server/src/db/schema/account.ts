import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A file a user uploaded; its bytes are kept by the storage port under `storageKey`. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    objectSize: bigint("object_size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_user_idx").on(t.userId, t.insertedAt)],
);

/** What users tell the instance's operators through the Feedback modal (README: reading it). */
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    page: text("page"),
    userAgent: text("user_agent"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feedback_inserted_idx").on(t.insertedAt)],
);

/** Answers to the in-app survey ('Help improve Boxyard'); one per user. */
export const surveyResponses = pgTable("survey_responses", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<Record<string, string | string[]>>().notNull(),
  insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
});
