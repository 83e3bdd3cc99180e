import {
  DASHBOARD_MESSAGES,
  isPrivacy,
  isValidAlias,
  SANDBOX_DESCRIPTION_MAX,
  SANDBOX_MESSAGES,
  SANDBOX_TITLE_MAX,
  VM_TIER_MAX,
  VM_TIER_MIN,
} from "@boxyard/domain";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { sandboxes, workspaceMembers } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { AppError, invalid, notFound, unauthenticated } from "../../http/errors.ts";
import { requireViewer } from "../../http/viewer.ts";
import { withSandboxEvents } from "../../live/workspace-events.ts";
import { parseOrInvalid } from "../auth/auth.routes.ts";
import { likesSandbox } from "../likes/likes.service.ts";
import { requireWorkspace } from "../workspaces/workspace.policy.ts";
import { sandboxCardImage } from "./card-image.service.ts";
import { forkSandbox } from "./fork.service.ts";
import {
  isPreviewOrigin,
  readGrantOf,
  signSandboxPreviewToken,
  signSandpackToken,
} from "./preview-tokens.ts";
import { type Reader, readableSandbox, readableSandboxIds, recordOpening } from "./read.service.ts";
import { presentSandboxSummary, sandboxView } from "./sandbox-view.ts";
import { deleteSandboxes, setSandboxesPrivacy } from "./sandboxes.service.ts";
import { setVmTier, updateSandbox } from "./update.service.ts";

const UUID = z.uuid();
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

const title = z
  .string("The title must be text.")
  .trim()
  .min(1, DASHBOARD_MESSAGES.titleRequired)
  .max(SANDBOX_TITLE_MAX, SANDBOX_MESSAGES.titleTooLong);
const alias = z.string("The alias must be text.").trim().refine(isValidAlias, SANDBOX_MESSAGES.aliasInvalid);
const privacy = z
  .number(DASHBOARD_MESSAGES.privacyInvalid)
  .refine((v) => isPrivacy(v), DASHBOARD_MESSAGES.privacyInvalid);

const forkBody = z.object({
  title: nullish(title),
  teamId: nullish(z.string("Workspace not found.")),
  collectionId: nullish(z.string(DASHBOARD_MESSAGES.folderNotFound)),
  privacy: nullish(privacy),
  v2: nullish(z.boolean("v2 must be true or false.")),
  alias: nullish(alias),
});

const vmTierBody = z.object({
  vmTier: z
    .number(SANDBOX_MESSAGES.vmTierInvalid)
    .int(SANDBOX_MESSAGES.vmTierInvalid)
    .min(VM_TIER_MIN, SANDBOX_MESSAGES.vmTierInvalid)
    .max(VM_TIER_MAX, SANDBOX_MESSAGES.vmTierInvalid),
});

const updateBody = z.object({
  sandbox: z
    .object(
      {
        title: title.optional(),
        description: z
          .string("The description must be text.")
          .max(SANDBOX_DESCRIPTION_MAX, SANDBOX_MESSAGES.descriptionTooLong)
          .nullish(),
        alias: alias.optional(),
        privacy: privacy.optional(),
        v2: z.boolean("v2 must be true or false.").optional(),
      },
      "Send the changes as {sandbox: {...}}.",
    )
    .refine(
      (s) => ["title", "description", "alias", "privacy", "v2"].some((k) => k in s),
      "Send at least one of title, description, alias, privacy or v2.",
    ),
});

const privacyBody = z.object({
  sandbox: z.object({ privacy }, "Send the privacy as {sandbox: {privacy}}."),
});

const originBody = z.object({
  origin: z.string("Say which page will receive the token (origin).").max(300),
});
const optionalOriginBody = z.object({ origin: z.string().max(300).optional() });

const pickerQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "The limit must be from 1 to 500.")
    .max(500, "The limit must be from 1 to 500.")
    .default(100),
});

/** The preview grant of an `Authorization: Bearer <preview token>` that did not sign anyone in. */
async function bearerGrant(request: FastifyRequest, secret: Uint8Array) {
  const header = request.headers.authorization;
  if (request.viewer || !header?.startsWith("Bearer ")) return null;
  return readGrantOf(secret, header.slice(7).trim());
}

export function registerSandboxRoutes(app: FastifyInstance, deps: Deps) {
  const { db, secret, config, plans } = deps;
  const readerOf = async (request: FastifyRequest): Promise<Reader> => ({
    viewerId: request.viewer?.userId ?? null,
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
  app.get("/api/v1/sandboxes", async (request) => {
    const viewer = requireViewer(request);
    const { limit } = parseOrInvalid(pickerQuery, request.query);
    const rows = await db
      .select({ sandbox: sandboxes })
      .from(sandboxes)
      .innerJoin(
        workspaceMembers,
        and(
          eq(workspaceMembers.workspaceId, sandboxes.workspaceId),
          eq(workspaceMembers.userId, viewer.userId),
        ),
      )
      .where(and(eq(sandboxes.authorId, viewer.userId), isNull(sandboxes.removedAt)))
      .orderBy(desc(sandboxes.updatedAt), sql`${sandboxes.id}`)
      .limit(limit);
    const readable = await readableSandboxIds(
      db,
      viewer.userId,
      rows.map((r) => r.sandbox.forkedFromId),
    );
    return rows.map((r) => presentSandboxSummary(r.sandbox, readable));
  });

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
    const reader = await readerOf(request);
    const access = await readableSandbox(db, reader, request.params.id);
    await recordOpening(db, reader.viewerId, access.sandbox.id);
    const [fresh] = await db.select().from(sandboxes).where(eq(sandboxes.id, access.sandbox.id));
    allowPreviewOrigin(request, reply);
    reply.header("cache-control", "no-store");
    const liked = reader.viewerId ? await likesSandbox(db, reader.viewerId, access.sandbox.id) : false;
    return { ...(await sandboxView(db, fresh!, { ...access, viewerId: reader.viewerId })), liked };
  });

  app.get<{ Params: { id: string } }>("/api/v1/sandboxes/:id/screenshot.png", async (request, reply) => {
    const { sandbox } = await readableSandbox(db, await readerOf(request), request.params.id);
    const image = await sandboxCardImage(db, sandbox);
    reply
      .header("cache-control", sandbox.privacy < 2 ? "public, max-age=3600" : "private, max-age=300")
      .header("etag", image.etag);
    if (request.headers["if-none-match"] === image.etag) return reply.status(304).send();
    return reply.type("image/png").send(await image.render());
  });

  const fork = async (request: FastifyRequest, sourceId: string) => {
    const input = parseOrInvalid(forkBody, request.body);
    if (!request.viewer) {
      // Signed out: the sign-in message the toast offers a 'Sign in' action for (spec 1 §8).
      const source = await readableSandbox(db, { viewerId: null, grant: null }, sourceId).catch(() => null);
      if (!source) throw unauthenticated();
      throw unauthenticated(
        source.sandbox.isV2 ? SANDBOX_MESSAGES.signInToForkServer : SANDBOX_MESSAGES.signInToForkBrowser,
      );
    }
    if (input.teamId && !UUID.safeParse(input.teamId).success) throw notFound("Workspace not found.");
    if (input.collectionId && !UUID.safeParse(input.collectionId).success) {
      throw notFound(DASHBOARD_MESSAGES.folderNotFound);
    }
    const viewerId = request.viewer.userId;
    const forked = await withSandboxEvents(deps, viewerId, [], () =>
      forkSandbox(db, plans, viewerId, sourceId, {
        ...input,
        privacy: input.privacy as 0 | 1 | 2 | undefined,
      }),
    );
    return sandboxView(db, forked, {
      viewerId,
      membership: await requireWorkspace(db, request.viewer.userId, forked.workspaceId, "READ", {
        write: false,
      }),
      authorization: "OWNER",
    });
  };
  app.post<{ Params: { id: string } }>("/api/v1/sandboxes/:id/fork", (request) =>
    fork(request, request.params.id),
  );
  app.post<{ Params: { "*": string } }>("/api/v1/sandboxes/fork/*", (request) =>
    fork(request, request.params["*"]),
  );

  app.patch<{ Params: { id: string } }>("/api/v1/sandboxes/:id/vm_tier", async (request, reply) => {
    const viewer = requireViewer(request);
    const { vmTier } = parseOrInvalid(vmTierBody, request.body);
    await setVmTier(db, plans, viewer.userId, request.params.id, vmTier);
    return reply.status(204).send();
  });

  const present = async (userId: string, id: string) => {
    const access = await readableSandbox(db, { viewerId: userId, grant: null }, id);
    return sandboxView(db, access.sandbox, { ...access, viewerId: userId });
  };

  app.put<{ Params: { id: string } }>("/api/v1/sandboxes/:id", async (request) => {
    const viewer = requireViewer(request);
    const { sandbox } = parseOrInvalid(updateBody, request.body);
    const row = await withSandboxEvents(deps, viewer.userId, [request.params.id], () =>
      updateSandbox(db, plans, viewer.userId, request.params.id, sandbox),
    );
    return present(viewer.userId, row.id);
  });

  app.patch<{ Params: { id: string } }>("/api/v1/sandboxes/:id/privacy", async (request) => {
    const viewer = requireViewer(request);
    const { sandbox } = parseOrInvalid(privacyBody, request.body);
    const [row] = await withSandboxEvents(deps, viewer.userId, [request.params.id], () =>
      setSandboxesPrivacy(db, plans, viewer.userId, [request.params.id], sandbox.privacy),
    );
    if (!row) throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
    return present(viewer.userId, row.id);
  });

  /** To Recently deleted (the body's `{id}` is optional; the path names the sandbox). */
  app.delete<{ Params: { id: string } }>("/api/v1/sandboxes/:id", async (request, reply) => {
    const viewer = requireViewer(request);
    const body = request.body as { id?: unknown } | undefined;
    if (body?.id !== undefined && body.id !== request.params.id) {
      throw invalid("The body's id must be the sandbox of the path.", "id");
    }
    await withSandboxEvents(deps, viewer.userId, [request.params.id], () =>
      deleteSandboxes(db, viewer.userId, [request.params.id]),
    );
    return reply.status(204).send();
  });

  /** A short-lived token that lets a preview on an allowed origin read this one sandbox as the user. */
  app.post<{ Params: { id: string } }>("/api/v1/sandboxes/:id/preview_token", async (request) => {
    const viewer = requireViewer(request);
    const { origin } = parseOrInvalid(originBody, request.body);
    const { sandbox } = await readableSandbox(
      db,
      { viewerId: viewer.userId, grant: null },
      request.params.id,
    );
    if (!isPreviewOrigin(config.previewOrigins, origin)) {
      throw new AppError("FORBIDDEN", SANDBOX_MESSAGES.previewOriginRefused, "origin");
    }
    return { sandboxId: sandbox.id, ...(await signSandboxPreviewToken(secret, viewer.userId, sandbox.id)) };
  });

  /** `POST /api/v1/sandpack/token/:teamId` (spec 1 §7): members only; reads the workspace's sandboxes as the member. */
  app.post<{ Params: { teamId: string } }>("/api/v1/sandpack/token/:teamId", async (request) => {
    const viewer = requireViewer(request);
    const { origin } = parseOrInvalid(optionalOriginBody, request.body);
    const teamId = request.params.teamId;
    if (!UUID.safeParse(teamId).success) throw notFound("Workspace not found.");
    await requireWorkspace(db, viewer.userId, teamId, "READ", { write: false });
    if (origin !== undefined && !isPreviewOrigin(config.previewOrigins, origin)) {
      throw new AppError("FORBIDDEN", SANDBOX_MESSAGES.previewOriginRefused, "origin");
    }
    return signSandpackToken(secret, viewer.userId, teamId);
  });
}
