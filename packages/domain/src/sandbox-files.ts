/**
 * A sandbox's files and folders (issue 15's file API): naming rules and texts both the server and
 * the editor use, and what the live topic `sandbox:<id>` carries.
 */
import { UPLOAD_MAX_BYTES } from "./account.ts";

/** A file or folder name: one path segment, at most this long. */
export const FILE_NAME_MAX = 255;
/** A file's code (text, or a binary file's data URL) is at most the upload limit (spec 2 §9: 5 MB). */
export const FILE_CODE_MAX_BYTES = UPLOAD_MAX_BYTES;
/** How many files and folders one bulk request may name. */
export const FILES_PER_REQUEST_MAX = 1000;

export const FILE_MESSAGES = {
  nameRequired: "Name the file or folder.",
  nameTooLong: `A file or folder name can be at most ${FILE_NAME_MAX} characters long.`,
  nameWithSlash: (name: string) =>
    `'${name}' is not a name: a file or folder name cannot contain '/' or '\\' (create its folder first).`,
  nameDots: "'.' and '..' cannot name a file or folder.",
  nameControl: "A file or folder name cannot contain control characters.",
  nameTaken: (name: string) => `A file or folder named '${name}' already exists in that folder.`,
  intoItself: "A folder cannot be moved into itself or one of its subfolders.",
  fileNotFound: "That file does not exist in this sandbox.",
  folderNotFound: "That folder does not exist in this sandbox.",
  folderShortidInvalid: "A new folder's shortid is 1 to 64 letters, digits, '-' or '_'.",
  folderShortidTaken: (shortid: string) => `The shortid '${shortid}' is already used in this sandbox.`,
  stale: (name: string) =>
    `'${name}' was changed by someone else since you opened it. Compare, then keep yours or take theirs.`,
  staleMany: "Some files were changed by someone else since you opened them; nothing was saved.",
  binaryCode: "A binary file holds a data URL (data:...) or the address of an upload.",
  nothingToChange: "Send at least one of code, title or directory_shortid.",
  baseVersionRequired: "Say which version of the file the change is based on (base_version).",
  tooMany: `Send at most ${FILES_PER_REQUEST_MAX} files and folders at once.`,
  readOnly: "You can view this sandbox but not edit its files. Fork it to get a copy of your own.",
  deleted: "This sandbox is in Recently deleted: restore it to edit its files.",
} as const;

/** Why `name` cannot name a file or folder, or null when it can. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0 || name.trim().length === 0) return FILE_MESSAGES.nameRequired;
  if (name.length > FILE_NAME_MAX) return FILE_MESSAGES.nameTooLong;
  if (name.includes("/") || name.includes("\\")) return FILE_MESSAGES.nameWithSlash(name);
  if (name === "." || name === "..") return FILE_MESSAGES.nameDots;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f]/.test(name)) return FILE_MESSAGES.nameControl;
  return null;
}

/** A client-chosen shortid of a new folder (bulk create lets files point at folders made with them). */
export function isValidFolderShortid(shortid: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(shortid);
}

/** Whether the code of a binary file is what one holds: a data URL or an upload's address. */
export function isBinaryFileCode(code: string): boolean {
  return /^data:[^,]*,/.test(code) || /^https?:\/\//.test(code) || code.startsWith("/api/v1/uploads/");
}

/**
 * The payload of `sandbox-files`: what changed in a sandbox's files after a commit. Clients read
 * the changed files again (GET .../modules/:shortid), or the whole tree when `directories` is true.
 */
export type SandboxFilesChange = {
  sandboxId: string;
  actorId: string;
  /** The `x-boxyard-client-id` of the request that made the change, so its tab can ignore its own event. */
  clientId: string | null;
  modules: { shortid: string; version: number; deleted?: true }[];
  /** The tree changed (a folder was made, renamed, moved or deleted): read it again. */
  directories: boolean;
};

/** Who has a sandbox open: one entry per person, however many tabs. */
export type SandboxPresence = {
  users: { id: string; username: string; name: string | null; avatarUrl: string | null }[];
};
