import { SANDBOX_MESSAGES } from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { renameFolder } from "../../api/queries/folders.ts";
import {
  addToFolder,
  makeSandboxesTemplate,
  moveToTrash,
  placesOf,
  putBack,
} from "../../api/queries/sandbox-mutations.ts";
import { toastMoved } from "../../api/queries/sandbox-toasts.ts";
import { deleteFoldersConfirmed } from "../sandbox-actions/folderDeletion.ts";
import type { DropPlan } from "./dropRules.ts";

/**
 * Runs a drop as optimistic changes (spec 1 §4): each shows at once and rolls back with the
 * spec's toast when the server refuses it. Folders dropped on Recently deleted are deleted only
 * once the user confirms; sandboxes moved to trash or elsewhere get a toast with Undo. True when
 * every change went through.
 */
export async function performDrop(
  queryClient: QueryClient,
  teamId: string,
  plan: DropPlan,
): Promise<boolean> {
  switch (plan.kind) {
    case "trash": {
      const { sandboxIds, folderPaths } = plan;
      if (folderPaths.length === 0) {
        return sandboxIds.length === 0 || moveToTrash(queryClient, sandboxIds);
      }
      const alongside =
        sandboxIds.length > 0
          ? { sandboxes: sandboxIds.length, run: () => moveToTrash(queryClient, sandboxIds, { quiet: true }) }
          : null;
      return deleteFoldersConfirmed(queryClient, teamId, folderPaths, { alongside });
    }
    case "make-template":
      return plan.sandboxIds.length === 0 || makeSandboxesTemplate(queryClient, teamId, plan.sandboxIds);
    case "move":
      return moveWithUndo(queryClient, teamId, plan);
  }
}

/** The sandboxes and folders of one drop move together, and one toast undoes them together. */
async function moveWithUndo(
  queryClient: QueryClient,
  teamId: string,
  plan: Extract<DropPlan, { kind: "move" }>,
) {
  const { path, destination, sandboxIds, folders } = plan;
  const places = placesOf(queryClient, sandboxIds);
  const results = await Promise.all([
    ...(sandboxIds.length > 0 ? [addToFolder(queryClient, { teamId, sandboxIds, path })] : []),
    ...folders.map((folder) => renameFolder(queryClient, teamId, folder.from, folder.to)),
  ]);
  const moved = results.every(Boolean);
  if (moved && results.length > 0) {
    toastMoved(destination, () => {
      if (places.length > 0) void putBack(queryClient, places, SANDBOX_MESSAGES.move);
      for (const folder of folders) void renameFolder(queryClient, teamId, folder.to, folder.from);
    });
  }
  return moved;
}
