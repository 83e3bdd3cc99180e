import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiTokens } from "../../db/schema/index.ts";
import { hashToken } from "./tokens.ts";

export const API_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/** The user a bearer API token signs in (marking it used), or null for an unknown, revoked or expired one. */
export async function resolveApiToken(db: Db, token: string): Promise<string | null> {
  const now = new Date();
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    )
    .returning({ userId: apiTokens.userId });
  return row?.userId ?? null;
}
