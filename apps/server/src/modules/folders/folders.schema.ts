import { z } from "zod";

/** The input rules of the folder commands and reads. Paths are checked by the commands (their field names the error). */

const path = z.string("Name the folder (path).");
/** The workspace acted on; the user's primary one when absent. */
const teamId = z.string("The workspace id is text.").nullish();

export const folderInput = z.object({ path, teamId });
export const findFolderInput = z.object({ path, teamId });
export const listFoldersInput = z.object({ teamId });
export const renameFolderInput = z.object({
  path,
  newPath: z.string("Name the new path (newPath)."),
  teamId,
  newTeamId: z.string("The target workspace id is text.").nullish(),
});

/** The most sandboxes one answer brings when asked for a page (a big folder loads in pages). */
export const SANDBOXES_PAGE_MAX = 2000;

const pageLimitMessage = `The limit must be between 1 and ${SANDBOXES_PAGE_MAX}.`;
/** A page of a folder's sandboxes: without a limit, the first page at its largest. */
export const folderSandboxesInput = z.object({
  collectionId: z.string("Name the folder (collectionId)."),
  limit: z
    .number(pageLimitMessage)
    .min(1, pageLimitMessage)
    .max(SANDBOXES_PAGE_MAX, pageLimitMessage)
    .nullish()
    .transform((limit) => limit ?? SANDBOXES_PAGE_MAX),
  /** The last sandbox of the page before, still in this folder. */
  after: z
    .string("Name the sandbox to go on after (after).")
    .nullish()
    .transform((after) => after ?? undefined),
});
