import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { teamInput, workspaceIdOf } from "./billing.schema.ts";
import {
  cancelCheckout,
  checkoutView,
  confirmCheckout,
  customerPortal,
  startCheckout,
} from "./checkout.service.ts";
import { billing, cancelSubscription, resumeSubscription } from "./overview.service.ts";
import { apiVersion, PRICES_DEFAULT_VERSION, pricesBody } from "./prices.ts";

/** The checkout version of the usage-based plans (spec 2 §7); older requests buy legacy per-seat Pro. */
export const CHECKOUT_USAGE_VERSION = "2024-01-20";

const sessionParams = z.object({ sessionId: z.string() });

function teamIdOf(params: unknown): string {
  return workspaceIdOf(parseOrInvalid(teamInput, params).teamId);
}

/**
 * Billing's REST routes (spec 2 §7; api-contract §13): prices, checkout, the customer portal, and
 * the local adapter's checkout page and billing page.
 */
export function registerBillingRoutes(app: FastifyInstance, deps: Deps) {
  /** Anyone may read the prices (the plans page shows them to signed-out visitors too). */
  for (const path of ["/api/v1/prices", "/api/prices"]) {
    app.get(path, async (request, reply) => {
      const version = apiVersion(request.headers["x-boxyard-api-version"], PRICES_DEFAULT_VERSION);
      reply.header("cache-control", "public, max-age=3600");
      reply.header("vary", "x-boxyard-api-version");
      return pricesBody(version);
    });
  }

  for (const path of ["/api/v1/checkout", "/api/checkout"]) {
    app.post(path, async (request) => {
      const viewer = requireViewer(request);
      const version = apiVersion(request.headers["x-boxyard-api-version"], "2023-08-15");
      const variant = version >= CHECKOUT_USAGE_VERSION ? "usage" : "legacy";
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { url } = await startCheckout(deps, viewer.userId, body, variant);
      return { stripeCheckoutUrl: url };
    });
  }

  app.get("/api/v1/teams/:teamId/customer_portal", async (request, reply) => {
    const viewer = requireViewer(request);
    const teamId = teamIdOf(request.params);
    const query = request.query as { returnPath?: unknown };
    reply.header("cache-control", "no-store");
    return { stripeCustomerPortalUrl: await customerPortal(deps, viewer.userId, teamId, query.returnPath) };
  });

  // The local adapter's checkout page reads, confirms or abandons its order here.
  app.get("/api/v1/billing/checkout/:sessionId", async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header("cache-control", "no-store");
    return checkoutView(deps.db, viewer.userId, parseOrInvalid(sessionParams, request.params).sessionId);
  });
  app.post("/api/v1/billing/checkout/:sessionId/confirm", async (request) => {
    const viewer = requireViewer(request);
    return confirmCheckout(deps, viewer.userId, parseOrInvalid(sessionParams, request.params).sessionId);
  });
  app.post("/api/v1/billing/checkout/:sessionId/cancel", async (request) => {
    const viewer = requireViewer(request);
    return cancelCheckout(deps, viewer.userId, parseOrInvalid(sessionParams, request.params).sessionId);
  });

  // The billing overview (the local customer portal): plan, subscription, credits, invoices.
  app.get("/api/v1/teams/:teamId/billing", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return runQuery(deps, request.viewer, billing, unparsed(request.params));
  });
  app.post("/api/v1/teams/:teamId/billing/cancel", async (request) =>
    runCommand(deps, request.viewer, cancelSubscription, unparsed(request.params)),
  );
  app.post("/api/v1/teams/:teamId/billing/resume", async (request) =>
    runCommand(deps, request.viewer, resumeSubscription, unparsed(request.params)),
  );
}
