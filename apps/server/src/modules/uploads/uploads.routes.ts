import { UPLOAD_MAX_BYTES } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import {
  createUpload,
  deleteUpload,
  listUploads,
  readUpload,
  servingOf,
  type UploadsContext,
} from "./uploads.service.ts";

const nameQuery = z.object({
  name: z.string("Say the file's name (?name=).").min(1, "Say the file's name (?name=).").max(1000),
});

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266), never breaking out of the quotes. */
function contentDisposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Uploads (spec 1 §7, spec 2 §3 'Uploaded file', api-contract §13):
 * - `GET /api/v1/users/current_user/uploads`: `{uploads: [{id, name, objectSize, url}], currentSize, maxSize}`;
 * - `POST /api/v1/users/current_user/uploads?name=<file name>` with the file's bytes as the body and
 *   its type as Content-Type; at most 5MB (413 'File too large, upload limit is 5MB.');
 * - `DELETE /api/v1/users/current_user/uploads/:id`;
 * - `GET /api/v1/uploads/:id`: the file, to anyone who has its (unguessable) address, served so that
 *   it can never run as a page of this site.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: Deps) {
  const ctx: UploadsContext = {
    db: deps.db,
    storage: deps.storage,
    publicUrl: deps.config.publicUrl,
    quotaBytes: deps.config.uploadQuotaBytes,
  };

  app.get("/api/v1/users/current_user/uploads", async (request) =>
    listUploads(ctx, requireViewer(request).userId),
  );

  app.delete<{ Params: { id: string } }>("/api/v1/users/current_user/uploads/:id", async (request, reply) => {
    const viewer = requireViewer(request);
    if (!z.uuid().safeParse(request.params.id).success) throw notFound("That file was not found.");
    await deleteUpload(ctx, viewer.userId, request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>("/api/v1/uploads/:id", async (request, reply) => {
    if (!z.uuid().safeParse(request.params.id).success) throw notFound("That file was not found.");
    const { row, body } = await readUpload(ctx, request.params.id);
    const serving = servingOf(row);
    return reply
      .header("content-type", serving.type)
      .header("content-disposition", contentDisposition(serving.inline ? "inline" : "attachment", row.name))
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .header("cross-origin-resource-policy", "cross-origin")
      .header("cache-control", "private, max-age=3600")
      .send(body);
  });

  // The file's bytes are the body, whatever their type: this scope reads every body as bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post("/api/v1/users/current_user/uploads", async (request, reply) => {
      const viewer = requireViewer(request);
      const { name } = parseOrInvalid(nameQuery, request.query);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const upload = await createUpload(ctx, viewer.userId, {
        name,
        contentType: request.headers["content-type"],
        body,
      });
      return reply.status(201).send(upload);
    });
  });
}
