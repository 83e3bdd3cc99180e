import { PURGE_AFTER_DAYS } from "@boxyard/domain";
import { and, isNotNull, lt, sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "../../db/advisory-locks.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { sandboxes } from "../../db/schema/index.ts";

/** The advisory-lock key the purge takes; one replica purges at a time. */
export const PURGE_LOCK = ADVISORY_LOCKS.sandboxPurge;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PurgeResult = {
  /** False when another replica held the lock: this one did nothing. */
  ran: boolean;
  purged: string[];
};

/**
 * Permanently deletes the sandboxes moved to Recently deleted more than `olderThanDays` ago
 * (spec 1 §4, §9: 30 days); their files, accesses, shares and template rows go with them (cascade).
 * Runs in one transaction holding `pg_try_advisory_xact_lock(PURGE_LOCK)`: when another replica
 * holds it, this call skips instead of waiting. The lock ends with the transaction.
 */
export async function purgeDeletedSandboxes(
  db: Db,
  options: { now?: Date; olderThanDays?: number } = {},
): Promise<PurgeResult> {
  const days = options.olderThanDays ?? PURGE_AFTER_DAYS;
  if (!Number.isFinite(days) || days <= 0) throw new Error("olderThanDays must be a positive number.");
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as locked`,
    );
    if (!lock?.locked) return { ran: false, purged: [] };
    const purged = await tx
      .delete(sandboxes)
      .where(and(isNotNull(sandboxes.removedAt), lt(sandboxes.removedAt, cutoff)))
      .returning({ id: sandboxes.id });
    return { ran: true, purged: purged.map((r) => r.id) };
  });
}
