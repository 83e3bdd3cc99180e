import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runQuery, unparsed } from "../../service/context.ts";
import { receiveStripeEvent } from "./stripe-webhook.service.ts";

/**
 * `POST /api/webhooks/stripe`: Stripe's events, applied once each. No session or client marker is
 * involved (the signature authenticates); the body stays raw for the signature.
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/webhooks/stripe",
      {
        schema: routeDoc({ tag: "billing", summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET)" }),
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const event = await runQuery(
          deps,
          null,
          receiveStripeEvent,
          unparsed({
            payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            signature: Array.isArray(signature) ? signature[0] : signature,
          }),
        );
        request.log.info({ event: event.id, type: event.type, duplicate: event.duplicate }, "stripe webhook");
        return { received: true, duplicate: event.duplicate };
      },
    );
  });
}
