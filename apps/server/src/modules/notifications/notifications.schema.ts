import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferences } from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the notification commands and reads (the rules with their own messages are checked by the service). */

export const noInput = z.object({});

export const listNotificationsInput = z.object({
  limit: z.number("The limit must be a positive whole number.").nullish(),
  type: z.array(z.string("Notification types are text.").nullish()).nullish(),
  orderBy: z
    .object({ field: z.string("Name the field to order by."), direction: z.enum(["ASC", "DESC"]) })
    .nullish(),
  /** Only the notifications inserted after this one, oldest first (a client catching up). */
  after: z.string("Name the notification (after).").nullish(),
});

export const readStatusInput = z.object({
  notificationId: z.string("Name the notification (notificationId)."),
  read: z.boolean("read must be true or false."),
});

export const notificationInput = z.object({
  notificationId: z.string("Name the notification (notificationId)."),
});

export const preferencesInput = z.object(
  Object.fromEntries(
    NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean(`${key} must be true or false.`).nullish()]),
  ) as Record<keyof NotificationPreferences, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>,
);
