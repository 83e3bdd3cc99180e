import { SEARCH_QUERY_MAX } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { requireViewer } from "../../http/viewer.ts";
import { parseOrInvalid } from "../auth/auth.routes.ts";
import { searchWorkspace } from "./search.service.ts";

const searchQuery = z.object({
  query: z
    .string("Enter something to search for.")
    .trim()
    .min(1, "Enter something to search for.")
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters.`),
});

/** `GET /api/v1/teams/:teamId/search?query=` (spec 1 §2 /dashboard/search, §5; api-contract §11). */
export function registerSearchRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { teamId: string } }>("/api/v1/teams/:teamId/search", async (request) => {
    const viewer = requireViewer(request);
    const teamId = request.params.teamId;
    if (!z.uuid().safeParse(teamId).success) throw notFound("Workspace not found.");
    const { query } = parseOrInvalid(searchQuery, request.query);
    return searchWorkspace(deps.db, viewer.userId, teamId, query);
  });
}
