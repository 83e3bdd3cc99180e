import { DASHBOARD_MESSAGES } from "@boxyard/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { bodyObject, parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer, type Viewer } from "../../http/viewer.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { sandboxCardImage } from "./card-image.service.ts";
import { forkSandbox } from "./fork.service.ts";
import { openSandbox } from "./open.service.ts";
import { sandboxPicker } from "./picker.service.ts";
import { issuePreviewToken, issueSandpackToken } from "./preview-token.service.ts";
import { isPreviewOrigin, readGrantOf } from "./preview-tokens.ts";
import { presentSandbox } from "./sandbox-view.ts";
import { deleteSandboxes, setSandboxesPrivacy } from "./sandboxes.service.ts";
import { setVmTier, updateSandbox } from "./update.service.ts";

/** The REST envelope of a privacy change; the privacy itself is the command's to check. */
const privacyBody = z.object({
  sandbox: z.object({ privacy: z.unknown() }, "Send the privacy as {sandbox: {privacy}}."),
});

/**
 * A request body with the path's parameters, for the command to parse: a body that is not an
 * object stays as it is, so the command's schema refuses it as before.
 */
function withParams(body: unknown, params: Record<string, string>) {
  if (body === undefined || body === null) return unparsed(params);
  if (typeof body !== "object" || Array.isArray(body)) return unparsed(body);
  return unparsed({ ...body, ...params });
}

/** The preview grant of an `Authorization: Bearer <preview token>` that did not sign anyone in. */
async function bearerGrant(request: FastifyRequest, secret: Uint8Array) {
  const header = request.headers.authorization;
  if (request.viewer || !header?.startsWith("Bearer ")) return null;
  return readGrantOf(secret, header.slice(7).trim());
}

export function registerSandboxRoutes(app: FastifyInstance, deps: Deps) {
  const { secret, config } = deps;
  /** What a request reads a sandbox as: the viewer, and a preview token's grant when it carries one. */
  const readInput = async (request: FastifyRequest, idOrAlias: string) => ({
    idOrAlias,
    grant: await bearerGrant(request, secret),
  });

  /** Previews on configured origins read sandboxes with a bearer token: CORS for them, never with cookies. */
  const allowPreviewOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (
      origin &&
      origin !== new URL(config.publicUrl).origin &&
      isPreviewOrigin(config.previewOrigins, origin)
    ) {
      reply.header("access-control-allow-origin", origin).header("vary", "Origin");
      return true;
    }
    return false;
  };

  /** The signed-in user's sandboxes, newest first: the sandbox picker. */
  app.get("/api/v1/sandboxes", (request) =>
    runQuery(deps, request.viewer, sandboxPicker, unparsed(request.query)),
  );

  app.options<{ Params: { id: string } }>("/api/v1/sandboxes/:id", async (request, reply) => {
    if (!allowPreviewOrigin(request, reply)) return reply.status(204).send();
    return reply
      .header("access-control-allow-methods", "GET")
      .header("access-control-allow-headers", "authorization, x-boxyard-client")
      .header("access-control-max-age", "600")
      .status(204)
      .send();
  });

  /** The full sandbox with its files; opening it counts a view and records it in Recent. */
  app.get<{ Params: { id: string } }>("/api/v1/sandboxes/:id", async (request, reply) => {
    const view = await runCommand(
      deps,
      request.viewer,
      openSandbox,
      await readInput(request, request.params.id),
    );
    allowPreviewOrigin(request, reply);
    reply.header("cache-control", "no-store");
    return view;
  });

  app.get<{ Params: { id: string } }>("/api/v1/sandboxes/:id/screenshot.png", async (request, reply) => {
    const image = await runQuery(
      deps,
      request.viewer,
      sandboxCardImage,
      await readInput(request, request.params.id),
    );
    reply
      .header("cache-control", image.listed ? "public, max-age=3600" : "private, max-age=300")
      .header("etag", image.etag);
    if (request.headers["if-none-match"] === image.etag) return reply.status(304).send();
    return reply.type("image/png").send(await image.render());
  });

  const fork = (request: FastifyRequest, sourceId: string) =>
    runCommand(deps, request.viewer, forkSandbox, withParams(request.body, { sourceId }));
  app.post<{ Params: { id: string } }>("/api/v1/sandboxes/:id/fork", (request) =>
    fork(request, request.params.id),
  );
  app.post<{ Params: { "*": string } }>("/api/v1/sandboxes/fork/*", (request) =>
    fork(request, request.params["*"]),
  );

  app.patch<{ Params: { id: string } }>("/api/v1/sandboxes/:id/vm_tier", async (request, reply) => {
    await runCommand(
      deps,
      request.viewer,
      setVmTier,
      unparsed({ ...bodyObject(request.body), id: request.params.id }),
    );
    return reply.status(204).send();
  });

  const present = (viewer: Viewer, sandboxId: string) =>
    runQuery(deps, viewer, presentSandbox, { sandboxId });

  app.put<{ Params: { id: string } }>("/api/v1/sandboxes/:id", async (request) => {
    const viewer = requireViewer(request);
    const row = await runCommand(
      deps,
      viewer,
      updateSandbox,
      unparsed({ ...bodyObject(request.body), id: request.params.id }),
    );
    return present(viewer, row.id);
  });

  app.patch<{ Params: { id: string } }>("/api/v1/sandboxes/:id/privacy", async (request) => {
    const viewer = requireViewer(request);
    const { sandbox } = parseOrInvalid(privacyBody, request.body);
    const [row] = await runCommand(
      deps,
      viewer,
      setSandboxesPrivacy,
      unparsed({ sandboxIds: [request.params.id], privacy: sandbox.privacy }),
    );
    if (!row) throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
    return present(viewer, row.id);
  });

  /** To Recently deleted (the body's `{id}` is optional; the path names the sandbox). */
  app.delete<{ Params: { id: string } }>("/api/v1/sandboxes/:id", async (request, reply) => {
    const viewer = requireViewer(request);
    const body = request.body as { id?: unknown } | undefined;
    if (body?.id !== undefined && body.id !== request.params.id) {
      throw invalid("The body's id must be the sandbox of the path.", "id");
    }
    await runCommand(deps, viewer, deleteSandboxes, { sandboxIds: [request.params.id] });
    return reply.status(204).send();
  });

  /** A short-lived token that lets a preview on an allowed origin read this one sandbox as the user. */
  app.post<{ Params: { id: string } }>("/api/v1/sandboxes/:id/preview_token", (request) =>
    runQuery(deps, request.viewer, issuePreviewToken, withParams(request.body, { id: request.params.id })),
  );

  /** `POST /api/v1/sandpack/token/:teamId` (spec 1 §7): members only; reads the workspace's sandboxes as the member. */
  app.post<{ Params: { teamId: string } }>("/api/v1/sandpack/token/:teamId", (request) =>
    runQuery(
      deps,
      request.viewer,
      issueSandpackToken,
      withParams(request.body, { teamId: request.params.teamId }),
    ),
  );
}
