/** User-facing texts of sandboxes: one sandbox's page and routes, and the dashboard's operations on them. */

import { SANDBOX_DESCRIPTION_MAX, SANDBOX_TITLE_MAX } from "./sandbox-rules.ts";
import { VM_TIER_MAX, VM_TIER_MIN } from "./vm-tiers.ts";

export const SANDBOX_MESSAGES = {
  /** Spec 1 §8: these two get a 'Sign in' action in the toast. */
  signInToForkServer: "You need to be signed in to fork a server template.",
  signInToForkBrowser: "You need to be signed in to fork a cloud sandbox.",
  vmTierInvalid: `Choose a VM tier from ${VM_TIER_MIN} to ${VM_TIER_MAX}.`,
  vmTierAbovePlan: (max: number) =>
    `This workspace's plan includes VM tiers up to ${max}. Upgrade your plan for bigger VMs.`,
  vmTierDevboxOnly: "Only devboxes run on a VM; browser sandboxes have no VM tier.",
  forkFrozen: "This workspace is frozen: forking into it is disabled.",
  forkViewer: "Viewers cannot fork into this workspace.",
  forkFailed: "There was a problem forking this sandbox",
  aliasInvalid: "The alias may contain lowercase letters, digits and dashes.",
  aliasTaken: "That alias is already used by another sandbox.",
  descriptionTooLong: `Descriptions can be at most ${SANDBOX_DESCRIPTION_MAX} characters.`,
  titleTooLong: `Titles can be at most ${SANDBOX_TITLE_MAX} characters.`,
  previewOriginRefused: "This window was not opened by a page that may receive sandbox access.",
  previewTokenExpired:
    "This preview's access has expired or is not valid. Open the preview again to sign in.",
  previewPrivate: "This sandbox is private. Sign in to Boxyard to see its preview.",
  previewNoOpener: "Open this page from the preview that asked for access; it cannot be used on its own.",
  closeWindow: "You can close this window",

  // The dashboard's sandbox and folder operations (spec 1 §8), word for word.
  getSandboxes: "There was a problem getting your sandboxes",
  getDeleted: "There was a problem getting your deleted Sandboxes",
  getTemplates: "There was a problem getting your Templates",
  delete: "There was a problem deleting your Sandbox",
  revertTemplate: "There was a problem reverting your template",
  rename: "There was a problem renaming your sandbox",
  makeTemplate: "There was a problem making your template",
  recover: "There was a problem recovering your sandbox",
  move: "There was a problem moving your sandbox",
  createFolder: "There was a problem creating your folder",
  // The spec names these failures without giving their words; same voice.
  renameFolder: "There was a problem renaming your folder",
  deleteFolder: "There was a problem deleting your folder",
  privacy: "There was a problem updating the privacy of your sandbox",
  frozen: "There was a problem updating the protected status of your sandbox",
  // The spec names a template-created notice without giving its words.
  templateCreated: "Template created",
  // Spec 1 §8 'sandbox permission update failure' and the success toast 'Sandbox permissions updated.'.
  permissions: "There was a problem updating the permissions of your sandbox",
  permissionsUpdated: "Sandbox permissions updated.",
  download: "There was a problem downloading your sandboxes",
  appearance: "There was a problem updating your template",
} as const;

/** Spec 1 §5: the notice of a download that skipped sandboxes (devboxes, export prevented). */
export function skippedMessage(skipped: number) {
  return `${skipped} sandbox(es) were skipped for lack of export permission.`;
}

/** 'Successfully moved to {destination}' (spec 1 §8). */
export function movedMessage(destination: string) {
  return `Successfully moved to ${destination}`;
}
