import { and, count, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxes } from "../../db/schema/index.ts";

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
