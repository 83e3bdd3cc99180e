import {
  isNotificationType,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_LIMIT,
  NOTIFICATIONS_MAX_PAGE,
} from "@boxyard/domain";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { notificationSettings, notifications, users } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command, query } from "../../service/command.ts";
import {
  listNotificationsInput,
  noInput,
  notificationInput,
  readStatusInput,
} from "./notifications.schema.ts";
import { type NotificationRow, unreadCount } from "./unread-counts.ts";

const ORDER_FIELDS = new Set(["insertedAt", "inserted_at"]);

/**
 * A user's notifications that are not archived (RecentNotifications: limit 20, type filter,
 * ascending; API contract §10). Without `after` these are the `limit` newest, in the order asked
 * for; with `after`, the `limit` next ones after that notification, oldest first.
 */
export const listNotifications = query(
  listNotificationsInput,
  async ({ db, userId }, options): Promise<NotificationRow[]> => {
    const limit = options.limit ?? NOTIFICATIONS_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) {
      throw invalid("The limit must be a positive whole number.", "limit");
    }
    const types = (options.type ?? []).filter((t): t is string => typeof t === "string");
    const unknown = types.find((t) => !isNotificationType(t));
    if (unknown !== undefined) throw invalid(NOTIFICATION_MESSAGES.unknownType(unknown), "type");
    if (options.orderBy && !ORDER_FIELDS.has(options.orderBy.field)) {
      throw invalid(`Notifications are ordered by insertedAt, not '${options.orderBy.field}'.`, "orderBy");
    }
    const conditions: SQL[] = [eq(notifications.userId, userId), eq(notifications.archived, false)];
    if (types.length > 0) conditions.push(inArray(notifications.type, types));
    const page = Math.min(limit, NOTIFICATIONS_MAX_PAGE);

    if (options.after) {
      const [cursor] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, options.after), eq(notifications.userId, userId)))
        .limit(1);
      if (!cursor) throw notFound(NOTIFICATION_MESSAGES.notFound);
      // Compared in SQL: timestamps keep their microseconds there (a JS Date would round them to ms).
      conditions.push(
        sql`(${notifications.insertedAt}, ${notifications.id}) > (select c.inserted_at, c.id from ${notifications} c where c.id = ${cursor.id})`,
      );
      return db
        .select()
        .from(notifications)
        .where(and(...conditions))
        .orderBy(notifications.insertedAt, notifications.id)
        .limit(page);
    }

    const newest = await db
      .select()
      .from(notifications)
      .where(and(...conditions))
      .orderBy(sql`${notifications.insertedAt} desc, ${notifications.id} desc`)
      .limit(page);
    return options.orderBy?.direction === "ASC" ? newest.reverse() : newest;
  },
);

/** The signed-in user's unread badge. */
export const viewerUnreadCount = query(noInput, ({ db, userId }) => unreadCount(db, userId));

/** One of the user's own notifications; anyone else's is NOT_FOUND, like one that does not exist. */
async function updateOwn(tx: Tx, userId: string, id: string, values: Partial<NotificationRow>) {
  const [row] = await tx
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return row;
}

export const setReadStatus = command(readStatusInput, ({ db, userId }, { notificationId, read }) =>
  updateOwn(db, userId, notificationId, { read }),
);

export const archiveNotification = command(notificationInput, ({ db, userId }, { notificationId }) =>
  updateOwn(db, userId, notificationId, { archived: true }),
);

/** Archives all the signed-in user's notifications; answers the user. */
export const archiveAll = command(noInput, async ({ db, userId }) => {
  const me = await signedInUser(db, userId);
  await db
    .update(notifications)
    .set({ archived: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.archived, false)));
  return me;
});

/** Marks all the signed-in user's notifications read; answers the user. */
export const markAllRead = command(noInput, async ({ db, userId }) => {
  const me = await signedInUser(db, userId);
  await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.read, false), eq(notifications.archived, false)),
    );
  return me;
});

/** Resets the badge (the notifications stay unread until they are marked read); answers the user. */
export const clearCount = command(noInput, async ({ db, userId }) => {
  const me = await signedInUser(db, userId);
  const now = sql`clock_timestamp()`;
  await db
    .insert(notificationSettings)
    .values({ userId, countClearedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { countClearedAt: now } });
  return me;
});

/** The signed-in user's row, which the bulk mutations answer. */
async function signedInUser(db: Db | Tx, userId: string) {
  const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!me) throw notFound("User not found.");
  return me;
}
