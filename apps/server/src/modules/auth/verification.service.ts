import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema/index.ts";
import { AppError, conflict, invalid, notFound } from "../../http/errors.ts";
import { command, openCommand, query } from "../../service/command.ts";
import { type Ctx, runCommand } from "../../service/context.ts";
import { verifyEmailMail } from "../notifications/mails.ts";
import { markEmailVerified } from "../users/user-updates.ts";
import { claimEmailInvitations } from "../workspaces/members.service.ts";
import { consumeEmailToken, issueEmailToken, mailLimitReached } from "./email-tokens.ts";
import { hasVerifiedAddress } from "./verified-addresses.ts";

export const VERIFICATION_MESSAGES = {
  noMail:
    "This installation sends no e-mail, so addresses cannot be verified by link: join workspaces with their invite link.",
  alreadyVerified: "Your e-mail address is already verified.",
  tooSoon: "A verification e-mail was sent moments ago: wait a minute before asking for another.",
  invalidLink: "This verification link is invalid, has expired or was already used.",
} as const;

/**
 * Issues the link that verifies the user's account address (valid 24 hours, once). Refused when the
 * address is verified already, when no SMTP is configured, and beyond MAIL_LIMITS.
 */
const issueVerificationLink = command(z.object({}), async ({ db, deps, userId }) => {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("Unknown user.");
  if (await hasVerifiedAddress(db, userId, user.email)) throw conflict(VERIFICATION_MESSAGES.alreadyVerified);
  if (!deps.mailer) throw invalid(VERIFICATION_MESSAGES.noMail);
  if (await mailLimitReached(db, userId, "verify_email")) {
    throw new AppError("RATE_LIMITED", VERIFICATION_MESSAGES.tooSoon);
  }
  const token = await issueEmailToken(db, { userId, purpose: "verify_email", email: user.email });
  return { email: user.email, token };
});

/**
 * `POST /api/v1/auth/verification/resend`: mails the user a new verification link. Like a remote
 * command (see repositories/remote-command.ts), the link is stored by a command of its own and the
 * mail is sent before the answer, so that the user hears when it could not be sent.
 */
export const resendVerificationMail = query(z.object({}), async (ctx) => {
  const { email, token } = await runCommand(ctx.deps, ctx.actor, issueVerificationLink, {});
  await ctx.deps.mailer?.send(verifyEmailMail({ to: email, publicUrl: ctx.deps.config.publicUrl, token }));
  return { email };
});

/** `POST /api/v1/auth/verification/confirm` `{token}`: the link mailed to verify an address. */
export const confirmEmailInput = z.object({
  token: z.string("The link has no token.").min(1, "The link has no token.").max(200),
});

/**
 * Follows a verification link: the account's address is verified, and the e-mail invitations to
 * it that waited for a verified address become the user's, in the command's transaction.
 */
export const confirmEmail = openCommand(confirmEmailInput, async ({ db: tx }, { token }) => {
  const spent = await consumeEmailToken(tx, token, "verify_email");
  if (!spent) throw invalid(VERIFICATION_MESSAGES.invalidLink, "token");
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, spent.userId))
    .limit(1);
  // A link proves only the address it was sent to.
  if (!user || user.email.toLowerCase() !== spent.email.toLowerCase()) {
    throw invalid(VERIFICATION_MESSAGES.invalidLink, "token");
  }
  await markEmailVerified(tx, spent.userId);
  await claimEmailInvitations(tx, spent.userId, user.email);
  return { email: user.email, verified: true as const };
});

/**
 * The first verification mail of a new local account, sent after the sign-up commits (a failure
 * goes to the log, the sign-up stands).
 */
export async function mailVerificationAfterSignUp(ctx: Ctx, userId: string, email: string) {
  if (!ctx.deps.mailer) return;
  if (await mailLimitReached(ctx.db, userId, "verify_email")) return;
  const token = await issueEmailToken(ctx.db, { userId, purpose: "verify_email", email });
  ctx.effects.mail(verifyEmailMail({ to: email, publicUrl: ctx.deps.config.publicUrl, token }));
}
