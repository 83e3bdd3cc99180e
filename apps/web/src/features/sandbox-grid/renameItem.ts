import {
  FOLDER_NAME_REQUIRED,
  folderName,
  folderNameProblem,
  joinFolderPath,
  parentPath,
} from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { renameFolder } from "../../api/queries/folders.ts";
import { sandboxTitle } from "../../api/queries/sandbox-fragments.ts";
import { renameSandbox } from "../../api/queries/sandbox-mutations.ts";
import { toast } from "../../ui/toastStore.ts";
import type { SelectableItem } from "./gridItems.ts";

/**
 * Commits an inline rename (spec 1 §4, §5): unchanged names are ignored; a blank sandbox title
 * changes nothing; a blank folder name is refused with 'Folder name is required.'.
 */
export function renameItem(queryClient: QueryClient, teamId: string, item: SelectableItem, value: string) {
  const name = value.trim();
  // Branch names belong to the code host: they are not renamed here.
  if (item.kind === "branch") return;
  if (item.kind === "sandbox") {
    if (name && name !== sandboxTitle(item.sandbox)) void renameSandbox(queryClient, item.sandbox.id, name);
    return;
  }
  if (!name) {
    toast.error(FOLDER_NAME_REQUIRED);
    return;
  }
  if (name === folderName(item.folder.path)) return;
  const problem = folderNameProblem(name);
  if (problem) {
    toast.error(problem);
    return;
  }
  const newPath = joinFolderPath(parentPath(item.folder.path), name);
  if (newPath) void renameFolder(queryClient, teamId, item.folder.path, newPath);
}
