import { and, eq, isNull } from "drizzle-orm";
import { sessions } from "../../db/schema/index.ts";
import { openCommand } from "../../service/command.ts";
import { signOutInput } from "./auth.schema.ts";
import { hashToken } from "./tokens.ts";

/**
 * `DELETE /api/v1/users/signout`: ends the session of the cookie, if any. The door then ends it in
 * the session caches of every replica.
 */
export const signOut = openCommand(signOutInput, async ({ db }, { token }) => {
  if (!token) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
});
