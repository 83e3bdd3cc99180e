import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runCommand } from "../../service/context.ts";
import { setLike } from "./likes.service.ts";

/**
 * Likes (README: API additions): `POST /api/v1/sandboxes/:id/like` likes a sandbox the viewer may
 * read, `DELETE /api/v1/sandboxes/:id/like` takes the like back; both answer
 * `{sandboxId, liked, likeCount}`. A user's likes are listed at `GET /api/v1/users/:username/sandboxes/liked`.
 */
export function registerLikeRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id/like",
    { schema: routeDoc({ tag: "sandboxes", summary: "Likes a sandbox" }) },
    async (request) =>
      runCommand(deps, request.viewer, setLike, { sandboxId: request.params.id, liked: true }),
  );
  app.delete<{ Params: { id: string } }>(
    "/api/v1/sandboxes/:id/like",
    { schema: routeDoc({ tag: "sandboxes", summary: "Takes a like back" }) },
    async (request) =>
      runCommand(deps, request.viewer, setLike, { sandboxId: request.params.id, liked: false }),
  );
}
