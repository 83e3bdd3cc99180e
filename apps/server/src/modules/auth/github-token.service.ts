import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { identities } from "../../db/schema/index.ts";
import { command } from "../../service/command.ts";

/**
 * Removing the GitHub integration (spec 2 §6): the user's GitHub token and scopes are forgotten;
 * the GitHub account stays linked for signing in (signing in with GitHub again reconnects it).
 * Answers the token it held, sealed, for the caller to have GitHub revoke; null when there was none.
 */
export const forgetGithubToken = command(z.object({}), async (ctx) => {
  const where = and(eq(identities.userId, ctx.userId), eq(identities.provider, "github"));
  const [identity] = await ctx.db
    .select({ accessToken: identities.accessToken })
    .from(identities)
    .where(where)
    .for("update");
  if (!identity) return null;
  await ctx.db.update(identities).set({ accessToken: null, scopes: [], updatedAt: new Date() }).where(where);
  return identity.accessToken;
});
