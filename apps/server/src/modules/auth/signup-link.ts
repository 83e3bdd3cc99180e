import { and, eq, gt, like, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { pendingUsers, users } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";
import { openCommand } from "../../service/command.ts";
import { existingAccountMail, signUpLinkMail } from "../notifications/mails.ts";
import { continueSignUpInput, localSignUpInput } from "./auth.schema.ts";
import { hashPassword, passwordMatches } from "./password.service.ts";
import {
  PENDING_LIFETIME_MS,
  passwordPendingUser,
  type SignInOutcome,
  startLocalSignUp,
  withSession,
} from "./signin.service.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SIGNUP_LINK_MESSAGES = {
  invalidLink: "This sign-up link is invalid, has expired or was already used.",
} as const;

/**
 * Until its link is followed, a pending local sign-up is bound to the link's token, not to a
 * browser: the prefix keeps a browser's pending cookie from ever matching it.
 */
const LINK_PREFIX = "link:";
export const linkBinding = (token: string) => `${LINK_PREFIX}${hashToken(token)}`;
const awaitingLink = like(pendingUsers.browserTokenHash, `${LINK_PREFIX}%`);

export type SignUpLinkOutcome = SignInOutcome | { type: "verify-email"; email: string };

/**
 * Local sign-up when the installation sends e-mail: the address is proven before anything else.
 * Every address gets the same answer; a new one is mailed a link that continues the sign-up (the
 * chosen password waits hashed with it), one with an account has its owner told instead. The
 * owner typing their own password is simply signed in.
 */
async function requestSignUpLink(
  tx: Tx,
  input: { email: string; password: string },
  mail: { link: (email: string, token: string) => void; owner: (email: string) => void },
): Promise<SignUpLinkOutcome> {
  const db = tx;
  const [existing] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  // Both paths hash once and check once, so that timing does not tell either.
  const [passwordHash, own] = await Promise.all([
    hashPassword(input.password),
    passwordMatches(existing?.passwordHash ?? null, input.password),
  ]);
  if (existing && own) return { type: "signin", userId: existing.id };
  if (existing) {
    mail.owner(existing.email);
  } else {
    const token = newToken();
    // Only the latest link mailed for an address counts.
    await tx.delete(pendingUsers).where(and(eq(pendingUsers.email, input.email), awaitingLink));
    await tx.insert(pendingUsers).values(passwordPendingUser(input.email, passwordHash, linkBinding(token)));
    mail.link(input.email, token);
  }
  return { type: "verify-email", email: input.email };
}

/**
 * Follows a sign-up link (once, within 24 hours): its pending user becomes this browser's, with
 * the address verified, and onboarding finishes it.
 */
export const continueSignUp = openCommand(continueSignUpInput, async ({ db }, { token, browserToken }) => {
  const [pending] = await db
    .update(pendingUsers)
    .set({
      browserTokenHash: hashToken(browserToken),
      emailVerified: true,
      expiresAt: new Date(Date.now() + PENDING_LIFETIME_MS),
    })
    .where(and(eq(pendingUsers.browserTokenHash, linkBinding(token)), gt(pendingUsers.expiresAt, new Date())))
    .returning({ id: pendingUsers.id });
  if (!pending) throw invalid(SIGNUP_LINK_MESSAGES.invalidLink, "token");
  return { type: "signup", pendingUserId: pending.id } satisfies SignInOutcome;
});

/**
 * `POST /api/v1/auth/local/signup`. When the installation sends e-mail the address is proven first
 * (requestSignUpLink); without e-mail nothing can prove it, and sign-up goes on at once, unverified
 * (startLocalSignUp). The mails go out after the answer, so that their time does not tell what was sent.
 */
export const localSignUp = openCommand(localSignUpInput, async (ctx, input) => {
  const { db, deps, effects } = ctx;
  const publicUrl = deps.config.publicUrl;
  const owner = (to: string) => effects.mail(existingAccountMail({ to, publicUrl }));
  const outcome: SignUpLinkOutcome = deps.mailer
    ? await requestSignUpLink(db, input, {
        link: (to, token) => effects.mail(signUpLinkMail({ to, publicUrl, token })),
        owner,
      })
    : await startLocalSignUp(db, input, input.browserToken, owner);
  return withSession(db, outcome, input.userAgent);
});
