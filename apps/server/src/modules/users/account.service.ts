import { MESSAGES, profileUpdateSchema } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { command } from "../../service/command.ts";
import type { ReadCtx } from "../../service/context.ts";
import { noInput } from "./users.schema.ts";
import { isUniqueViolation, isUsernameAvailable } from "./users.service.ts";

export type UserRow = typeof users.$inferSelect;

async function loadUser(db: Db | Tx, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("User not found.");
  return user;
}

/** GraphQL `me`: the signed-in user's row; null when nobody is signed in (or the account is gone). */
export async function viewerAccount(ctx: ReadCtx): Promise<UserRow | null> {
  if (!ctx.actor) return null;
  const [me] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId)).limit(1);
  return me ?? null;
}

/**
 * updateCurrentUser(username, name, bio, socialLinks) (api-contract §12): the username follows the
 * sign-up rules and must be free (a change of case of one's own name is allowed). Messages about
 * the username contain 'Username' or 'username' so the client shows them.
 */
export const updateCurrentUser = command(profileUpdateSchema, async (ctx, input): Promise<UserRow> => {
  const user = await loadUser(ctx.db, ctx.userId);
  const renamed = input.username.toLowerCase() !== user.username.toLowerCase();
  if (renamed && !(await isUsernameAvailable(ctx.db, input.username))) {
    throw conflict(MESSAGES.usernameTaken, "username");
  }
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({
        username: input.username,
        name: input.name,
        bio: input.bio,
        ...(input.socialLinks !== undefined ? { socialLinks: input.socialLinks } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, ctx.userId))
      .returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken, "username");
    throw error;
  }
});

/** deleteCurrentUser: the account is deleted after 3 working days (jobs/purge-accounts.ts) unless undone. */
export const requestAccountDeletion = command(noInput, async (ctx): Promise<Date> => {
  const user = await loadUser(ctx.db, ctx.userId);
  if (user.deletionRequestedAt) return user.deletionRequestedAt;
  const now = new Date();
  await ctx.db
    .update(users)
    .set({ deletionRequestedAt: now, updatedAt: now })
    .where(eq(users.id, ctx.userId));
  return now;
});

/** cancelDeleteCurrentUser: undoes a deletion request (spec 2 §4: while deletionRequested is true). */
export const cancelAccountDeletion = command(noInput, async (ctx): Promise<void> => {
  await loadUser(ctx.db, ctx.userId);
  await ctx.db
    .update(users)
    .set({ deletionRequestedAt: null, updatedAt: new Date() })
    .where(eq(users.id, ctx.userId));
});
