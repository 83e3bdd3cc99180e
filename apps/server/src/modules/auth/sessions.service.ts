import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Db, userId: string, userAgent?: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    userAgent: userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return token;
}

/** The user id of a live session, or null when the token is unknown, revoked or expired. */
export async function resolveSession(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
