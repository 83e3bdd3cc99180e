import {
  ACCOUNT_MESSAGES,
  CODEHOST_MESSAGES,
  MESSAGES,
  RESERVED_USERNAMES,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from "@boxyard/domain";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { identities, users } from "../../db/schema/index.ts";
import { AppError, conflict, unauthenticated } from "../../http/errors.ts";
import { command, openCommand, openQuery, query } from "../../service/command.ts";
import { claimPendingUser, linkPendingIdentity, pendingUserFor } from "../auth/pending-users.service.ts";
import { createSession } from "../auth/sessions.service.ts";
import { mailVerificationAfterSignUp } from "../auth/verification.service.ts";
import { hasVerifiedAddress } from "../auth/verified-addresses.ts";
import { sandboxCountOf } from "../profiles/profiles.service.ts";
import { claimEmailInvitations } from "../workspaces/members.service.ts";
import { createWorkspace } from "../workspaces/workspaces.service.ts";
import { markSurveySeen } from "./user-updates.ts";
import { finalizeSignUpInput, noInput, pendingUserInput, usernameAvailableInput } from "./users.schema.ts";

export async function isUsernameAvailable(db: Db | Tx, username: string): Promise<boolean> {
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) return false;
  if (RESERVED_USERNAMES.has(username.toLowerCase())) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return !row;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Turns a pending user into a user with a personal workspace, which becomes the primary one, all
 * in the command's transaction: a failure halfway leaves the pending user as it was. The new user is
 * signed in (the session it answers with), and a local account is mailed its verification link.
 */
export const finalizeSignUp = openCommand(
  finalizeSignUpInput,
  async (ctx, input): Promise<{ userId: string; primaryTeamId: string; session: string }> => {
    const { db } = ctx;
    const pending = await pendingUserFor(db, input.id, input.browserToken);
    if (!(await isUsernameAvailable(db, input.username))) throw conflict(MESSAGES.usernameTaken, "username");
    try {
      await claimPendingUser(db, pending.id);
      const [user] = await db
        .insert(users)
        .values({
          email: pending.email,
          username: input.username,
          name: input.name,
          avatarUrl: pending.avatarUrl,
          passwordHash: pending.passwordHash,
          // A local sign-up that came through its e-mailed link has proven the address.
          emailVerifiedAt: pending.provider === "password" && pending.emailVerified ? new Date() : null,
          role: input.role,
          usage: input.usage,
          companyName: input.companyName ?? null,
          companySize: input.companySize ?? null,
        })
        .returning({ id: users.id });
      await linkPendingIdentity(db, user!.id, pending);
      const workspace = await createWorkspace(db, {
        name: input.username,
        type: "PERSONAL",
        ownerId: user!.id,
      });
      await db
        .update(users)
        .set({ primaryWorkspaceId: workspace.id, personalWorkspaceId: workspace.id })
        .where(eq(users.id, user!.id));
      // Invitations sent to this address before the account existed become the new user's, when
      // a provider vouched for the address; a local account's address claims them once verified.
      if (pending.emailVerified) await claimEmailInvitations(db, user!.id, pending.email);
      if (pending.provider === "password" && !pending.emailVerified) {
        await mailVerificationAfterSignUp(ctx, user!.id, pending.email);
      }
      return {
        userId: user!.id,
        primaryTeamId: workspace.id,
        session: await createSession(db, user!.id, input.userAgent),
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUniqueViolation(error)) {
        throw conflict("An account with this username or e-mail already exists.", "username");
      }
      throw error;
    }
  },
);

/** `GET /api/v1/users/pending/:id`: the sign-up this browser started, to finish on the onboarding form. */
export const pendingUser = openQuery(pendingUserInput, async ({ db }, { id, browserToken }) => {
  const pending = await pendingUserFor(db, id, browserToken);
  return {
    id: pending.id,
    username: pending.username,
    name: pending.name,
    avatarUrl: pending.avatarUrl,
    // Whether the suggested username is free (spec 1 §3 'Pending user').
    valid: pending.username !== null && (await isUsernameAvailable(db, pending.username)),
  };
});

/** `GET /api/v1/users/available/:username`. */
export const usernameAvailability = openQuery(usernameAvailableInput, async ({ db }, { username }) => ({
  available: await isUsernameAvailable(db, username),
}));

/** `POST /api/v1/users/survey-seen`: the survey prompt is dismissed. */
export const dismissSurvey = command(noInput, async (ctx) => {
  await markSurveySeen(ctx.db, ctx.userId);
});

/** The survey prompt comes to accounts two weeks old (or flagged by an operator: users.send_survey), once. */
export const SURVEY_AFTER_MS = 14 * 24 * 60 * 60 * 1000;

export type CurrentUser = Awaited<ReturnType<typeof currentUser>>;

/** `GET /api/v1/users/current` (API contract §13). */
export const signedInUser = query(noInput, (ctx) =>
  currentUser(ctx.db, ctx.userId, ctx.deps.mailer !== null),
);

/** The signed-in user as `GET /api/v1/users/current` answers it (API contract §13). */
export async function currentUser(db: Db | Tx, userId: string, mailConfigured = false) {
  const rows = await db
    .select({ user: users, identity: identities })
    .from(users)
    .leftJoin(identities, eq(identities.userId, users.id))
    .where(eq(users.id, userId));
  const user = rows[0]?.user;
  // A session can outlive its account by the seconds another replica keeps it: it signs no one in.
  if (!user) throw unauthenticated();
  const linked = rows.flatMap((r) => (r.identity ? [r.identity] : []));
  const github = linked.find((i) => i.provider === "github");
  // The integration is the GitHub access Boxyard holds: gone once removed, even if the account still signs in with GitHub.
  const connected = github?.accessToken ? github : null;
  return {
    id: user.id,
    email: user.email,
    /** The account's address is proven (its link followed, or a provider vouched for it). */
    emailVerified: await hasVerifiedAddress(db, user.id, user.email),
    /** Whether this installation mails verification links (SMTP configured). */
    emailVerificationAvailable: mailConfigured,
    hasPassword: user.passwordHash !== null,
    name: user.name,
    username: user.username,
    avatarUrl: user.avatarUrl,
    provider: linked[0]?.provider ?? "password",
    bio: user.bio,
    socialLinks: user.socialLinks,
    insertedAt: user.insertedAt.toISOString(),
    sendSurvey:
      !user.surveySeenAt && (user.sendSurvey || Date.now() - user.insertedAt.getTime() >= SURVEY_AFTER_MS),
    deletionRequested: user.deletionRequestedAt !== null,
    experiments: user.experiments,
    metadata: user.metadata,
    badges: [] as string[],
    personalWorkspaceId: user.personalWorkspaceId,
    primaryWorkspaceId: user.primaryWorkspaceId,
    featuredSandboxes: user.featuredSandboxes,
    showcasedSandboxShortid: user.showcasedSandboxShortid,
    sandboxCount: await sandboxCountOf(db, { viewerId: user.id, ownerId: user.id }),
    integrations: { github: connected ? { email: connected.email } : null, vercel: null },
    githubProfile: connected
      ? { data: { login: connected.login, email: connected.email, scopes: connected.scopes } }
      : { error: github ? CODEHOST_MESSAGES.notConnected : ACCOUNT_MESSAGES.githubNotLinked },
  };
}
