import { camelizeKeys } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";

/** REST requests arrive with snake_case keys; handlers see camelCase. Responses are written in camelCase. */
export function registerRequestCamelizer(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (request.url.startsWith("/api/graphql") || request.url.startsWith("/api/webhooks/")) return;
    if (request.body && typeof request.body === "object") request.body = camelizeKeys(request.body);
    // Fastify's parsed query has a prototype of its own: copied into a plain object, its keys convert too.
    if (request.query && typeof request.query === "object")
      request.query = camelizeKeys({ ...request.query });
  });
}
