import { type WorkspaceChange, workspaceTopic } from "@boxyard/domain";
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

/** Runs a folder command, then announces it to the workspaces it names (a folder's sandboxes move with it). */
export async function withFolderEvents<T extends { workspaceId: string }>(
  deps: EventDeps,
  actorId: string,
  command: () => Promise<T>,
  alsoWorkspaces: (result: T) => (string | null | undefined)[] = () => [],
): Promise<T> {
  const result = await command();
  const ids = [result.workspaceId, ...alsoWorkspaces(result)].filter((id): id is string => Boolean(id));
  publishWorkspaceChange(deps, ids, { sandboxes: true, folders: true, sandboxIds: [], actorId });
  return result;
}
