import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runQuery, unparsed } from "../../service/context.ts";
import { packageInfo, searchPackages } from "./package-info.service.ts";
import { packageSearchInput } from "./packages.schema.ts";

/** Each asks the upstream registry (or its cache): counted per address like other outward calls. */
const registryLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

/** The package registry on Boxyard's own API, for the editor's dependencies panel (signed in). */
export function registerPackageApiRoutes(app: FastifyInstance, deps: Deps) {
  app.get(
    "/api/v1/packages/search",
    {
      schema: routeDoc({
        tag: "packages",
        summary: "Searches the package registry",
        querystring: packageSearchInput,
      }),
      config: registryLimit,
    },
    async (request) => runQuery(deps, request.viewer, searchPackages, unparsed(request.query)),
  );

  app.get<{ Params: { "*": string } }>(
    "/api/v1/packages/*",
    {
      schema: routeDoc({ tag: "packages", summary: "A package's versions and tags", wildcard: "name" }),
      config: registryLimit,
    },
    async (request) => runQuery(deps, request.viewer, packageInfo, unparsed({ name: request.params["*"] })),
  );
}
