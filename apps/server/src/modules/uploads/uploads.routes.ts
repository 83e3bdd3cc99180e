import { UPLOAD_MAX_BYTES } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { createUploadInput } from "./uploads.schema.ts";
import { createUpload, deleteUpload, listUploads, readUpload, servingOf } from "./uploads.service.ts";

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
  app.get(
    "/api/v1/users/current_user/uploads",
    { schema: routeDoc({ tag: "uploads", summary: "The signed-in user's uploads and storage used" }) },
    async (request) => runQuery(deps, request.viewer, listUploads, {}),
  );

  app.delete<{ Params: { id: string } }>(
    "/api/v1/users/current_user/uploads/:id",
    { schema: routeDoc({ tag: "uploads", summary: "Deletes one of the signed-in user's uploads" }) },
    async (request, reply) => {
      await runCommand(deps, request.viewer, deleteUpload, unparsed(request.params));
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/v1/uploads/:id",
    { schema: routeDoc({ tag: "uploads", summary: "An uploaded file, to whoever has its address" }) },
    async (request, reply) => {
      const { row, body } = await runQuery(deps, request.viewer, readUpload, unparsed(request.params));
      const serving = servingOf(row);
      return reply
        .header("content-type", serving.type)
        .header("content-disposition", contentDisposition(serving.inline ? "inline" : "attachment", row.name))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header("cross-origin-resource-policy", "cross-origin")
        .header("cache-control", "private, max-age=3600")
        .send(body);
    },
  );

  // The file's bytes are the body, whatever their type: this scope reads every body as bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      "/api/v1/users/current_user/uploads",
      {
        schema: routeDoc({
          tag: "uploads",
          summary: "Uploads a file: its bytes as the body, its type as Content-Type (at most 5 MB)",
          querystring: createUploadInput.pick({ name: true }),
        }),
      },
      async (request, reply) => {
        const upload = await runCommand(
          deps,
          request.viewer,
          createUpload,
          unparsed({
            ...bodyObject(request.query),
            contentType: request.headers["content-type"],
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          }),
        );
        return reply.status(201).send(upload);
      },
    );
  });
}
