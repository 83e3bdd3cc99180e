import { FILE_MESSAGES, MESSAGES } from "@boxyard/domain";

/**
 * The editor's texts. The spec gives the upload limit's words (spec 2 §9); the file API's own
 * refusals are packages/domain's FILE_MESSAGES, shared with the server; the spec is silent on the
 * rest, which say what happens in short sentences of the same voice.
 */
export const EDITOR_MESSAGES = {
  fileTooLarge: MESSAGES.fileTooLarge,
  nameTaken: FILE_MESSAGES.nameTaken,
  createFileFailed: "There was a problem creating your file",
  createFolderFailed: "There was a problem creating your folder",
  renameFailed: "There was a problem renaming",
  moveFailed: "There was a problem moving",
  deleteFailed: "There was a problem deleting",
  uploadFailed: "There was a problem uploading your files",
  saveFailed: "Your changes could not be saved yet; they are kept in this browser and saved again shortly.",
  readOnly: FILE_MESSAGES.readOnly,
  readOnlyFrozen: "This sandbox is protected: its files cannot be changed.",
  readOnlySignedOut: "Sign in and fork this sandbox to change it.",
  conflict: "Someone else saved this file while you were changing it.",
  deletedConflict: "Someone else deleted this file while you were changing it.",
  unsavedLeave: "You have unsaved changes. Leave anyway?",
  binary: "This file is binary and cannot be edited here.",
  prettifyFailed: "Prettier could not format this file",
  restored: (count: number) =>
    count === 1
      ? "1 file has changes that were not saved before; they are back."
      : `${count} files have changes that were not saved before; they are back.`,
} as const;
