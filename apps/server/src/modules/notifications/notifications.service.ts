import {
  isNotificationType,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_LIMIT,
  NOTIFICATIONS_MAX_PAGE,
} from "@boxyard/domain";
import { and, count, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { notificationSettings, notifications } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";

export type NotificationRow = typeof notifications.$inferSelect;

export type ListOptions = {
  limit?: number | null | undefined;
  type?: readonly (string | null | undefined)[] | null | undefined;
  orderBy?: { field: string; direction: "ASC" | "DESC" } | null | undefined;
  /** Only the notifications inserted after this one, oldest first (a client catching up). */
  after?: string | null | undefined;
};

const ORDER_FIELDS = new Set(["insertedAt", "inserted_at"]);

/**
 * A user's notifications that are not archived (RecentNotifications: limit 20, type filter,
 * ascending; API contract §10). Without `after` these are the `limit` newest, in the order asked
 * for; with `after`, the `limit` next ones after that notification, oldest first.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  options: ListOptions = {},
): Promise<NotificationRow[]> {
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
}

/** When the user last cleared the badge (null: never). */
async function countClearedAt(db: Db | Tx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: notificationSettings.countClearedAt })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row?.at ?? null;
}

/** The unread badge: unread, unarchived notifications that came after the badge was last cleared. */
export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const cleared = await countClearedAt(db, userId);
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.read, false),
        eq(notifications.archived, false),
        cleared ? gt(notifications.insertedAt, cleared) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The unread badges of several users in one query (announcing a notification to many). */
export async function unreadCounts(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(userIds)];
  const counts = new Map(unique.map((id) => [id, 0]));
  if (unique.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(
      and(
        inArray(notifications.userId, unique),
        eq(notifications.read, false),
        eq(notifications.archived, false),
        sql`(${notificationSettings.countClearedAt} is null or ${notifications.insertedAt} > ${notificationSettings.countClearedAt})`,
      ),
    )
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.n);
  return counts;
}

/** One of the user's own notifications; anyone else's is NOT_FOUND, like one that does not exist. */
async function updateOwn(db: Db, userId: string, id: string, values: Partial<NotificationRow>) {
  const [row] = await db
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return row;
}

export function setReadStatus(db: Db, userId: string, id: string, read: boolean) {
  return updateOwn(db, userId, id, { read });
}

export function archiveNotification(db: Db, userId: string, id: string) {
  return updateOwn(db, userId, id, { archived: true });
}

export async function archiveAll(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ archived: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.archived, false)));
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.read, false), eq(notifications.archived, false)),
    );
}

/** Resets the badge (the notifications stay unread until they are marked read). */
export async function clearCount(db: Db, userId: string) {
  const now = sql`clock_timestamp()`;
  await db
    .insert(notificationSettings)
    .values({ userId, countClearedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { countClearedAt: now } });
}
