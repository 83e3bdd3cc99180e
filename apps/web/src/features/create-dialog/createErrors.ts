import { CREATE_MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { getErrorMessage } from "../../api/errors.ts";
import { toast } from "../../ui/toastStore.ts";

/** Messages that get a 'Sign in' action in their toast (spec 1 §8). */
const SIGN_IN_PREFIXES = [
  "You need to sign in to create more than",
  SANDBOX_MESSAGES.signInToForkServer,
  SANDBOX_MESSAGES.signInToForkBrowser,
];

export function needsSignIn(message: string): boolean {
  return SIGN_IN_PREFIXES.some((prefix) => message.startsWith(prefix));
}

/**
 * The text of a failed create: the server's message (spec 2 §7), a limit failure without its code
 * in front (SANDBOX_LIMIT, DRAFT_LIMIT: the user reads the text), or the general failure.
 */
export function createErrorText(error: unknown): string {
  const message = getErrorMessage(error).trim();
  if (!message) return CREATE_MESSAGES.createFailed;
  return message.replace(/^\s*(SANDBOX_LIMIT|DRAFT_LIMIT)\s*[:-]?\s*/, "") || message;
}

/** Shows the failure as an error toast, with 'Sign in' when the message asks for it. */
export function toastCreateError(error: unknown, signIn: () => void) {
  const message = createErrorText(error);
  toast.error(message, needsSignIn(message) ? { action: { label: "Sign in", onClick: signIn } } : undefined);
}
