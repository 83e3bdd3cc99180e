import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { identities, users } from "../../db/schema/index.ts";

/**
 * The e-mail addresses a user has proven, lower-cased: the account's own address once its
 * verification link was followed, and the addresses their sign-in providers vouched for
 * (GitHub's verified primary address, an OpenID provider's email_verified, single sign-on).
 * Only these claim e-mail invitations and domain offers.
 */
export async function verifiedAddressesOf(db: Db | Tx, userId: string): Promise<string[]> {
  const [own] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const vouched = await db
    .select({ email: identities.email })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.emailVerified, true)));
  const addresses = [
    ...(own?.verifiedAt ? [own.email] : []),
    ...vouched.flatMap((row) => (row.email ? [row.email] : [])),
  ];
  return [...new Set(addresses.map((a) => a.toLowerCase()))].sort();
}

/** Whether `email` is one of the user's proven addresses. */
export async function hasVerifiedAddress(db: Db | Tx, userId: string, email: string): Promise<boolean> {
  return (await verifiedAddressesOf(db, userId)).includes(email.toLowerCase());
}
