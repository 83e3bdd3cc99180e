import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Fastify's own request logging (a line at arrival, another at the response) is off; its lines
 * about failures (a response stream that broke, an error of its default handler) stay.
 */
export class RequestLineController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}

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
    // The request's logger adds its reqId.
    const fields = {
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
