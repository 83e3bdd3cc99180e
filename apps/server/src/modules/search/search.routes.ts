import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runQuery, unparsed } from "../../service/context.ts";
import { communitySearch, workspaceSearch } from "./search.service.ts";

/**
 * `GET /api/v1/teams/:teamId/search?query=` (spec 1 §2 /dashboard/search, §5; api-contract §11),
 * and the community search of the /search page, `GET /api/v1/search/sandboxes?query=&page=`,
 * open to everyone: it only ever answers public sandboxes.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { teamId: string } }>("/api/v1/teams/:teamId/search", async (request, reply) => {
    const json = await runQuery(
      deps,
      request.viewer,
      workspaceSearch,
      unparsed({ ...bodyObject(request.query), teamId: request.params.teamId }),
    );
    reply.type("application/json; charset=utf-8");
    return json;
  });

  app.get("/api/v1/search/sandboxes", async (request) =>
    runQuery(deps, request.viewer, communitySearch, unparsed(request.query)),
  );
}
