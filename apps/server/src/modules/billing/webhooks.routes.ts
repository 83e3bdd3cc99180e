import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { applyBillingEvents } from "./billing-events.ts";

/**
 * `POST /api/webhooks/stripe`: Stripe's events, verified with the webhook signing secret on the raw
 * body, applied once each (a delivery repeated or replayed changes nothing the second time). Only
 * with Stripe configured; no session or client marker is involved (the signature authenticates).
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post("/api/webhooks/stripe", async (request) => {
      if (deps.payments.provider !== "stripe") throw notFound("Not found.");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["stripe-signature"];
      const event = await deps.payments.parseWebhook(
        raw,
        Array.isArray(signature) ? signature[0] : signature,
      );
      const applied = await deps.db.transaction((tx) =>
        applyBillingEvents(tx, deps.config, "stripe", [event]),
      );
      request.log.info(
        { event: event.id, type: event.type, duplicate: applied.length === 0 },
        "stripe webhook",
      );
      return { received: true, duplicate: applied.length === 0 };
    });
  });
}
