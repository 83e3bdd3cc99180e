import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferences } from "@boxyard/domain";
import { builder } from "../../graphql/builder.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { OrderByInput } from "../sandboxes/sandboxes.graphql.ts";
import { User } from "../users/users.graphql.ts";
import {
  archiveAll,
  archiveNotification,
  clearCount,
  listNotifications,
  markAllRead,
  setReadStatus,
  viewerUnreadCount,
} from "./notifications.service.ts";
import { presentNotification } from "./notifier.ts";
import { updatePreferences, viewerPreferences } from "./preferences.service.ts";
import type { NotificationRow } from "./unread-counts.ts";

/** A notification (spec 1 §3; API contract §3 NotificationItem): `data` is a JSON string. */
const Notification = builder.objectRef<NotificationRow>("Notification").implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    type: t.exposeString("type"),
    data: t.string({
      description: "JSON with camelCase keys; its shape depends on the type.",
      resolve: (n) => presentNotification(n).data,
    }),
    read: t.exposeBoolean("read"),
    archived: t.exposeBoolean("archived"),
    insertedAt: t.string({ resolve: (n) => n.insertedAt.toISOString() }),
  }),
});

const NotificationPreferencesType = builder
  .objectRef<NotificationPreferences>("NotificationPreferences")
  .implement({
    fields: (t) =>
      Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, t.exposeBoolean(key)])) as Record<
        (typeof NOTIFICATION_PREFERENCE_KEYS)[number],
        ReturnType<typeof t.exposeBoolean>
      >,
  });

builder.objectFields(User, (t) => ({
  notifications: t.field({
    type: [Notification],
    description:
      "The viewer's notifications that are not archived: the `limit` newest (20 by default, 100 at most) in the order asked for; with `after`, the ones after that notification, oldest first.",
    args: {
      limit: t.arg.int(),
      type: t.arg.stringList({ required: { list: false, items: false } }),
      orderBy: t.arg({ type: OrderByInput }),
      after: t.arg({ type: "UUID4" }),
    },
    resolve: (_me, args, ctx) => runQuery(ctx.deps, ctx.viewer, listNotifications, args),
  }),
  unreadNotificationCount: t.int({
    description: "The unread badge: unread notifications since the count was last cleared.",
    resolve: (_me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, viewerUnreadCount, {}),
  }),
  notificationPreferences: t.field({
    type: NotificationPreferencesType,
    resolve: (_me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, viewerPreferences, {}),
  }),
}));

builder.mutationFields((t) => ({
  markAllNotificationsAsRead: t.field({
    type: User,
    resolve: (_r, _a, ctx) => runCommand(ctx.deps, ctx.viewer, markAllRead, {}),
  }),
  archiveAllNotifications: t.field({
    type: User,
    resolve: (_r, _a, ctx) => runCommand(ctx.deps, ctx.viewer, archiveAll, {}),
  }),
  clearNotificationCount: t.field({
    type: User,
    description: "Resets the unread badge; the notifications keep their read status.",
    resolve: (_r, _a, ctx) => runCommand(ctx.deps, ctx.viewer, clearCount, {}),
  }),
  updateNotificationReadStatus: t.field({
    type: Notification,
    args: {
      notificationId: t.arg({ type: "UUID4", required: true }),
      read: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setReadStatus, args),
  }),
  archiveNotification: t.field({
    type: Notification,
    args: { notificationId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, archiveNotification, args),
  }),
  updateNotificationPreferences: t.field({
    type: NotificationPreferencesType,
    description: "Changes the switches given; the ones left out keep their value.",
    args: Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, t.arg.boolean()])) as Record<
      (typeof NOTIFICATION_PREFERENCE_KEYS)[number],
      ReturnType<typeof t.arg.boolean>
    >,
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, updatePreferences, args),
  }),
}));
