import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { createSandboxFromFiles, sandboxLimits } from "./create.service.ts";
import { generateTitle } from "./generate-title.ts";
import { createSandboxInput, sandboxLimitsInput } from "./sandboxes.schema.ts";

/** Creating sandboxes: default names, the caller's limits, and a sandbox made of files (spec 2 §2.2, §7). */
export function registerCreateRoutes(app: FastifyInstance, deps: Deps) {
  /** A fresh default name for the create form; anyone may ask. */
  app.get(
    "/api/v1/sandboxes/generate_title",
    { schema: routeDoc({ tag: "sandboxes", summary: "A fresh default name for a new sandbox" }) },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { title: generateTitle() };
    },
  );

  app.get(
    "/api/v1/sandboxes/limits",
    {
      schema: routeDoc({
        tag: "sandboxes",
        summary: "How many sandboxes the caller may still make (in a workspace)",
        querystring: sandboxLimitsInput,
      }),
    },
    async (request, reply) => {
      const limits = await runQuery(deps, request.viewer, sandboxLimits, unparsed(request.query));
      reply.header("cache-control", "no-store");
      return limits;
    },
  );

  /** A sandbox made of files (the create-repo-files screen): `{title, team_id, collection_id, privacy, v2, template, files: [{path, code, is_binary}]}`. */
  app.post(
    "/api/v1/sandboxes",
    { schema: routeDoc({ tag: "sandboxes", summary: "Makes a sandbox of files", body: createSandboxInput }) },
    (request) => runCommand(deps, request.viewer, createSandboxFromFiles, unparsed(request.body)),
  );
}
