import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferences,
} from "@boxyard/domain";
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { notificationSettings } from "../../db/schema/index.ts";

type SettingsRow = typeof notificationSettings.$inferSelect;

export function preferencesOf(row: SettingsRow | undefined): NotificationPreferences {
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return Object.fromEntries(
    NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, row[key]]),
  ) as NotificationPreferences;
}

/** A user's eight switches; the defaults until they change one. */
export async function preferencesFor(db: Db | Tx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return preferencesOf(row);
}

/** The preferences of several users at once (a notification to many recipients). */
export async function preferencesOfUsers(
  db: Db | Tx,
  userIds: readonly string[],
): Promise<Map<string, NotificationPreferences>> {
  const unique = [...new Set(userIds)];
  const rows =
    unique.length === 0
      ? []
      : await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, unique));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(unique.map((id) => [id, preferencesOf(byUser.get(id))]));
}
