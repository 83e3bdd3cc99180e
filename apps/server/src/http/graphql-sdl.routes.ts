import type { FastifyInstance } from "fastify";
import { printSdl } from "../graphql/schema.ts";
import { GRAPHQL_SDL_PATH, routeDoc } from "./openapi.ts";

/**
 * The GraphQL schema in SDL at `GET /api/graphql/schema.graphql`, for client generators and people
 * (the same text as the checked-in apps/server/schema.graphql). Public, like introspection.
 */
export function registerGraphqlSdlRoute(app: FastifyInstance) {
  let sdl: string | undefined;
  app.get(
    GRAPHQL_SDL_PATH,
    { schema: routeDoc({ tag: "live", summary: "The GraphQL schema in SDL" }) },
    async (_request, reply) => {
      sdl ??= printSdl();
      return reply.type("text/plain; charset=utf-8").header("cache-control", "no-cache").send(sdl);
    },
  );
}
