import { hash, verify } from "@node-rs/argon2";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { apiTokens, identities, sessions, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { invalid } from "../../http/errors.ts";
import { PROVIDER_NAMES } from "../../integrations/identity/registry.ts";
import { command, openCommand } from "../../service/command.ts";
import { noPasswordMail, passwordResetLink, passwordResetMail } from "../notifications/mails.ts";
import { setPasswordHash } from "../users/user-updates.ts";
import { changePasswordInput, forgotPasswordInput, resetPasswordInput } from "./auth.schema.ts";
import { consumeEmailToken, issueEmailToken, mailLimitReached } from "./email-tokens.ts";
import { PASSWORD_MESSAGES } from "./password-messages.ts";
import { hashToken, newToken } from "./tokens.ts";

export { PASSWORD_MESSAGES };

/** argon2id, OWASP's minimum settings. */
export const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let decoy: Promise<string> | null = null;
/** A hash to check passwords against when there is no account, so that timing does not tell. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(newToken());
  return decoy;
}

export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  const ok = await verify(passwordHash ?? (await decoyHash()), password).catch(() => false);
  return ok && passwordHash !== null;
}

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/**
 * Forgot password: mails a one-time link (valid an hour) to the account of `email`, if there is
 * one with a password. Callers answer the same whatever happens here (no account-existence oracle),
 * so this runs after the answer and keeps its failures to the log.
 */
export const requestPasswordReset = openCommand(
  forgotPasswordInput,
  async ({ db, deps, effects }, { email }) => {
    if (!deps.mailer) return;
    const [user] = await db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(byEmail(email))
      .limit(1);
    if (!user) return;
    if (await mailLimitReached(db, user.id, "reset_password")) return;
    if (!user.passwordHash) {
      const [identity] = await db
        .select({ provider: identities.provider })
        .from(identities)
        .where(eq(identities.userId, user.id))
        .orderBy(identities.insertedAt)
        .limit(1);
      const provider = identity?.provider ?? "a sign-in provider";
      // The limit counts this mail too: a token row spent at once, never mailed.
      const counted = await issueEmailToken(db, {
        userId: user.id,
        purpose: "reset_password",
        email: user.email,
      });
      await consumeEmailToken(db, counted, "reset_password");
      effects.mail(
        noPasswordMail({
          to: user.email,
          publicUrl: deps.config.publicUrl,
          provider: PROVIDER_NAMES[provider as keyof typeof PROVIDER_NAMES] ?? provider,
        }),
      );
      return;
    }
    const token = await issueEmailToken(db, {
      userId: user.id,
      purpose: "reset_password",
      email: user.email,
    });
    effects.mail(passwordResetMail({ to: user.email, publicUrl: deps.config.publicUrl, token }));
  },
);

/**
 * Ends every session and API token of a user (a reset). The caller tells the session caches, once
 * committed (`Deps["sessions"].revoke({ userId })`), so that the sockets close on every replica.
 */
async function endEverySession(tx: Db | Tx, userId: string) {
  const now = new Date();
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/**
 * Ends the user's other sessions (a change of password): one by one, so that the session asking,
 * and its sockets, stay. API tokens stay too (the user may be asking with one). Answers the token
 * hashes of the sessions ended, for the caches.
 */
async function endOtherSessions(tx: Tx, userId: string, keepSessionToken: string | undefined) {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionToken ? ne(sessions.tokenHash, hashToken(keepSessionToken)) : undefined,
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return ended.map((s) => s.tokenHash);
}

/**
 * Sets a new password with a reset link: the link is spent, and every session and API token of
 * the account ends (whoever knew the old password is signed out everywhere). Answers the user,
 * whose cached sessions the door ends once committed.
 */
export const resetPassword = openCommand(resetPasswordInput, async ({ db }, { token, password }) => {
  const passwordHash = await hashPassword(password);
  const spent = await consumeEmailToken(db, token, "reset_password");
  if (!spent) throw invalid(PASSWORD_MESSAGES.resetLinkInvalid, "token");
  await setPasswordHash(db, spent.userId, passwordHash);
  await endEverySession(db, spent.userId);
  return { userId: spent.userId };
});

/**
 * Preferences › Account: the current password is required; the user's other sessions end. Answers
 * the token hashes of the sessions ended, which the door ends in the caches once committed.
 */
export const changePassword = command(changePasswordInput, async ({ db, userId }, input) => {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.passwordHash) throw invalid(PASSWORD_MESSAGES.noPassword, "currentPassword");
  if (!(await passwordMatches(user.passwordHash, input.currentPassword))) {
    throw invalid(PASSWORD_MESSAGES.wrongCurrent, "currentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await setPasswordHash(db, userId, passwordHash);
  return { endedSessions: await endOtherSessions(db, userId, input.keepSession) };
});

/**
 * The operator's way when no e-mail can be sent (`npm run admin -- reset-password <email>`): a
 * reset link to hand over, or, with `generate`, a new random password set at once (every
 * session and API token ending). Null when no account has that address.
 */
export async function operatorPasswordReset(
  deps: Pick<Deps, "db" | "config"> & { sessions: Pick<Deps["sessions"], "revoke"> | null },
  email: string,
  mode: "link" | "generate",
): Promise<{ email: string; link: string } | { email: string; password: string } | null> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(byEmail(email.trim()))
    .limit(1);
  if (!user) return null;
  if (mode === "generate") {
    const password = newToken(15);
    await setPasswordHash(deps.db, user.id, await hashPassword(password));
    await endEverySession(deps.db, user.id);
    // Without a session cache (the operator command without Redis) a replica keeps one at most
    // SESSION_CACHE_MS.
    await deps.sessions?.revoke({ userId: user.id });
    return { email: user.email, password };
  }
  const token = await issueEmailToken(deps.db, {
    userId: user.id,
    purpose: "reset_password",
    email: user.email,
  });
  return { email: user.email, link: passwordResetLink(deps.config.publicUrl, token) };
}
