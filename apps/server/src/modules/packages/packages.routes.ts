import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import type { Deps } from "../../deps.ts";
import { AppError, errorBody } from "../../http/errors.ts";
import { routeDoc } from "../../http/openapi.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { unparsed } from "../../service/context.ts";
import { PackageError } from "./package-errors.ts";
import { packageModule } from "./package-module.service.ts";
import { packageModuleInput, resolveInput } from "./packages.schema.ts";
import type { PackagesCtx } from "./packages-ctx.ts";
import { resolvePackages } from "./resolve.service.ts";

/** `<name>@<version>` and an optional `/<subpath>`; a scoped name keeps its `@scope/`. */
const MODULE_PATH = /^((?:@[^/@]+\/)?[^/@]+)@([^/]+)(?:\/(.*))?$/;

/**
 * The package cache's routes on the preview origin (contract of issue 16): resolving a sandbox's
 * dependencies, and the prepared modules, immutable once made. Nobody is signed in there.
 */
export function registerPackageRoutes(app: FastifyInstance, deps: Deps) {
  const ctx = (): PackagesCtx => ({ deps });

  app.post(
    "/_npm/resolve",
    {
      schema: routeDoc({
        tag: "packages",
        summary: "Resolves a sandbox's dependencies to exact versions and an import map (preview origin)",
        body: resolveInput,
      }),
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      try {
        return await resolvePackages(ctx(), unparsed(request.body));
      } catch (error) {
        if (error instanceof AppError && error.code === "INVALID")
          return reply.status(400).send(errorBody(error.message));
        throw error;
      }
    },
  );

  app.get<{ Params: { "*": string }; Querystring: Record<string, string> }>(
    "/_npm/*",
    {
      schema: routeDoc({
        tag: "packages",
        summary: "A package's module for the browser (preview origin)",
        wildcard: "module",
      }),
    },
    async (request, reply) => {
      const match = MODULE_PATH.exec(request.params["*"]);
      if (!match) return plain(reply, 404, "Ask for /_npm/<name>@<exact version>/<path>.");
      let input: ReturnType<typeof packageModuleInput.parse>;
      try {
        input = parseOrInvalid(packageModuleInput, {
          name: match[1],
          version: match[2],
          subpath: match[3] ?? "",
          raw: request.query.raw !== undefined,
        });
      } catch (error) {
        return plain(reply, 404, (error as Error).message);
      }
      try {
        const module = await packageModule(ctx(), input);
        return reply
          .header("content-type", module.contentType)
          .header("cache-control", "public, max-age=31536000, immutable")
          .header("x-content-type-options", "nosniff")
          .send(module.body);
      } catch (error) {
        if (error instanceof PackageError) return plain(reply, error.status, error.message);
        throw error;
      }
    },
  );
}

/** The same routes as a Fastify plugin: `app.register(packageRoutes, { deps })`. */
export const packageRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) =>
  registerPackageRoutes(app, deps);

function plain(reply: FastifyReply, status: number, message: string) {
  return reply
    .status(status)
    .header("content-type", "text/plain; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .send(message);
}
