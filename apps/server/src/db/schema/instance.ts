import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Settings of this installation shared by every replica (e.g. the generated signing secret). */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
});
