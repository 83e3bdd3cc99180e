import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { notificationSettings, notifications } from "../../db/schema/index.ts";

export type NotificationRow = typeof notifications.$inferSelect;

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
