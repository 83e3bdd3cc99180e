import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { checkoutInput, customerPortalInput } from "./billing.schema.ts";
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

/**
 * Billing's REST routes (spec 2 §7; api-contract §13): prices, checkout, the customer portal, and
 * the local adapter's checkout page and billing page.
 */
export function registerBillingRoutes(app: FastifyInstance, deps: Deps) {
  /** Anyone may read the prices (the plans page shows them to signed-out visitors too). */
  const pricesDoc = {
    schema: routeDoc({
      tag: "billing",
      summary:
        "The plans' and add-ons' prices in cents (camelCase keys with x-boxyard-api-version 2024-12-09)",
    }),
  };
  for (const path of ["/api/v1/prices", "/api/prices"]) {
    app.get(path, pricesDoc, async (request, reply) => {
      const version = apiVersion(request.headers["x-boxyard-api-version"], PRICES_DEFAULT_VERSION);
      reply.header("cache-control", "public, max-age=3600");
      reply.header("vary", "x-boxyard-api-version");
      return pricesBody(version);
    });
  }

  const checkoutDoc = {
    schema: routeDoc({
      tag: "billing",
      summary: "Starts a checkout of a paid plan for a workspace; answers the checkout page's address",
      description:
        "With x-boxyard-api-version 2024-01-20 or later: a plan, interval and add-ons; before: legacy per-seat Pro (recurring_interval). A spending_limit (whole dollars, up to the paid plan's 1000) is set when the checkout completes.",
      body: checkoutInput.omit({ variant: true }),
    }),
  };
  for (const path of ["/api/v1/checkout", "/api/checkout"]) {
    app.post(path, checkoutDoc, async (request) => {
      const version = apiVersion(request.headers["x-boxyard-api-version"], "2023-08-15");
      const variant = version >= CHECKOUT_USAGE_VERSION ? "usage" : "legacy";
      const input = unparsed({ ...bodyObject(request.body), variant });
      const { url } = await runQuery(deps, request.viewer, startCheckout, input);
      return { stripeCheckoutUrl: url };
    });
  }

  app.get(
    "/api/v1/teams/:teamId/customer_portal",
    {
      schema: routeDoc({
        tag: "billing",
        summary: "The workspace's billing portal address",
        querystring: customerPortalInput.omit({ teamId: true }),
      }),
    },
    async (request, reply) => {
      const { returnPath } = request.query as { returnPath?: unknown };
      reply.header("cache-control", "no-store");
      const input = unparsed({ ...(request.params as object), returnPath });
      return { stripeCustomerPortalUrl: await runQuery(deps, request.viewer, customerPortal, input) };
    },
  );

  // The local adapter's checkout page reads, confirms or abandons its order here.
  app.get(
    "/api/v1/billing/checkout/:sessionId",
    { schema: routeDoc({ tag: "billing", summary: "An order of Boxyard's own checkout page" }) },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return runQuery(deps, request.viewer, checkoutView, unparsed(request.params));
    },
  );
  app.post(
    "/api/v1/billing/checkout/:sessionId/confirm",
    { schema: routeDoc({ tag: "billing", summary: "Confirms an order of Boxyard's own checkout page" }) },
    async (request) => runCommand(deps, request.viewer, confirmCheckout, unparsed(request.params)),
  );
  app.post(
    "/api/v1/billing/checkout/:sessionId/cancel",
    { schema: routeDoc({ tag: "billing", summary: "Abandons an order of Boxyard's own checkout page" }) },
    async (request) => runCommand(deps, request.viewer, cancelCheckout, unparsed(request.params)),
  );

  // The billing overview (the local customer portal): plan, subscription, credits, invoices.
  app.get(
    "/api/v1/teams/:teamId/billing",
    {
      schema: routeDoc({
        tag: "billing",
        summary: "The workspace's plan, subscription, credits and invoices",
      }),
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return runQuery(deps, request.viewer, billing, unparsed(request.params));
    },
  );
  app.post(
    "/api/v1/teams/:teamId/billing/cancel",
    { schema: routeDoc({ tag: "billing", summary: "Cancels the subscription at the end of its cycle" }) },
    async (request) => runCommand(deps, request.viewer, cancelSubscription, unparsed(request.params)),
  );
  app.post(
    "/api/v1/teams/:teamId/billing/resume",
    { schema: routeDoc({ tag: "billing", summary: "Resumes a subscription set to cancel" }) },
    async (request) => runCommand(deps, request.viewer, resumeSubscription, unparsed(request.params)),
  );
}
