import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { emailTokens } from "../../db/schema/index.ts";
import { hashToken, newToken } from "./tokens.ts";

export type EmailTokenPurpose = "verify_email" | "reset_password";

export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Mails of one kind a user may be sent: one a minute, five an hour. */
export const MAIL_LIMITS = { perMinute: 1, perHour: 5 } as const;

/**
 * A new one-time link token for `email`. The earlier unused tokens of the same purpose stop
 * working: only the latest link mailed counts.
 */
export async function issueEmailToken(
  tx: Db | Tx,
  input: { userId: string; purpose: EmailTokenPurpose; email: string },
  now = new Date(),
): Promise<string> {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, input.userId),
        eq(emailTokens.purpose, input.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  const token = newToken();
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    insertedAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[input.purpose]),
  });
  return token;
}

/** Spends a token: its row when it was issued for `purpose`, unused and unexpired; null otherwise. */
export async function consumeEmailToken(tx: Db | Tx, token: string, purpose: EmailTokenPurpose) {
  if (!token || token.length > 200) return null;
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}

/** Whether another mail of this kind would exceed MAIL_LIMITS for the user. */
export async function mailLimitReached(db: Db | Tx, userId: string, purpose: EmailTokenPurpose) {
  const since = (ms: number) =>
    db
      .select({ n: count() })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          gt(emailTokens.insertedAt, new Date(Date.now() - ms)),
        ),
      );
  const [minute] = await since(60_000);
  const [hour] = await since(3_600_000);
  return (minute?.n ?? 0) >= MAIL_LIMITS.perMinute || (hour?.n ?? 0) >= MAIL_LIMITS.perHour;
}
