import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runCommand, unparsed } from "../../service/context.ts";
import { unmakeTemplate } from "./make-templates.service.ts";
import { officialTemplates } from "./templates.service.ts";

export function registerTemplateRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  /** Anyone, signed out too (spec 1 §1: anonymous visitors browse public templates). */
  app.get(
    "/api/v1/sandboxes/templates/official",
    { schema: routeDoc({ tag: "templates", summary: "The official templates" }) },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return officialTemplates(db);
    },
  );

  app.delete<{ Params: { sandboxId: string; templateId: string } }>(
    "/api/v1/sandboxes/:sandboxId/templates/:templateId",
    { schema: routeDoc({ tag: "templates", summary: "Makes a template a plain sandbox again" }) },
    async (request) => {
      const removed = await runCommand(deps, request.viewer, unmakeTemplate, unparsed(request.params));
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
