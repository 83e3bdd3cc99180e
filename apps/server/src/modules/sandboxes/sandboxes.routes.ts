import { DASHBOARD_MESSAGES } from "@boxyard/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { routeDoc } from "../../http/openapi.ts";
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
import {
  forkSandboxInput,
  previewTokenInput,
  sandboxPickerInput,
  sandpackTokenInput,
  setSandboxesPrivacyInput,
  setVmTierInput,
  updateSandboxInput,
} from "./sandboxes.schema.ts";
import { deleteSandboxes, setSandboxesPrivacy } from "./sandboxes.service.ts";
import { setVmTier, updateSandbox } from "./update.service.ts";
import { webAppVisitor } from "./visitor.ts";

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
  app.get(
    "/api/v1/sandboxes",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "The signed-in user's sandboxes, newest first (the sandbox picker)",
        querystring: sandboxPickerInput,
      }),
    },
    (request) => runQuery(deps, request.viewer, sandboxPicker, unparsed(request.query)),
  );

  app.options<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id",
    { schema: routeDoc({ tag: "sandboxes", summary: "The CORS preflight of a preview's read" }) },
    async (request, reply) => {
      if (!allowPreviewOrigin(request, reply)) return reply.status(204).send();
      return reply
        .header("access-control-allow-methods", "GET")
        .header("access-control-allow-headers", "authorization, x-boxyard-client")
        .header("access-control-max-age", "600")
        .status(204)
        .send();
    },
  );

  /** The full sandbox with its files; opening it in the web app counts a view; it is recorded in Recent. */
  app.get<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "A sandbox with its files",
        description:
          "Opening it in the web app (the x-boxyard-client header, no bearer token) counts a view when the reader is not its author, once an hour per reader; it is recorded in the reader's Recent.",
      }),
    },
    async (request, reply) => {
      const view = await runCommand(deps, request.viewer, openSandbox, {
        ...(await readInput(request, request.params.id)),
        visitor: webAppVisitor(request, secret),
      });
      allowPreviewOrigin(request, reply);
      reply.header("cache-control", "no-store");
      return view;
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id/screenshot.png",
    { schema: routeDoc({ tag: "sandboxes", summary: "The sandbox's card image (PNG)" }) },
    async (request, reply) => {
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
    },
  );

  const fork = (request: FastifyRequest, sourceId: string) =>
    runCommand(deps, request.viewer, forkSandbox, withParams(request.body, { sourceId }));
  const forkDoc = {
    schema: routeDoc({
      tag: "sandboxes",
      summary: "Forks a sandbox",
      body: forkSandboxInput.omit({ sourceId: true }),
    }),
  };
  app.post<{ Params: { id: string } }>("/api/v1/sandboxes/:id/fork", forkDoc, (request) =>
    fork(request, request.params.id),
  );
  app.post<{ Params: { "*": string } }>(
    "/api/v1/sandboxes/fork/*",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "Forks a sandbox whose id holds '/' (a synced template's)",
        wildcard: "sourceId",
        body: forkSandboxInput.omit({ sourceId: true }),
      }),
    },
    (request) => fork(request, request.params["*"]),
  );

  app.patch<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id/vm_tier",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "Sets the VM tier a devbox runs on",
        body: setVmTierInput.omit({ id: true }),
      }),
    },
    async (request, reply) => {
      await runCommand(
        deps,
        request.viewer,
        setVmTier,
        unparsed({ ...bodyObject(request.body), id: request.params.id }),
      );
      return reply.status(204).send();
    },
  );

  const present = (viewer: Viewer, sandboxId: string) =>
    runQuery(deps, viewer, presentSandbox, { sandboxId });

  app.put<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "Changes a sandbox's title, description, alias or privacy",
        body: updateSandboxInput.omit({ id: true }),
      }),
    },
    async (request) => {
      const viewer = requireViewer(request);
      const row = await runCommand(
        deps,
        viewer,
        updateSandbox,
        unparsed({ ...bodyObject(request.body), id: request.params.id }),
      );
      return present(viewer, row.id);
    },
  );

  app.patch<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id/privacy",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "Sets a sandbox's privacy",
        body: z.object({ sandbox: setSandboxesPrivacyInput.pick({ privacy: true }) }),
      }),
    },
    async (request) => {
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
    },
  );

  /** To Recently deleted (the body's `{id}` is optional; the path names the sandbox). */
  app.delete<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "Moves a sandbox to Recently deleted",
        body: z.object({ id: z.string().optional() }),
      }),
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const body = request.body as { id?: unknown } | undefined;
      if (body?.id !== undefined && body.id !== request.params.id) {
        throw invalid("The body's id must be the sandbox of the path.", "id");
      }
      await runCommand(deps, viewer, deleteSandboxes, { sandboxIds: [request.params.id] });
      return reply.status(204).send();
    },
  );

  /** A short-lived token that lets a preview on an allowed origin read this one sandbox as the user. */
  app.post<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id/preview_token",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "A short-lived token a preview on an allowed origin reads this sandbox with",
        body: previewTokenInput.omit({ id: true }),
      }),
    },
    (request) =>
      runQuery(deps, request.viewer, issuePreviewToken, withParams(request.body, { id: request.params.id })),
  );

  /** `POST /api/v1/sandpack/token/:teamId` (spec 1 §7): members only; reads the workspace's sandboxes as the member. */
  app.post<{ Params: { teamId: string } }>(
    "/api/v1/sandpack/token/:teamId",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "A short-lived token that reads the workspace's sandboxes (members)",
        body: sandpackTokenInput.omit({ teamId: true }),
      }),
    },
    (request) =>
      runQuery(
        deps,
        request.viewer,
        issueSandpackToken,
        withParams(request.body, { teamId: request.params.teamId }),
      ),
  );
}
