import { z } from "zod";
import { WORKSPACE_MESSAGES } from "./workspaces.ts";

/** An e-mail address to invite: trimmed, one @, a dot in the domain. */
export const inviteEmailSchema = z
  .string()
  .trim()
  .pipe(z.email(WORKSPACE_MESSAGES.invalidEmail).max(254, WORKSPACE_MESSAGES.invalidEmail));

export function isValidInviteEmail(value: string): boolean {
  return inviteEmailSchema.safeParse(value).success;
}
