import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import type { SessionCache } from "./session-cache.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Db | Tx, userId: string, userAgent?: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    userAgent: userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return token;
}

/**
 * The user id of a live session, or null when the token is unknown, revoked or expired. With a
 * cache, a session read lately is answered from memory (see SessionCache).
 */
export async function resolveSession(db: Db, token: string, cache?: SessionCache): Promise<string | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const readAt = Date.now();
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  if (!row) return null;
  cache?.remember(tokenHash, row.userId, row.expiresAt, readAt);
  return row.userId;
}
