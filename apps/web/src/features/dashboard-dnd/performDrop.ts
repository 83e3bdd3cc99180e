import type { QueryClient } from "@tanstack/react-query";
import { deleteFolder, renameFolder } from "../../api/queries/folders.ts";
import { addToFolder, makeSandboxesTemplate, moveToTrash } from "../../api/queries/sandbox-mutations.ts";
import type { DropPlan } from "./dropRules.ts";

/**
 * Runs a drop as optimistic changes (spec 1 §4): each shows at once and rolls back with the
 * spec's toast when the server refuses it. True when every change went through.
 */
export async function performDrop(
  queryClient: QueryClient,
  teamId: string,
  plan: DropPlan,
): Promise<boolean> {
  const changes: Promise<boolean>[] = [];
  switch (plan.kind) {
    case "trash":
      if (plan.sandboxIds.length > 0) changes.push(moveToTrash(queryClient, plan.sandboxIds));
      for (const path of plan.folderPaths) changes.push(deleteFolder(queryClient, teamId, path));
      break;
    case "make-template":
      if (plan.sandboxIds.length > 0)
        changes.push(makeSandboxesTemplate(queryClient, teamId, plan.sandboxIds));
      break;
    case "move": {
      const { path, destination, sandboxIds, folders } = plan;
      if (sandboxIds.length > 0)
        changes.push(addToFolder(queryClient, { teamId, sandboxIds, path, destination }));
      for (const folder of folders) {
        changes.push(renameFolder(queryClient, teamId, folder.from, folder.to, destination));
      }
      break;
    }
  }
  const results = await Promise.all(changes);
  return results.every(Boolean);
}
