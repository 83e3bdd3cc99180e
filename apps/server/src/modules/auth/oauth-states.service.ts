import { usedOauthStates } from "../../db/schema/index.ts";
import { openCommand } from "../../service/command.ts";
import { signInStateInput } from "./auth.schema.ts";
import { hashToken } from "./tokens.ts";

/**
 * Spends a sign-in state: true the first time, false for a replayed callback, which is refused
 * before its code is spent.
 */
export const spendOauthState = openCommand(signInStateInput, async ({ db }, { state }) => {
  const inserted = await db
    .insert(usedOauthStates)
    .values({ stateHash: hashToken(state) })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
});
