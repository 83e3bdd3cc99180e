import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { projects } from "../../db/schema/index.ts";

/** The workspace id of each repository (project), by its id. */
export async function projectWorkspaces(db: Db, projectIds: readonly string[]) {
  const rows = await db
    .select({ id: projects.id, workspaceId: projects.workspaceId })
    .from(projects)
    .where(inArray(projects.id, [...projectIds]));
  return new Map(rows.map((r) => [r.id, r.workspaceId]));
}
