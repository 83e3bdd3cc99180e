import { camelizeKeys } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";

/**
 * REST requests arrive with snake_case keys; handlers see camelCase. Responses are written in camelCase.
 * GraphQL, webhooks and the identity providers' callbacks (/auth/*: OAuth's own `id_token`,
 * `error_description`...) keep the keys their senders wrote.
 */
export function registerRequestCamelizer(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const url = request.url;
    if (url.startsWith("/api/graphql") || url.startsWith("/api/webhooks/") || url.startsWith("/auth/"))
      return;
    if (request.body && typeof request.body === "object" && !Buffer.isBuffer(request.body))
      request.body = camelizeKeys(request.body);
    // Fastify's parsed query has a prototype of its own (not Object's): copy it into a plain object.
    if (request.query && typeof request.query === "object")
      request.query = camelizeKeys({ ...(request.query as Record<string, unknown>) });
  });
}
