import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** The changes other modules make to an account's row, so that only this module writes `users`. */

/** The survey prompt is not shown again (seen, or answered). */
export async function markSurveySeen(db: Db | Tx, userId: string): Promise<void> {
  await db.update(users).set({ surveySeenAt: new Date() }).where(eq(users.id, userId));
}

/** A new password (its argon2 hash), set by a reset link, a change or the operator. */
export async function setPasswordHash(db: Db | Tx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The account's address is proven (its verification link was followed). */
export async function markEmailVerified(db: Db | Tx, userId: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

export type ProfilePins = {
  featuredSandboxes?: string[];
  showcasedSandboxShortid?: string | null;
};

/** The sandboxes pinned on the user's public profile. */
export async function setProfilePins(db: Db | Tx, userId: string, pins: ProfilePins): Promise<void> {
  await db
    .update(users)
    .set({ ...pins, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
