import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { likedSandboxList, profile, profileSandboxList, updatePins, userSearch } from "./profiles.service.ts";

type ByUsername = { Params: { username: string } };

/** Profiles (spec 1 §7 'Users', spec 2 §7, api-contract §13): anyone reads, the owner edits pins. */
export function registerProfileRoutes(app: FastifyInstance, deps: Deps) {
  app.get("/api/v1/users/search", async (request) =>
    runQuery(deps, request.viewer, userSearch, unparsed(request.query)),
  );

  app.get<ByUsername>("/api/v1/users/:username", async (request) =>
    runQuery(deps, request.viewer, profile, unparsed(request.params)),
  );

  app.patch<ByUsername>("/api/v1/users/:username", async (request) =>
    runCommand(
      deps,
      request.viewer,
      updatePins,
      unparsed({ ...bodyObject(request.body), username: request.params.username }),
    ),
  );

  app.get<ByUsername>("/api/v1/users/:username/sandboxes", async (request) =>
    runQuery(
      deps,
      request.viewer,
      profileSandboxList,
      unparsed({ ...bodyObject(request.query), username: request.params.username }),
    ),
  );

  app.get<ByUsername>("/api/v1/users/:username/sandboxes/liked", async (request) =>
    runQuery(
      deps,
      request.viewer,
      likedSandboxList,
      unparsed({ ...bodyObject(request.query), username: request.params.username }),
    ),
  );
}
