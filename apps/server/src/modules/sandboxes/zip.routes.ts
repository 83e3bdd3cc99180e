import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runQuery, unparsed } from "../../service/context.ts";
import { zipIdsInput } from "./sandboxes.schema.ts";
import { exportSandboxesZip } from "./zip.service.ts";

/** The response header carrying how many sandboxes were skipped for lack of export permission. */
export const SKIPPED_HEADER = "x-boxyard-skipped";

/** `GET /api/v1/teams/:teamId/sandboxes/zip?ids=a,b,c`: a streamed ZIP of the sandboxes' files. */
export function registerZipRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { teamId: string }; Querystring: { ids?: unknown } }>(
    "/api/v1/teams/:teamId/sandboxes/zip",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "A ZIP of sandboxes' files (ids=a,b,c); x-boxyard-skipped counts those left out",
        querystring: zipIdsInput,
      }),
    },
    async (request, reply) => {
      const archive = await runQuery(
        deps,
        request.viewer,
        exportSandboxesZip,
        unparsed({ teamId: request.params.teamId, ids: request.query.ids }),
      );
      return reply
        .header("content-type", "application/zip")
        .header(
          "content-disposition",
          `attachment; filename="${archive.fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(archive.fileName)}`,
        )
        .header(SKIPPED_HEADER, String(archive.skipped))
        .header("cache-control", "no-store")
        .send(archive.stream);
    },
  );
}
