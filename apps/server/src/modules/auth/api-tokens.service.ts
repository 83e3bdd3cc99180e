import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiTokens, authCodes } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";
import { hashToken, newToken } from "./tokens.ts";

export const AUTH_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const API_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/** A single-use code a signed-in user copies into a developer client (CLI, editor extension). */
export async function issueAuthCode(db: Db, userId: string): Promise<string> {
  const code = newToken(18);
  await db.insert(authCodes).values({
    codeHash: hashToken(code),
    userId,
    expiresAt: new Date(Date.now() + AUTH_CODE_LIFETIME_MS),
  });
  return code;
}

/** Exchanges an auth code for a bearer API token; the code cannot be used twice. */
export async function redeemAuthCode(db: Db, code: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(authCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authCodes.codeHash, hashToken(code)),
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, new Date()),
        ),
      )
      .returning({ userId: authCodes.userId });
    if (!used) throw invalid("The auth code is invalid or has expired.");
    const token = newToken();
    await tx.insert(apiTokens).values({
      tokenHash: hashToken(token),
      userId: used.userId,
      name: "developer sign-in",
      expiresAt: new Date(Date.now() + API_TOKEN_LIFETIME_MS),
    });
    return token;
  });
}

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

/** Holding a token is the proof needed to revoke it. Answers whether a live token was revoked. */
export async function revokeApiToken(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
