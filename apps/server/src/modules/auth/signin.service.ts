import { MESSAGES } from "@boxyard/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { identities, pendingUsers, users } from "../../db/schema/index.ts";
import { AppError } from "../../http/errors.ts";
import { type ProviderProfile, SignInError } from "../../integrations/identity/identity.port.ts";
import { PROVIDER_NAMES } from "../../integrations/identity/registry.ts";
import { openCommand } from "../../service/command.ts";
import { claimEmailInvitations } from "../workspaces/members.service.ts";
import { localSignInInput, providerSignInInput } from "./auth.schema.ts";
import { hashPassword, passwordMatches } from "./password.service.ts";
import { createSession } from "./sessions.service.ts";
import { hashToken } from "./tokens.ts";

export const PENDING_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The pending user of a password sign-up, bound to a browser (or to a mailed link) by the token's hash. */
export function passwordPendingUser(email: string, passwordHash: string, browserTokenHash: string) {
  return {
    browserTokenHash,
    provider: "password" as const,
    email,
    username: suggestUsername({ login: null, email }),
    passwordHash,
    expiresAt: new Date(Date.now() + PENDING_LIFETIME_MS),
  };
}

/** What a sign-in attempt comes to; the popup posts it to the opener (spec 1 §4). */
export type SignInOutcome =
  | { type: "signin"; userId: string }
  | { type: "duplicate"; provider: string }
  | { type: "signup"; pendingUserId: string };

/** An outcome as a sign-in command answers it: a sign-in with its new session's token. */
export type SettledOutcome<O extends { type: string }> =
  | Exclude<O, { type: "signin" }>
  | { type: "signin"; userId: string; session: string };

/** Starts the session of an outcome that signs in. */
export async function withSession<O extends { type: string }>(
  tx: Tx,
  outcome: O | { type: "signin"; userId: string },
  userAgent: string | undefined,
): Promise<SettledOutcome<O>> {
  if (outcome.type !== "signin" || !("userId" in outcome)) return outcome as SettledOutcome<O>;
  return {
    type: "signin",
    userId: outcome.userId,
    session: await createSession(tx, outcome.userId, userAgent),
  };
}

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** The provider an existing account signs in with, for the duplicate-account view. */
async function existingProvider(db: Db | Tx, userId: string, hasPassword: boolean): Promise<string> {
  const [identity] = await db
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(identities.insertedAt)
    .limit(1);
  return identity?.provider ?? (hasPassword ? "password" : "password");
}

/** A username suggestion from a login or an e-mail's local part: letters, digits, dashes and underscores. */
export function suggestUsername(profile: { login: string | null; email: string }): string {
  const base = profile.login ?? profile.email.split("@")[0] ?? "";
  const cleaned = base
    .replace(/[^a-zA-Z0-9-_]/g, "")
    .replace(/^[-_]+/, "")
    .slice(0, 39);
  return cleaned || "user";
}

/** E-mail invitations wait for a verified address: one a provider vouches for claims them. */
async function claimIfVerified(tx: Tx, userId: string, profile: ProviderProfile) {
  if (profile.emailVerified && profile.email) await claimEmailInvitations(tx, userId, profile.email);
}

/**
 * After a provider vouches for someone: an account linked to that provider account signs in; an
 * account with the same e-mail from another provider gives the duplicate view (accounts are not
 * linked silently); anyone else becomes a pending user bound to this browser.
 */
async function providerOutcome(
  tx: Tx,
  profile: ProviderProfile,
  browserToken: string,
  /** Someone already signed in connects this provider account to their own (Preferences > Integrations). */
  linkTo: string | null,
): Promise<SignInOutcome> {
  const [linked] = await tx
    .select({ userId: identities.userId })
    .from(identities)
    .where(
      and(eq(identities.provider, profile.provider), eq(identities.providerUserId, profile.providerUserId)),
    )
    .limit(1);
  if (linked && linkTo && linked.userId !== linkTo) {
    throw new SignInError(linkedElsewhere(profile.provider));
  }
  if (!linked && linkTo) {
    // One account of a provider per user: a newly connected one replaces the previous one.
    await tx
      .delete(identities)
      .where(and(eq(identities.userId, linkTo), eq(identities.provider, profile.provider)));
    await tx.insert(identities).values({
      userId: linkTo,
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email: profile.email,
      login: profile.login,
      accessToken: profile.accessToken,
      scopes: profile.scopes,
    });
    await claimIfVerified(tx, linkTo, profile);
    return { type: "signin", userId: linkTo };
  }
  if (linked) {
    await tx
      .update(identities)
      .set({
        accessToken: profile.accessToken,
        scopes: profile.scopes,
        email: profile.email,
        emailVerified: profile.emailVerified,
        login: profile.login,
        updatedAt: new Date(),
      })
      .where(
        and(eq(identities.provider, profile.provider), eq(identities.providerUserId, profile.providerUserId)),
      );
    await claimIfVerified(tx, linked.userId, profile);
    return { type: "signin", userId: linked.userId };
  }
  const [existing] = await tx
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(profile.email))
    .limit(1);
  if (existing) {
    return {
      type: "duplicate",
      provider: await existingProvider(tx, existing.id, existing.passwordHash !== null),
    };
  }
  const [pending] = await tx
    .insert(pendingUsers)
    .values({
      browserTokenHash: hashToken(browserToken),
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email: profile.email,
      emailVerified: profile.emailVerified,
      name: profile.name,
      username: suggestUsername(profile),
      avatarUrl: profile.avatarUrl,
      login: profile.login,
      accessToken: profile.accessToken,
      scopes: profile.scopes,
      expiresAt: new Date(Date.now() + PENDING_LIFETIME_MS),
    })
    .returning({ id: pendingUsers.id });
  return { type: "signup", pendingUserId: pending!.id };
}

/**
 * A provider's sign-in callback, once the provider vouched for someone (see providerOutcome). A
 * session signed in (a cookie, never a bearer token) connects the provider account to its user.
 */
export const completeProviderSignIn = openCommand(providerSignInInput, async (ctx, input) => {
  const linkTo = ctx.actor?.via === "session" ? ctx.actor.userId : null;
  const outcome = await providerOutcome(ctx.db, input.profile, input.browserToken, linkTo);
  return withSession(ctx.db, outcome, input.userAgent);
});

/** 'This GitHub account is linked to another Boxyard account.' */
export function linkedElsewhere(provider: string): string {
  return `This ${PROVIDER_NAMES[provider as keyof typeof PROVIDER_NAMES] ?? provider} account is linked to another Boxyard account.`;
}

/**
 * Starts a local (e-mail and password) account: a pending user until onboarding is finished.
 * An address that has an account already gets the same answer (no account-existence oracle), and
 * its owner is told by e-mail (`onExisting`) instead; its owner typing their own password is
 * simply signed in.
 */
export async function startLocalSignUp(
  db: Db | Tx,
  input: { email: string; password: string },
  browserToken: string,
  onExisting: (email: string) => void = () => {},
): Promise<SignInOutcome> {
  const [existing] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(input.email))
    .limit(1);
  // Both paths hash once and check once, so that timing does not tell either.
  const [passwordHash, own] = await Promise.all([
    hashPassword(input.password),
    passwordMatches(existing?.passwordHash ?? null, input.password),
  ]);
  if (existing && own) return { type: "signin", userId: existing.id };
  if (existing) onExisting(existing.email);
  const [pending] = await db
    .insert(pendingUsers)
    .values(passwordPendingUser(input.email, passwordHash, hashToken(browserToken)))
    .returning({ id: pendingUsers.id });
  return { type: "signup", pendingUserId: pending!.id };
}

/**
 * Signs in with e-mail and password. An unknown address, a wrong password and an account without
 * a password (it signs in with a provider) all get the same answer, after the same work.
 */
export const localSignIn = openCommand(localSignInInput, async ({ db }, input) => {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(input.email))
    .limit(1);
  const ok = await passwordMatches(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError("UNAUTHENTICATED", MESSAGES.couldNotAuthenticate);
  return withSession(db, { type: "signin", userId: user.id }, input.userAgent);
});
