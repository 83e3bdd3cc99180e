import { camelizeKeys } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";

/** REST requests arrive with snake_case keys; handlers see camelCase. Responses are written in camelCase. */
export function registerRequestCamelizer(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (request.url.startsWith("/api/graphql") || request.url.startsWith("/api/webhooks/")) return;
    if (request.body && typeof request.body === "object") request.body = camelizeKeys(request.body);
    // Fastify's parsed query is an object without Object's prototype: copy it into a plain one first.
    if (request.query && typeof request.query === "object")
      request.query = camelizeKeys({ ...request.query });
  });
}
