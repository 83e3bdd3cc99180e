import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import type { Deps } from "../deps.ts";
import { errorBody } from "../http/errors.ts";
import { routeDoc } from "../http/openapi.ts";
import {
  collectDatabase,
  collectJobs,
  collectLiveBus,
  collectRequests,
  collectSockets,
} from "./metrics-collectors.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Prometheus metrics, collected only when they can be read: at `GET /metrics` with
 * `Authorization: Bearer <BOXYARD_METRICS_TOKEN>`, and/or without a token on the internal port
 * BOXYARD_METRICS_PORT (of HOST; keep it closed to the outside). Without a token, /metrics of the
 * main port is 404.
 */
export function registerMetrics(app: FastifyInstance, deps: Deps) {
  const { token, port } = deps.config.metrics;
  // Made below when metrics are on; nothing is collected otherwise.
  let registry: Registry | undefined;
  app.get(
    "/metrics",
    {
      logLevel: "warn",
      schema: routeDoc({ tag: "operations", summary: "Prometheus metrics (bearer BOXYARD_METRICS_TOKEN)" }),
    },
    async (request, reply) => {
      if (!token) return reply.status(404).send(errorBody("No route for GET /metrics."));
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send(errorBody("Metrics need Authorization: Bearer <BOXYARD_METRICS_TOKEN>."));
      }
      return reply
        .header("content-type", registry!.contentType)
        .header("cache-control", "no-store")
        .send(await registry!.metrics());
    },
  );
  if (!token && port === undefined) return;
  registry = new Registry();
  collectDefaultMetrics({ register: registry });
  collectRequests(app, registry);
  collectDatabase(deps.database, registry);
  collectSockets(app, registry);
  const stopLiveBus = collectLiveBus(deps.live, registry);
  const stopJobs = collectJobs(registry);
  app.addHook("onClose", async () => {
    stopLiveBus();
    stopJobs();
  });

  if (port !== undefined) {
    let server: Server | undefined;
    app.addHook("onListen", async () => {
      server = createServer((request, response) => {
        if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
          response.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (body) => response.writeHead(200, { "content-type": registry.contentType }).end(body),
          (error: unknown) => {
            app.log.error({ err: error }, "metrics: collecting failed");
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject).listen(port, deps.config.host, () => resolve());
      }).catch((error: unknown) => app.log.error({ err: error, port }, "metrics: could not listen"));
    });
    app.addHook("onClose", async () => {
      await new Promise((resolve) => (server?.listening ? server.close(resolve) : resolve(undefined)));
    });
  }
}
