import { ACCOUNT_MESSAGES, MESSAGES, type ProfileUpdate } from "@boxyard/domain";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { identities, users } from "../../db/schema/index.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import { isUniqueViolation, isUsernameAvailable } from "./users.service.ts";

type UserRow = typeof users.$inferSelect;

async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("User not found.");
  return user;
}

/**
 * updateCurrentUser(username, name, bio, socialLinks) (api-contract §12): the username follows the
 * sign-up rules and must be free (a change of case of one's own name is allowed). Messages about
 * the username contain 'Username' or 'username' so the client shows them.
 */
export async function updateCurrentUser(db: Db, userId: string, input: ProfileUpdate): Promise<UserRow> {
  const user = await loadUser(db, userId);
  const renamed = input.username.toLowerCase() !== user.username.toLowerCase();
  if (renamed && !(await isUsernameAvailable(db, input.username))) {
    throw conflict(MESSAGES.usernameTaken, "username");
  }
  try {
    const [updated] = await db
      .update(users)
      .set({
        username: input.username,
        name: input.name,
        bio: input.bio,
        ...(input.socialLinks !== undefined ? { socialLinks: input.socialLinks } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken, "username");
    throw error;
  }
}

/** deleteCurrentUser: the account is deleted after 3 working days (jobs/purge-accounts.ts) unless undone. */
export async function requestAccountDeletion(db: Db, userId: string): Promise<Date> {
  const user = await loadUser(db, userId);
  if (user.deletionRequestedAt) return user.deletionRequestedAt;
  const now = new Date();
  await db.update(users).set({ deletionRequestedAt: now, updatedAt: now }).where(eq(users.id, userId));
  return now;
}

/** cancelDeleteCurrentUser: undoes a deletion request (spec 2 §4: while deletionRequested is true). */
export async function cancelAccountDeletion(db: Db, userId: string): Promise<void> {
  await loadUser(db, userId);
  await db
    .update(users)
    .set({ deletionRequestedAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * `DELETE /api/v1/users/current_user/integrations/github`: forgets the linked GitHub account, its
 * OAuth token and scopes. Refused when it is the only way the user signs in (no password, no other
 * provider): they would be locked out.
 */
export async function removeGithubIntegration(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw notFound("User not found.");
    const [github] = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(and(eq(identities.userId, userId), eq(identities.provider, "github")));
    if (!github) throw notFound(ACCOUNT_MESSAGES.githubNotLinked);
    const others = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(and(eq(identities.userId, userId), ne(identities.provider, "github")))
      .limit(1);
    if (!user.passwordHash && others.length === 0)
      throw new AppError("CONFLICT", ACCOUNT_MESSAGES.githubOnlySignIn);
    await tx.delete(identities).where(eq(identities.id, github.id));
  });
}
