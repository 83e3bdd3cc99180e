import { TEMPLATE_MESSAGES } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { requireViewer } from "../../http/viewer.ts";
import { officialTemplates, unmakeTemplate } from "./templates.service.ts";

export function registerTemplateRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  /** Anyone, signed out too (spec 1 §1: anonymous visitors browse public templates). */
  app.get("/api/v1/sandboxes/templates/official", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return officialTemplates(db);
  });

  app.delete<{ Params: { sandboxId: string; templateId: string } }>(
    "/api/v1/sandboxes/:sandboxId/templates/:templateId",
    async (request) => {
      const viewer = requireViewer(request);
      const { sandboxId, templateId } = request.params;
      if (!z.uuid().safeParse(templateId).success) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
      const removed = await unmakeTemplate(db, viewer.userId, sandboxId, templateId);
      return {
        id: removed.id,
        sandboxId: removed.sandboxId,
        color: removed.color,
        iconUrl: removed.iconUrl,
        published: removed.published,
        tags: removed.tags,
      };
    },
  );
}
