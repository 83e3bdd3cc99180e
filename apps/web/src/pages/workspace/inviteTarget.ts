// Apart from workspaceSettings.ts, which the sidebar loads: the e-mail check is a zod schema.
import { inviteEmailSchema, WORKSPACE_MESSAGES } from "@boxyard/domain";

export type InviteTarget =
  | { kind: "username"; username: string }
  | { kind: "email"; email: string }
  | { kind: "invalid"; message: string };

/** The invite box takes a username (with or without '@' in front) or an e-mail address. */
export function parseInviteTarget(raw: string): InviteTarget {
  const value = raw.trim();
  if (!value) return { kind: "invalid", message: "Enter a username or an e-mail address." };
  const at = value.indexOf("@");
  if (at > 0) {
    const parsed = inviteEmailSchema.safeParse(value);
    return parsed.success
      ? { kind: "email", email: parsed.data }
      : { kind: "invalid", message: WORKSPACE_MESSAGES.invalidEmail };
  }
  const username = value.replace(/^@/, "");
  if (!/^[A-Za-z0-9_.-]+$/.test(username)) {
    return { kind: "invalid", message: "Enter a username or an e-mail address." };
  }
  return { kind: "username", username };
}
