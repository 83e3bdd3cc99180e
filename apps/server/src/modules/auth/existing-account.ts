import type { Deps } from "../../deps.ts";
import { existingAccountMail } from "../notifications/mails.ts";

/**
 * A sign-up with an address that has an account answers as for a new one; its owner hears of it
 * by e-mail instead. Sent after the answer, so that its time does not tell either.
 */
export function notifyExistingAccount(deps: Pick<Deps, "mailer" | "config" | "log">, to: string) {
  const mailer = deps.mailer;
  if (!mailer) return;
  setImmediate(() => {
    mailer
      .send(existingAccountMail({ to, publicUrl: deps.config.publicUrl }))
      .catch((error) => deps.log.error({ err: error }, "the existing-account e-mail could not be sent"));
  });
}
