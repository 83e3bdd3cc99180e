import { INBOX } from "./env.ts";

export type InboxMail = { to: string[]; subject: string; text: string; link: string | null };

export const VERIFICATION_SUBJECT = "Verify your e-mail address for Boxyard";
export const RESET_SUBJECT = "Reset your Boxyard password";
/** The link that continues a local sign-up (sign-up proves the address first). */
export const SIGNUP_SUBJECT = "Finish creating your Boxyard account";
/** To the owner of an address someone tried to sign up with. */
export const EXISTING_ACCOUNT_SUBJECT = "Someone tried to create a Boxyard account with your address";

/** The mails the local SMTP server received for an address (apps/server/test/standins/smtp-inbox.ts). */
export async function mailsTo(address: string): Promise<InboxMail[]> {
  const response = await fetch(`${INBOX}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as InboxMail[];
}

/** Waits for the latest mail to `address` with `subject`, and answers it. */
export async function waitForMail(address: string, subject: string, timeoutMs = 15_000): Promise<InboxMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).filter((m) => m.subject === subject).at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`No mail '${subject}' to ${address} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
