import { and, count, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxes } from "../../db/schema/index.ts";

export type WorkspaceUsage = {
  sandboxes: number;
  publicSandboxesQuantity: number;
  privateSandboxesQuantity: number;
  restrictedSandboxes: number;
  unrestrictedSandboxes: number;
};

/**
 * What each workspace holds (Team.usage; the credits come from billing): its sandboxes and devboxes
 * that are not deleted, split into private ones (privacy 2) and the others (public and unlisted),
 * and into restricted ones and the others.
 */
export async function usageOf(db: Db, workspaceIds: readonly string[]): Promise<Map<string, WorkspaceUsage>> {
  const usage = new Map<string, WorkspaceUsage>();
  if (workspaceIds.length === 0) return usage;
  const rows = await db
    .select({
      workspaceId: sandboxes.workspaceId,
      total: count(),
      private: sql<number>`count(*) filter (where ${sandboxes.privacy} = 2)`.mapWith(Number),
      restricted: sql<number>`count(*) filter (where ${sandboxes.restricted})`.mapWith(Number),
    })
    .from(sandboxes)
    .where(and(inArray(sandboxes.workspaceId, [...workspaceIds]), isNull(sandboxes.removedAt)))
    .groupBy(sandboxes.workspaceId);
  for (const row of rows) {
    usage.set(row.workspaceId, {
      sandboxes: row.total,
      privateSandboxesQuantity: row.private,
      publicSandboxesQuantity: row.total - row.private,
      restrictedSandboxes: row.restricted,
      unrestrictedSandboxes: row.total - row.restricted,
    });
  }
  return usage;
}

export const EMPTY_USAGE: WorkspaceUsage = {
  sandboxes: 0,
  publicSandboxesQuantity: 0,
  privateSandboxesQuantity: 0,
  restrictedSandboxes: 0,
  unrestrictedSandboxes: 0,
};

/** Each member's drafts (sandboxes outside any folder, not deleted), by workspace and then author. */
export async function draftCountsOf(
  db: Db,
  workspaceIds: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const counts = new Map<string, Map<string, number>>();
  if (workspaceIds.length === 0) return counts;
  const rows = await db
    .select({ workspaceId: sandboxes.workspaceId, authorId: sandboxes.authorId, n: count() })
    .from(sandboxes)
    .where(
      and(
        inArray(sandboxes.workspaceId, [...workspaceIds]),
        isNull(sandboxes.collectionId),
        isNull(sandboxes.removedAt),
      ),
    )
    .groupBy(sandboxes.workspaceId, sandboxes.authorId);
  for (const row of rows) {
    if (!row.authorId) continue;
    const byAuthor = counts.get(row.workspaceId) ?? new Map<string, number>();
    byAuthor.set(row.authorId, row.n);
    counts.set(row.workspaceId, byAuthor);
  }
  return counts;
}
