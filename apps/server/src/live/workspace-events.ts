import { type WorkspaceChange, workspaceTopic } from "@boxyard/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sandboxes } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";

type EventDeps = Pick<Deps, "db" | "live">;

/**
 * Tells the members' dashboards that a workspace's lists changed (`workspace-changed` on
 * `workspace:<id>`), after the command committed. The event names what changed, never how: the
 * dashboards read it again through the API, with its authorization.
 */
export function publishWorkspaceChange(
  deps: Pick<Deps, "live">,
  workspaceIds: Iterable<string>,
  change: WorkspaceChange,
) {
  for (const id of new Set(workspaceIds)) {
    void deps.live.publish(workspaceTopic(id), { event: "workspace-changed", payload: change });
  }
}

async function workspacesOfSandboxes(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ workspaceId: sandboxes.workspaceId })
    .from(sandboxes)
    .where(inArray(sandboxes.id, [...new Set(ids)]));
  return rows.map((r) => r.workspaceId);
}

/**
 * Runs a sandbox command, then announces the change to the workspaces the sandboxes were in before
 * and are in after (a move between workspaces changes both). A command that fails announces nothing.
 */
export async function withSandboxEvents<T extends { workspaceId: string } | { workspaceId: string }[]>(
  deps: EventDeps,
  actorId: string,
  sandboxIds: readonly string[],
  command: () => Promise<T>,
  options: { folders?: boolean } = {},
): Promise<T> {
  const before = await workspacesOfSandboxes(deps.db, sandboxIds);
  const result = await command();
  const rows: { workspaceId: string; id?: unknown }[] = Array.isArray(result) ? result : [result];
  const ids = new Set(sandboxIds);
  for (const row of rows) if (typeof row.id === "string") ids.add(row.id);
  publishWorkspaceChange(deps, [...before, ...rows.map((r) => r.workspaceId)], {
    sandboxes: true,
    folders: options.folders ?? false,
    sandboxIds: [...ids],
    actorId,
  });
  return result;
}
