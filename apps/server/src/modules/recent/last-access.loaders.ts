import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxAccesses } from "../../db/schema/index.ts";

/** When the user last opened each of the sandboxes they have opened. */
export async function lastAccessesOf(db: Db, userId: string, sandboxIds: readonly string[]) {
  const rows = await db
    .select({ sandboxId: sandboxAccesses.sandboxId, at: sandboxAccesses.lastAccessedAt })
    .from(sandboxAccesses)
    .where(and(eq(sandboxAccesses.userId, userId), inArray(sandboxAccesses.sandboxId, [...sandboxIds])));
  return new Map(rows.map((r) => [r.sandboxId, r.at]));
}
