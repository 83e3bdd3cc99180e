import type { Db } from "../../db/client.ts";
import { usedOauthStates } from "../../db/schema/index.ts";
import { hashToken } from "./tokens.ts";

/**
 * Spends a sign-in state: true the first time, false for a replayed callback, which is refused
 * before its code is spent.
 */
export async function spendOauthState(db: Db, state: string): Promise<boolean> {
  const inserted = await db
    .insert(usedOauthStates)
    .values({ stateHash: hashToken(state) })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}
