import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";
import { readPreviewFiles } from "../modules/sandboxes/preview-files.service.ts";
import { runQuery } from "../service/context.ts";

/**
 * `GET /_files/{sandboxId}`: a sandbox's files for a preview opened in a tab of its own. Public and
 * unlisted sandboxes need nothing; a private one a preview token (`Authorization: Bearer`) that the
 * shell obtained through `/auth/sandbox/{id}`. Same origin only: no CORS headers at all.
 */
export function registerPreviewFilesRoute(app: FastifyInstance, deps: Deps) {
  const limit = { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } };
  app.get<{ Params: { sandboxId: string } }>("/_files/:sandboxId", limit, async (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    const files = await runQuery(deps, null, readPreviewFiles, {
      sandboxId: request.params.sandboxId,
      token,
    });
    reply.header("cache-control", "no-store");
    return files;
  });
}
