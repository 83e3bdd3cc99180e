import type { FastifyInstance } from "fastify";

/**
 * One log line per request, once it is answered: `GET /api/v1/users/current 200 3.1 ms` (Fastify's
 * own request logging, one line at arrival and one at the response, is turned off). The query
 * string is left out: it can carry tokens. Routes with a `logLevel` above info (probes, metrics,
 * the live socket) are not logged unless they fail.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const fields = {
      reqId: request.id,
      method: request.method,
      url: path,
      statusCode: reply.statusCode,
      responseTime: ms,
    };
    const line = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
