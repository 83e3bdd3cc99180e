import { MESSAGES, type ProfileUpdate } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
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
