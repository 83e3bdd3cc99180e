import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { branchAccesses, branches, projectAccesses, projects } from "../../db/schema/index.ts";

/**
 * Opening a branch records it: for the repository page's order and Recent (the branch), and for
 * the repository lists' lastAccessedAt (its repository).
 */
export async function recordBranchAccess(db: Db | Tx, userId: string, branchId: string, at = new Date()) {
  await db
    .insert(branchAccesses)
    .values({ userId, branchId, lastAccessedAt: at })
    .onConflictDoUpdate({
      target: [branchAccesses.userId, branchAccesses.branchId],
      set: { lastAccessedAt: at },
    });
  await db.execute(sql`insert into ${projectAccesses} (user_id, project_id, last_accessed_at)
    select ${userId}, ${branches.projectId}, ${at.toISOString()} from ${branches} where ${branches.id} = ${branchId}
    on conflict (user_id, project_id) do update
      set last_accessed_at = greatest(${projectAccesses.lastAccessedAt}, excluded.last_accessed_at)`);
}

/** Keeps a project's branch count in step with its branches (after any branch is added or removed). */
export async function recountBranches(tx: Db | Tx, projectId: string) {
  await tx
    .update(projects)
    .set({
      branchCount: sql`(select count(*)::int from ${branches} where ${branches.projectId} = ${projectId})`,
    })
    .where(eq(projects.id, projectId));
}
