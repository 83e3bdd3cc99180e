import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { identities } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { requireViewer } from "../../http/viewer.ts";
import { revokeGithubToken } from "../../integrations/codehost/github-oauth-app.ts";
import { openToken } from "../../integrations/codehost/token-seal.ts";

/**
 * Removing the GitHub integration (spec 2 §6): Boxyard forgets the user's GitHub token and scopes
 * and asks GitHub to revoke the token (`DELETE /applications/{client_id}/token`, authenticated as
 * the OAuth app). The GitHub account stays linked for signing in; signing in with GitHub again
 * reconnects it. A revocation GitHub does not confirm is logged: the token is forgotten anyway.
 */
export async function removeGithubIntegration(deps: Deps, userId: string, log: FastifyBaseLogger) {
  const where = and(eq(identities.userId, userId), eq(identities.provider, "github"));
  const [identity] = await deps.db
    .select({ accessToken: identities.accessToken })
    .from(identities)
    .where(where);
  if (!identity) return;
  await deps.db.update(identities).set({ accessToken: null, scopes: [], updatedAt: new Date() }).where(where);
  const token = openToken(deps.tokenKey, identity.accessToken);
  const app = deps.config.codeHost.oauthApp;
  if (!token || !app) return;
  try {
    const settings = { apiUrl: deps.config.codeHost.apiUrl, timeoutMs: deps.config.codeHost.apiTimeoutMs };
    const status = await revokeGithubToken(settings, app, token);
    if (status >= 300 && status !== 404) log.warn({ status }, "GitHub did not revoke the token");
  } catch (error) {
    log.warn(
      { err: { message: (error as Error).message } },
      "GitHub could not be reached to revoke the token",
    );
  }
}

/** `DELETE /api/v1/users/current_user/integrations/github` (spec 1 §7, spec 2 §7). */
export function registerGithubIntegrationRoutes(app: FastifyInstance, deps: Deps) {
  app.delete("/api/v1/users/current_user/integrations/github", async (request, reply) => {
    const viewer = requireViewer(request);
    await removeGithubIntegration(deps, viewer.userId, request.log);
    return reply.status(204).send();
  });
}
