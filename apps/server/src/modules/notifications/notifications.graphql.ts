import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferences } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { builder } from "../../graphql/builder.ts";
import { type GraphQLContext, requireGraphQLViewer } from "../../graphql/context.ts";
import { notFound } from "../../http/errors.ts";
import { OrderByInput } from "../sandboxes/sandboxes.graphql.ts";
import { User } from "../users/users.graphql.ts";
import {
  archiveAll,
  archiveNotification,
  clearCount,
  listNotifications,
  markAllRead,
  type NotificationRow,
  setReadStatus,
  unreadCount,
} from "./notifications.service.ts";
import { presentNotification } from "./notifier.ts";
import { preferencesFor, updatePreferences } from "./preferences.service.ts";

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
    resolve: (me, args, ctx) =>
      listNotifications(ctx.deps.db, me.id, {
        limit: args.limit,
        type: args.type,
        orderBy: args.orderBy,
        after: args.after,
      }),
  }),
  unreadNotificationCount: t.int({
    description: "The unread badge: unread notifications since the count was last cleared.",
    resolve: (me, _args, ctx) => unreadCount(ctx.deps.db, me.id),
  }),
  notificationPreferences: t.field({
    type: NotificationPreferencesType,
    resolve: (me, _args, ctx) => preferencesFor(ctx.deps.db, me.id),
  }),
}));

/** The signed-in user, for the mutations that answer `{id}` of the user. */
async function viewer(ctx: GraphQLContext) {
  const { userId } = requireGraphQLViewer(ctx);
  const [me] = await ctx.deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!me) throw notFound("User not found.");
  return me;
}

builder.mutationFields((t) => ({
  markAllNotificationsAsRead: t.field({
    type: User,
    resolve: async (_r, _a, ctx) => {
      const me = await viewer(ctx);
      await markAllRead(ctx.deps.db, me.id);
      return me;
    },
  }),
  archiveAllNotifications: t.field({
    type: User,
    resolve: async (_r, _a, ctx) => {
      const me = await viewer(ctx);
      await archiveAll(ctx.deps.db, me.id);
      return me;
    },
  }),
  clearNotificationCount: t.field({
    type: User,
    description: "Resets the unread badge; the notifications keep their read status.",
    resolve: async (_r, _a, ctx) => {
      const me = await viewer(ctx);
      await clearCount(ctx.deps.db, me.id);
      return me;
    },
  }),
  updateNotificationReadStatus: t.field({
    type: Notification,
    args: {
      notificationId: t.arg({ type: "UUID4", required: true }),
      read: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      setReadStatus(ctx.deps.db, requireGraphQLViewer(ctx).userId, args.notificationId, args.read),
  }),
  archiveNotification: t.field({
    type: Notification,
    args: { notificationId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_r, args, ctx) =>
      archiveNotification(ctx.deps.db, requireGraphQLViewer(ctx).userId, args.notificationId),
  }),
  updateNotificationPreferences: t.field({
    type: NotificationPreferencesType,
    description: "Changes the switches given; the ones left out keep their value.",
    args: Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, t.arg.boolean()])) as Record<
      (typeof NOTIFICATION_PREFERENCE_KEYS)[number],
      ReturnType<typeof t.arg.boolean>
    >,
    resolve: (_r, args, ctx) => updatePreferences(ctx.deps.db, requireGraphQLViewer(ctx).userId, args),
  }),
}));
