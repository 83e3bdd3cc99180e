import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runQuery, unparsed } from "../../service/context.ts";
import { communitySearchInput, workspaceSearchInput } from "./search.schema.ts";
import { communitySearch, workspaceSearch } from "./search.service.ts";

/**
 * `GET /api/v1/teams/:teamId/search?query=` (spec 1 §2 /dashboard/search, §5; api-contract §11),
 * and the community search of the /search page, `GET /api/v1/search/sandboxes?query=&page=`,
 * open to everyone: it only ever answers public sandboxes.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { teamId: string } }>(
    "/api/v1/teams/:teamId/search",
    {
      schema: routeDoc({
        tag: "search",
        summary: "Searches a workspace (members)",
        querystring: workspaceSearchInput.omit({ teamId: true }),
      }),
    },
    async (request, reply) => {
      const json = await runQuery(
        deps,
        request.viewer,
        workspaceSearch,
        unparsed({ ...bodyObject(request.query), teamId: request.params.teamId }),
      );
      reply.type("application/json; charset=utf-8");
      return json;
    },
  );

  app.get(
    "/api/v1/search/sandboxes",
    {
      schema: routeDoc({
        tag: "search",
        summary: "Searches public sandboxes",
        querystring: communitySearchInput,
      }),
    },
    async (request) => runQuery(deps, request.viewer, communitySearch, unparsed(request.query)),
  );
}
