import {
  DASHBOARD_MESSAGES,
  isPrivacy,
  isValidAlias,
  type Privacy,
  SANDBOX_DESCRIPTION_MAX,
  SANDBOX_MESSAGES,
  SANDBOX_TITLE_MAX,
  VM_TIER_MAX,
  VM_TIER_MIN,
} from "@boxyard/domain";
import { z } from "zod";

/** The input rules of the sandbox commands, shared by their doors (REST and GraphQL). */

export const sandboxTitle = z
  .string("The title must be text.")
  .trim()
  .min(1, DASHBOARD_MESSAGES.titleRequired)
  .max(SANDBOX_TITLE_MAX, SANDBOX_MESSAGES.titleTooLong);

export const sandboxAlias = z
  .string("The alias must be text.")
  .trim()
  .refine(isValidAlias, SANDBOX_MESSAGES.aliasInvalid);

export const sandboxPrivacy = z
  .number(DASHBOARD_MESSAGES.privacyInvalid)
  .refine((v): v is Privacy => isPrivacy(v), DASHBOARD_MESSAGES.privacyInvalid)
  .transform((v) => v as Privacy);

const sandboxId = z.string("Name the sandbox (id).");
const sandboxIds = z.array(z.string("Sandbox ids are text."), "Name the sandboxes (sandboxIds).");

export const sandboxesInput = z.object({ sandboxIds });
export const renameSandboxInput = z.object({ id: sandboxId, title: sandboxTitle });

export const setSandboxesFrozenInput = z.object({
  sandboxIds,
  isFrozen: z.boolean("isFrozen must be true or false."),
});
export const setSandboxesPrivacyInput = z.object({ sandboxIds, privacy: sandboxPrivacy });
export const setPreventSandboxesExportInput = z.object({
  sandboxIds,
  preventSandboxExport: z.boolean("preventSandboxExport must be true or false."),
});
export const setPreventSandboxesLeavingInput = z.object({
  sandboxIds,
  preventSandboxLeaving: z.boolean("preventSandboxLeaving must be true or false."),
});
export const moveSandboxesInput = z.object({
  sandboxIds,
  collectionPath: z.string("The folder path must be text.").nullish(),
  teamId: z.string("Workspace not found.").nullish(),
  privacy: sandboxPrivacy.nullish(),
});

/** `PUT /api/v1/sandboxes/:id`: `{sandbox: {...}}`, at least one change. */
export const updateSandboxInput = z.object({
  id: sandboxId,
  sandbox: z
    .object(
      {
        title: sandboxTitle.optional(),
        description: z
          .string("The description must be text.")
          .max(SANDBOX_DESCRIPTION_MAX, SANDBOX_MESSAGES.descriptionTooLong)
          .nullish(),
        alias: sandboxAlias.optional(),
        privacy: sandboxPrivacy.optional(),
        v2: z.boolean("v2 must be true or false.").optional(),
      },
      "Send the changes as {sandbox: {...}}.",
    )
    .refine(
      (s) => ["title", "description", "alias", "privacy", "v2"].some((k) => k in s),
      "Send at least one of title, description, alias, privacy or v2.",
    ),
});

export const setVmTierInput = z.object({
  id: sandboxId,
  vmTier: z
    .number(SANDBOX_MESSAGES.vmTierInvalid)
    .int(SANDBOX_MESSAGES.vmTierInvalid)
    .min(VM_TIER_MIN, SANDBOX_MESSAGES.vmTierInvalid)
    .max(VM_TIER_MAX, SANDBOX_MESSAGES.vmTierInvalid),
});
