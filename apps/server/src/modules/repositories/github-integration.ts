import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import type { Viewer } from "../../http/viewer.ts";
import { revokeGithubToken } from "../../integrations/codehost/github-oauth-app.ts";
import { openToken } from "../../integrations/codehost/token-seal.ts";
import { runCommand } from "../../service/context.ts";
import { forgetGithubToken } from "../auth/github-token.service.ts";

/**
 * Removing the GitHub integration (spec 2 §6): Boxyard forgets the user's GitHub token and scopes
 * and asks GitHub to revoke the token (`DELETE /applications/{client_id}/token`, authenticated as
 * the OAuth app). The GitHub account stays linked for signing in; signing in with GitHub again
 * reconnects it. A revocation GitHub does not confirm is logged: the token is forgotten anyway.
 */
export async function removeGithubIntegration(deps: Deps, actor: Viewer | null, log: FastifyBaseLogger) {
  const sealed = await runCommand(deps, actor, forgetGithubToken, {});
  if (sealed === null) return;
  const token = openToken(deps.tokenKey, sealed);
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
  app.delete(
    "/api/v1/users/current_user/integrations/github",
    { schema: routeDoc({ tag: "repositories", summary: "Removes the signed-in user's GitHub integration" }) },
    async (request, reply) => {
      await removeGithubIntegration(deps, request.viewer, request.log);
      return reply.status(204).send();
    },
  );
}
