import { folderName, isWithin, MESSAGES, normalizePath, PURGE_AFTER_DAYS } from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { allCollectionsQuery, deleteFolder, type Folder } from "../../api/queries/folders.ts";
import { toast } from "../../ui/toastStore.ts";
import { confirm } from "../modals/confirm.ts";

/** "1 sandbox", "3 sandboxes", "2 folders". */
export const sandboxCount = (n: number) => `${n} ${n === 1 ? "sandbox" : "sandboxes"}`;
const folderCount = (n: number) => `${n} ${n === 1 ? "folder" : "folders"}`;

/** What deleting some folders takes with it: their subfolders and the sandboxes of all of them. */
export type FolderDeletion = {
  /** The folders chosen for deletion (their paths), outermost only. */
  paths: string[];
  /** Folders inside them that go too. */
  subfolders: number;
  /** Sandboxes in them (subfolders included) that go to Recently deleted. */
  sandboxes: number;
};

/** Sums up a deletion from the workspace's folders and their counts (each folder's own). */
export function folderDeletion(all: readonly Folder[], chosen: readonly string[]): FolderDeletion {
  const normal = [...new Set(chosen.map(normalizePath))];
  const paths = normal.filter((path) => !normal.some((other) => other !== path && isWithin(path, other)));
  const inside = all.filter((folder) => paths.some((path) => isWithin(normalizePath(folder.path), path)));
  return {
    paths,
    subfolders: inside.filter((folder) => !paths.includes(normalizePath(folder.path))).length,
    sandboxes: inside.reduce((sum, folder) => sum + (folder.sandboxCount ?? 0), 0),
  };
}

const subject = ({ paths }: FolderDeletion) =>
  paths.length === 1 ? `“${folderName(paths[0]!)}”` : `These ${paths.length} folders`;

/** The confirmation's title and words: what goes, and where the sandboxes go. */
export function folderDeletionQuestion(deletion: FolderDeletion, looseSandboxes = 0) {
  const { paths, subfolders, sandboxes } = deletion;
  const contents = [
    sandboxes > 0 ? sandboxCount(sandboxes) : null,
    subfolders > 0 ? folderCount(subfolders) : null,
  ].filter(Boolean);
  const where = paths.length === 1 ? "it" : "them";
  const sentences = [
    contents.length > 0
      ? `${subject(deletion)} will be deleted with everything in ${where}: ${contents.join(" and ")}.`
      : `${subject(deletion)} will be deleted. ${paths.length === 1 ? "It is" : "They are"} empty.`,
  ];
  if (looseSandboxes > 0) {
    sentences.push(
      looseSandboxes === 1
        ? "The selected sandbox goes too."
        : `The ${looseSandboxes} selected sandboxes go too.`,
    );
  }
  if (sandboxes + looseSandboxes > 0) {
    sentences.push(
      `Sandboxes go to ${MESSAGES.deletedTitle}, where they can be recovered for ${PURGE_AFTER_DAYS} days.`,
    );
  }
  return {
    title: paths.length === 1 ? "Delete folder" : `Delete ${paths.length} folders`,
    message: sentences.join(" "),
    confirmLabel: paths.length === 1 ? "Delete folder" : "Delete folders",
  };
}

/** The toast once the folders are gone. */
export function folderDeletedMessage(deletion: FolderDeletion, looseSandboxes = 0) {
  const sandboxes = deletion.sandboxes + looseSandboxes;
  const deleted = `Deleted ${deletion.paths.length === 1 ? subject(deletion) : folderCount(deletion.paths.length)}`;
  return sandboxes > 0
    ? `${deleted}. ${sandboxCount(sandboxes)} moved to ${MESSAGES.deletedTitle}.`
    : `${deleted}.`;
}

/** The workspace's folders with their counts: fresh enough from the cache, else asked. */
async function foldersOf(queryClient: QueryClient, teamId: string): Promise<Folder[]> {
  try {
    return await queryClient.fetchQuery(allCollectionsQuery(teamId));
  } catch {
    return queryClient.getQueryData<Folder[]>(allCollectionsQuery(teamId).queryKey) ?? [];
  }
}

/** Sandboxes trashed together with the folders (a drop or a selection holding both). */
type Alongside = { sandboxes: number; run: () => Promise<boolean> };

/**
 * Asks before deleting folders, stating what goes with them, then deletes them (and `alongside`,
 * the sandboxes of the same drop or selection) and says what happened. `onConfirmed` runs once the
 * user said yes (a page to leave, say). Answers false when the user cancelled or a deletion failed
 * (its own toast said so).
 */
export async function deleteFoldersConfirmed(
  queryClient: QueryClient,
  teamId: string,
  paths: readonly string[],
  { alongside = null, onConfirmed }: { alongside?: Alongside | null; onConfirmed?: () => void } = {},
): Promise<boolean> {
  const deletion = folderDeletion(await foldersOf(queryClient, teamId), paths);
  if (deletion.paths.length === 0) return false;
  const loose = alongside?.sandboxes ?? 0;
  const ok = await confirm({ ...folderDeletionQuestion(deletion, loose), danger: true });
  if (!ok) return false;
  onConfirmed?.();
  const results = await Promise.all([
    ...deletion.paths.map((path) => deleteFolder(queryClient, teamId, path)),
    ...(alongside ? [alongside.run()] : []),
  ]);
  if (!results.every(Boolean)) return false;
  toast.success(folderDeletedMessage(deletion, loose));
  return true;
}
