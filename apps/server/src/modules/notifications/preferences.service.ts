import type { NotificationPreferences } from "@boxyard/domain";
import { NOTIFICATION_PREFERENCE_KEYS } from "@boxyard/domain";
import { notificationSettings } from "../../db/schema/index.ts";
import { command, query } from "../../service/command.ts";
import { noInput, preferencesInput } from "./notifications.schema.ts";
import { preferencesFor, preferencesOf } from "./preferences.ts";

/** Changes the switches given; a switch left out keeps its value (API contract §10). */
export const updatePreferences = command(
  preferencesInput,
  async ({ db, userId }, changes): Promise<NotificationPreferences> => {
    const set: Partial<NotificationPreferences> = {};
    for (const key of NOTIFICATION_PREFERENCE_KEYS) {
      const value = changes[key];
      if (typeof value === "boolean") set[key] = value;
    }
    if (Object.keys(set).length === 0) return preferencesFor(db, userId);
    const [row] = await db
      .insert(notificationSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...set, updatedAt: new Date() } })
      .returning();
    return preferencesOf(row);
  },
);

/** The signed-in user's switches. */
export const viewerPreferences = query(noInput, ({ db, userId }) => preferencesFor(db, userId));
