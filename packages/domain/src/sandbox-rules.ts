/** Rules and texts of one sandbox's page and REST routes (spec 1 §2, §7; spec 2 §5, §6; api-contract §13, §14). */

import { VM_TIER_MAX, VM_TIER_MIN } from "./vm-tiers.ts";

export const SANDBOX_TITLE_MAX = 255;
export const SANDBOX_DESCRIPTION_MAX = 2000;
export const SANDBOX_ALIAS_MAX = 64;

/** How long a preview token (one sandbox) or a Sandpack token (one workspace) may be used. */
export const PREVIEW_TOKEN_LIFETIME_S = 10 * 60;

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
  previewNoOpener: "Open this page from the preview that asked for access; it cannot be used on its own.",
  closeWindow: "You can close this window",
} as const;

/**
 * Words that name REST routes beside `/api/v1/sandboxes/:id` (`/api/v1/sandboxes/limits`): no
 * sandbox id or alias may be one of them, or the route would hide the sandbox.
 */
export const RESERVED_SANDBOX_IDS = ["limits", "generate_title", "templates", "fork"] as const;

export function isReservedSandboxId(value: string): boolean {
  return (RESERVED_SANDBOX_IDS as readonly string[]).includes(value);
}

/** An alias is a lowercase slug: letters, digits, single dashes inside; never a reserved word. */
export function isValidAlias(alias: string): boolean {
  return (
    alias.length > 0 &&
    alias.length <= SANDBOX_ALIAS_MAX &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(alias) &&
    !isReservedSandboxId(alias)
  );
}
