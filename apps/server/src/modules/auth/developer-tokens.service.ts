import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { apiTokens, authCodes } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";
import { command, openCommand } from "../../service/command.ts";
import { API_TOKEN_LIFETIME_MS } from "./api-tokens.service.ts";
import { hashToken, newToken } from "./tokens.ts";

/** The commands of developer clients' sign-in (CLI, editor extension): auth codes and their API tokens. */

export const AUTH_CODE_LIFETIME_MS = 10 * 60 * 1000;

/** `GET /api/v1/auth/auth-token`: a single-use code a signed-in user copies into a developer client (CLI, editor extension). */
export const issueAuthCode = command(z.object({}), async (ctx) => {
  const code = newToken(18);
  await ctx.db.insert(authCodes).values({
    codeHash: hashToken(code),
    userId: ctx.userId,
    expiresAt: new Date(Date.now() + AUTH_CODE_LIFETIME_MS),
  });
  return { token: code };
});

/** `GET /api/v1/auth/verify/:code`: exchanges an auth code for a bearer API token; the code cannot be used twice. */
export const redeemAuthCode = openCommand(z.object({ code: z.string() }), async ({ db: tx }, { code }) => {
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
  return { token };
});

/**
 * `DELETE /api/v1/auth/revoke/:token`: holding a token is the proof needed to revoke it. Answers
 * whether a live token was revoked.
 */
export const revokeApiToken = openCommand(z.object({ token: z.string() }), async ({ db }, { token }) => {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
});
