import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.ts";

export const CLIENT_MARKER_HEADER = "x-boxyard-client";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a state-changing API request that does not authenticate with a bearer token must
 * carry the client-marker header. Browsers do not let another site set custom headers on a
 * cross-origin request without a CORS preflight, which this server never grants.
 */
export function registerClientMarkerCheck(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url;
    if (!path.startsWith("/api/") || path.startsWith("/api/webhooks/")) return;
    if (request.headers.authorization?.startsWith("Bearer ")) return;
    if (!request.headers[CLIENT_MARKER_HEADER]) {
      return reply.status(403).send(errorBody(`Missing ${CLIENT_MARKER_HEADER} header.`));
    }
  });
}
