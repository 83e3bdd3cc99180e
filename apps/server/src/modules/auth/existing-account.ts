import type { Deps } from "../../deps.ts";
import type { MailMessage } from "../../integrations/mail/mailer.ts";
import { existingAccountMail, signUpLinkMail } from "../notifications/mails.ts";

type MailDeps = Pick<Deps, "mailer" | "config" | "log">;

/** Sent after the answer, so that its time does not tell what was sent. */
function sendLater(deps: MailDeps, message: MailMessage, what: string) {
  const mailer = deps.mailer;
  if (!mailer) return;
  setImmediate(() => {
    mailer
      .send(message)
      .catch((error) => deps.log.error({ err: error }, `the ${what} e-mail could not be sent`));
  });
}

/** A sign-up with an address that has an account answers as for a new one; its owner hears of it by e-mail instead. */
export function notifyExistingAccount(deps: MailDeps, to: string) {
  sendLater(deps, existingAccountMail({ to, publicUrl: deps.config.publicUrl }), "existing-account");
}

/** The link that continues a sign-up, to the address being signed up. */
export function mailSignUpLink(deps: MailDeps, to: string, token: string) {
  sendLater(deps, signUpLinkMail({ to, publicUrl: deps.config.publicUrl, token }), "sign-up link");
}
