import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { requireViewer } from "../../http/viewer.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { readWorkspaceAvatar, removeWorkspaceAvatar, setWorkspaceAvatar } from "./avatar.service.ts";

type TeamParams = { Params: { teamId: string } };

/**
 * The workspace avatar: `PUT` the image's bytes as the request body (any content type: the bytes
 * decide; over 5 MB answers 413), `DELETE` to remove it, `GET` to read it at its versioned URL.
 */
export function registerWorkspaceAvatarRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    // Only in this scope: the upload arrives as raw bytes whatever its declared type.
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    scope.put<TeamParams>(
      "/api/v1/teams/:teamId/avatar",
      {
        schema: routeDoc({
          tag: "workspaces",
          summary: "Sets the workspace's avatar: the image's bytes as the body (at most 5 MB)",
        }),
      },
      (request) =>
        runCommand(
          deps,
          requireViewer(request),
          setWorkspaceAvatar,
          unparsed({ teamId: request.params.teamId, bytes: request.body }),
        ),
    );

    scope.delete<TeamParams>(
      "/api/v1/teams/:teamId/avatar",
      { schema: routeDoc({ tag: "workspaces", summary: "Removes the workspace's avatar" }) },
      async (request, reply) => {
        await runCommand(deps, requireViewer(request), removeWorkspaceAvatar, unparsed(request.params));
        return reply.status(204).send();
      },
    );

    scope.get<TeamParams & { Querystring: { v?: string } }>(
      "/api/v1/teams/:teamId/avatar",
      {
        schema: routeDoc({
          tag: "workspaces",
          summary: "The workspace's avatar (members; ?v= its version, cached for good)",
        }),
      },
      async (request, reply) => {
        const avatar = await runQuery(
          deps,
          requireViewer(request),
          readWorkspaceAvatar,
          unparsed(request.params),
        );
        const etag = `"${avatar.version}"`;
        // The versioned URL never changes content; an unversioned or stale one is checked each time.
        const cache =
          request.query.v === avatar.version ? "private, max-age=31536000, immutable" : "private, no-cache";
        reply.header("etag", etag).header("cache-control", cache).header("vary", "cookie");
        if (request.headers["if-none-match"] === etag) return reply.status(304).send();
        return reply
          .header("content-type", avatar.contentType)
          .header("content-disposition", "inline")
          .send(avatar.data);
      },
    );
  });
}
