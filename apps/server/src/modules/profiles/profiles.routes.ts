import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import {
  likedSandboxesInput,
  profileSandboxesInput,
  updatePinsInput,
  userSearchInput,
} from "./profiles.schema.ts";
import { likedSandboxList, profile, profileSandboxList, updatePins, userSearch } from "./profiles.service.ts";

type ByUsername = { Params: { username: string } };

/** Profiles (spec 1 §7 'Users', spec 2 §7, api-contract §13): anyone reads, the owner edits pins. */
export function registerProfileRoutes(app: FastifyInstance, deps: Deps) {
  app.get(
    "/api/v1/users/search",
    {
      schema: routeDoc({
        tag: "users",
        summary: "Users whose username starts with the text",
        querystring: userSearchInput,
      }),
    },
    async (request) => runQuery(deps, request.viewer, userSearch, unparsed(request.query)),
  );

  app.get<ByUsername>(
    "/api/v1/users/:username",
    { schema: routeDoc({ tag: "users", summary: "A user's profile" }) },
    async (request) => runQuery(deps, request.viewer, profile, unparsed(request.params)),
  );

  app.patch<ByUsername>(
    "/api/v1/users/:username",
    {
      schema: routeDoc({
        tag: "users",
        summary: "Pins sandboxes on the signed-in user's own profile",
        body: updatePinsInput.omit({ username: true }),
      }),
    },
    async (request) =>
      runCommand(
        deps,
        request.viewer,
        updatePins,
        unparsed({ ...bodyObject(request.body), username: request.params.username }),
      ),
  );

  app.get<ByUsername>(
    "/api/v1/users/:username/sandboxes",
    {
      schema: routeDoc({
        tag: "users",
        summary: "A user's sandboxes, 15 a page (public ones to others)",
        querystring: profileSandboxesInput.omit({ username: true }),
      }),
    },
    async (request) =>
      runQuery(
        deps,
        request.viewer,
        profileSandboxList,
        unparsed({ ...bodyObject(request.query), username: request.params.username }),
      ),
  );

  app.get<ByUsername>(
    "/api/v1/users/:username/sandboxes/liked",
    {
      schema: routeDoc({
        tag: "users",
        summary: "The sandboxes a user likes, 15 a page",
        querystring: likedSandboxesInput.omit({ username: true }),
      }),
    },
    async (request) =>
      runQuery(
        deps,
        request.viewer,
        likedSandboxList,
        unparsed({ ...bodyObject(request.query), username: request.params.username }),
      ),
  );
}
