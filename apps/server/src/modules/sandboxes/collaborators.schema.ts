import { SHARE_AUTHORIZATIONS, type ShareAuthorization, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { z } from "zod";
import type { SandboxRow } from "./sandboxes.service.ts";

export const SHARING_MESSAGES = {
  unknownPerson: (who: string) => `There is no user with the username or e-mail ${who}.`,
  notYourself: "You cannot share a sandbox with yourself.",
  deleted: "Deleted sandboxes cannot be shared. Restore it first.",
  level: "Share a sandbox to comment on it (COMMENT), view it (READ) or edit it (WRITE_CODE).",
  notCollaborator: "That person is not a collaborator of this sandbox.",
} as const;

const sandboxId = z.string("Name the sandbox (sandboxId).");
const collaboratorId = z.string("Name the collaborator (userId).");

/** A sharing level; checked before whom it is for. */
const level = z
  .string(SHARING_MESSAGES.level)
  .refine((v) => (SHARE_AUTHORIZATIONS as readonly string[]).includes(v), SHARING_MESSAGES.level)
  .transform((v) => v as ShareAuthorization);

export const shareSandboxInput = z.object({
  authorization: level,
  sandboxId,
  /** A username ('@' optional) or an e-mail address. */
  usernameOrEmail: z
    .string(WORKSPACE_MESSAGES.usernameRequired)
    .transform((v) => v.trim().replace(/^@/, ""))
    .refine((v) => v.length > 0, WORKSPACE_MESSAGES.usernameRequired),
});

export const updateCollaboratorInput = z.object({
  authorization: level,
  sandboxId,
  userId: collaboratorId,
});

export const removeCollaboratorInput = z.object({ sandboxId, userId: collaboratorId });

/** Sandbox.collaborators: the people a sandbox the door loaded is shared with. */
export const sandboxCollaboratorsInput = z.object({ sandbox: z.custom<SandboxRow>() });
