import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Deps } from "../../deps.ts";
import { notFound, unauthenticated } from "../../http/errors.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, unparsed } from "../../service/context.ts";
import { devboxStartedInput, devboxStoppedInput } from "./billing.schema.ts";
import { devboxStarted, devboxStopped } from "./credits.service.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The devbox runtime authenticates with BOXYARD_RUNTIME_TOKEN as a bearer token; nobody else may report. */
function requireRuntime(request: FastifyRequest, token: string | undefined) {
  if (!token) throw notFound("Not found.");
  const header = request.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!given || !timingSafeEqual(digest(given), digest(token)))
    throw unauthenticated("A valid runtime token is required.");
}

/** What the runtime reported about the devbox of the path. */
function reported(request: FastifyRequest) {
  const { sandboxId } = request.params as { sandboxId: string };
  return unparsed({ ...bodyObject(request.body), sandboxId });
}

/**
 * The devbox runtime's door to the usage service (spec 2 §4, §9): it reports a devbox started (on
 * its tier, or the one given) and stopped; the credits used are counted from these. A start in a
 * frozen workspace, or one out of credits, is refused. Off unless BOXYARD_RUNTIME_TOKEN is set.
 */
export function registerRuntimeRoutes(app: FastifyInstance, deps: Deps) {
  app.post(
    "/api/v1/runtime/devboxes/:sandboxId/started",
    {
      schema: routeDoc({
        tag: "billing",
        summary: "The devbox runtime reports a devbox started (BOXYARD_RUNTIME_TOKEN)",
        body: devboxStartedInput.omit({ sandboxId: true }),
      }),
    },
    async (request) => {
      requireRuntime(request, deps.config.runtimeToken);
      const run = await runCommand(deps, null, devboxStarted, reported(request));
      return {
        id: run.id,
        sandboxId: run.sandboxId,
        vmTier: run.vmTier,
        startedAt: run.startedAt.toISOString(),
      };
    },
  );

  app.post(
    "/api/v1/runtime/devboxes/:sandboxId/stopped",
    {
      schema: routeDoc({
        tag: "billing",
        summary: "The devbox runtime reports a devbox stopped (BOXYARD_RUNTIME_TOKEN)",
        body: devboxStoppedInput.omit({ sandboxId: true }),
      }),
    },
    async (request) => {
      requireRuntime(request, deps.config.runtimeToken);
      const run = await runCommand(deps, null, devboxStopped, reported(request));
      return {
        stopped: run !== null,
        ...(run ? { id: run.id, stoppedAt: run.stoppedAt?.toISOString() ?? null } : {}),
      };
    },
  );
}
