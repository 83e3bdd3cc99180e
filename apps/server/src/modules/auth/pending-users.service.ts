import { and, eq, gt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { identities, pendingUsers } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { hashToken } from "./tokens.ts";

export type PendingUser = typeof pendingUsers.$inferSelect;

const NOT_FOUND = "That sign-up was not found or has expired.";

/** The pending user of this browser (the pending cookie binds it), unexpired. */
export async function pendingUserFor(
  db: Db | Tx,
  id: string,
  browserToken: string | undefined,
): Promise<PendingUser> {
  if (!browserToken) throw notFound(NOT_FOUND);
  const [pending] = await db
    .select()
    .from(pendingUsers)
    .where(
      and(
        eq(pendingUsers.id, id),
        eq(pendingUsers.browserTokenHash, hashToken(browserToken)),
        gt(pendingUsers.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!pending) throw notFound(NOT_FOUND);
  return pending;
}

/**
 * Spends a pending user as its account is created: of two finalizations racing, the second finds
 * it gone and is refused.
 */
export async function claimPendingUser(tx: Tx, id: string): Promise<void> {
  const [claimed] = await tx
    .delete(pendingUsers)
    .where(eq(pendingUsers.id, id))
    .returning({ id: pendingUsers.id });
  if (!claimed) throw notFound(NOT_FOUND);
}

/** Links the provider account a pending user signed up with to the new account. */
export async function linkPendingIdentity(tx: Tx, userId: string, pending: PendingUser): Promise<void> {
  if (pending.provider === "password" || !pending.providerUserId) return;
  await tx.insert(identities).values({
    userId,
    provider: pending.provider,
    providerUserId: pending.providerUserId,
    email: pending.email,
    emailVerified: pending.emailVerified,
    login: pending.login,
    accessToken: pending.accessToken,
    scopes: pending.scopes,
  });
}
