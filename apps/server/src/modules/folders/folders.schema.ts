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
