import { SEARCH_QUERY_MAX } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import { searchPublicSandboxes, searchWorkspaceJson } from "./search.service.ts";

const searchQuery = z.object({
  query: z
    .string("Enter something to search for.")
    .trim()
    .min(1, "Enter something to search for.")
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters.`),
});

/** Deep pages of a fuzzy search are noise, and each costs a longer scan: ten are plenty. */
const COMMUNITY_MAX_PAGE = 10;

const communityQuery = searchQuery.extend({
  page: z.coerce
    .number("Page must be a number.")
    .int("Page must be a whole number.")
    .min(1, "Page must be at least 1.")
    .max(COMMUNITY_MAX_PAGE, `Page must be at most ${COMMUNITY_MAX_PAGE}.`)
    .default(1),
});

/**
 * `GET /api/v1/teams/:teamId/search?query=` (spec 1 §2 /dashboard/search, §5; api-contract §11),
 * and the community search of the /search page, `GET /api/v1/search/sandboxes?query=&page=`,
 * open to everyone: it only ever answers public sandboxes.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { teamId: string } }>("/api/v1/teams/:teamId/search", async (request, reply) => {
    const viewer = requireViewer(request);
    const teamId = request.params.teamId;
    if (!z.uuid().safeParse(teamId).success) throw notFound("Workspace not found.");
    const { query } = parseOrInvalid(searchQuery, request.query);
    // Answers are kept as the JSON text sent: a repeated search is not serialised again.
    reply.type("application/json; charset=utf-8");
    return searchWorkspaceJson(deps.db, viewer.userId, teamId, query, {
      cache: deps.searchCache,
      versions: deps.searchVersions,
    });
  });

  app.get("/api/v1/search/sandboxes", async (request) => {
    const { query, page } = parseOrInvalid(communityQuery, request.query);
    return searchPublicSandboxes(deps.db, query, page);
  });
}
