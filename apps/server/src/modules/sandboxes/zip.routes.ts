import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import { exportSandboxesZip, ZIP_MAX_SANDBOXES } from "./zip.service.ts";

/** The response header carrying how many sandboxes were skipped for lack of export permission. */
export const SKIPPED_HEADER = "x-boxyard-skipped";

const zipQuery = z.object({
  ids: z
    .string("Choose the sandboxes to download.")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(100, "Unknown sandbox id."))
        .min(1, "Choose the sandboxes to download.")
        .max(ZIP_MAX_SANDBOXES, `Download at most ${ZIP_MAX_SANDBOXES} sandboxes at once.`),
    ),
});

/** `GET /api/v1/teams/:teamId/sandboxes/zip?ids=a,b,c`: a streamed ZIP of the sandboxes' files. */
export function registerZipRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { teamId: string } }>("/api/v1/teams/:teamId/sandboxes/zip", async (request, reply) => {
    const viewer = requireViewer(request);
    const teamId = request.params.teamId;
    if (!z.uuid().safeParse(teamId).success) throw notFound("Workspace not found.");
    const { ids } = parseOrInvalid(zipQuery, request.query);
    const archive = await exportSandboxesZip(deps.db, viewer.userId, teamId, ids);
    return reply
      .header("content-type", "application/zip")
      .header(
        "content-disposition",
        `attachment; filename="${archive.fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(archive.fileName)}`,
      )
      .header(SKIPPED_HEADER, String(archive.skipped))
      .header("cache-control", "no-store")
      .send(archive.stream);
  });
}
