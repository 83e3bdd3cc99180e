/** User-facing texts of the dashboard's folder and sandbox operations (spec 1 §5, §8). */

import { FREE_LIMITS } from "./plans.ts";

export const DASHBOARD_MESSAGES = {
  /** Spec 1 §8; the server puts the SANDBOX_LIMIT code in front (spec 1 §5). */
  privateSandboxLimit: `You have reached the maximum of ${FREE_LIMITS.includedPrivateSandboxes} private Sandboxes in this workspace. Upgrade your plan to add more.`,
  /** Spec 1 §8; the server puts the DRAFT_LIMIT code in front (spec 1 §5). */
  draftLimit:
    "Cannot create draft: Your drafts folder is full. Delete unneeded drafts, or upgrade to Pro for unlimited drafts.",
  sandboxNotFound: "Sandbox not found.",
  folderNotFound: "Folder not found.",
  folderExists: "A folder with that path already exists.",
  rootFolderFixed: "The root folder cannot be renamed, moved or deleted.",
  folderIntoItself: "A folder cannot be moved into itself.",
  folderHasProtected: "This folder holds protected sandboxes. Unprotect them first.",
  sandboxProtected: "This sandbox is protected. Unprotect it first.",
  sandboxCannotLeave: "This sandbox is not allowed to leave its workspace.",
  titleRequired: "Title is required.",
  privacyInvalid: "Privacy must be 0 (public), 1 (unlisted) or 2 (private).",
  privacyBelowMinimum: (minimum: number) =>
    `Privacy cannot be lower than this workspace's minimum privacy (${minimum}).`,
  onlyDeletedPurged: "Only sandboxes in Recently deleted can be permanently deleted.",
} as const;
