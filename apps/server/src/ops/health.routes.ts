import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";
import { routeDoc } from "../http/openapi.ts";
import { pendingMigrations } from "./migration-status.ts";

/** A check that has not answered by then counts as failed: a probe must answer in time. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = { ok: true; detail: "ok" | "not configured" } | { ok: false; detail: string };

async function withTimeout(check: () => Promise<CheckResult>, what: string): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `${what} did not answer within 2 s` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and Kubernetes. `GET /healthz`: the process answers (liveness).
 * `GET /readyz`: it can serve (readiness): the database answers, every migration of this build is
 * applied, and Redis is reachable when REDIS_URL is set; otherwise 503 with what is wrong. Both are
 * public and tell nothing but these states; they stay out of the request log.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: Deps) {
  const probe = { logLevel: "warn" as const };

  app.get(
    "/healthz",
    { ...probe, schema: routeDoc({ tag: "operations", summary: "Liveness: the process answers" }) },
    async (_request, reply) => {
      return reply.header("cache-control", "no-store").send({ status: "ok" });
    },
  );

  app.get(
    "/readyz",
    {
      ...probe,
      schema: routeDoc({
        tag: "operations",
        summary:
          "Readiness: the database answers, migrations are applied, Redis is reachable when configured",
      }),
    },
    async (request, reply) => {
      const database = await withTimeout(async () => {
        try {
          await deps.database.query("select 1");
          return { ok: true, detail: "ok" };
        } catch (error) {
          request.log.warn({ err: error }, "readyz: the database did not answer");
          return { ok: false, detail: "unreachable" };
        }
      }, "the database");
      const migrations = database.ok
        ? await withTimeout(async () => {
            const pending = await pendingMigrations(deps.database);
            return pending.length === 0
              ? { ok: true, detail: "ok" }
              : { ok: false, detail: `${pending.length} not applied: ${pending.join(", ")}` };
          }, "the migrations table").catch((error: unknown) => {
            request.log.warn({ err: error }, "readyz: could not read the applied migrations");
            return { ok: false, detail: "unknown (the migrations table could not be read)" } as const;
          })
        : ({ ok: false, detail: "unknown (no database)" } as const);
      const redis: CheckResult = !deps.config.redisUrl
        ? { ok: true, detail: "not configured" }
        : deps.live.available
          ? { ok: true, detail: "ok" }
          : { ok: false, detail: "unreachable" };
      const checks = { database, migrations, redis };
      const ready = Object.values(checks).every((check) => check.ok);
      return reply
        .status(ready ? 200 : 503)
        .header("cache-control", "no-store")
        .send({
          status: ready ? "ready" : "not ready",
          checks: Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, check.detail])),
        });
    },
  );
}
