import { BILLING_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas } from "../../../test/factories.ts";
import { type StripeStandIn, startStripeStandIn } from "../../../test/standins/stripe.ts";
import {
  billingEvents,
  billingInvoices,
  checkoutSessions,
  subscriptionStatusChanges,
  subscriptions,
  workspaceBilling,
} from "../../db/schema/index.ts";
import { call, outcome } from "../sandboxes/testing.ts";
import { teamBilling } from "./testing.ts";

let stripe: StripeStandIn;
let app: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await testApp({ ...stripe.env, BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await stripe.close();
});

function deliver(payload: string, signature?: string) {
  return app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    payload,
  });
}

async function send(type: string, object: unknown) {
  const event = stripe.event(type, object);
  const response = await deliver(event.payload, event.signature);
  expect(response.statusCode, response.body).toBe(200);
  return { event, body: response.json() as { received: boolean; duplicate: boolean } };
}

/** A workspace checked out at Stripe (session created through Boxyard, paid at the stand-in, webhook delivered). */
async function subscribed(team: Personas, body: Record<string, unknown> = {}) {
  const started = await call(
    app,
    team.admin,
    "POST",
    "/api/checkout",
    { team_id: team.workspaceId, plan: "flex", billing_interval: "monthly", ...body },
    { "x-boxyard-api-version": "2024-01-20" },
  );
  expect(started.statusCode, started.body).toBe(200);
  const sessionId = started.json().stripeCheckoutUrl.split("/").pop();
  const { session, subscription } = stripe.completeCheckout(sessionId);
  await send("checkout.session.completed", session);
  return subscription;
}

const statusChanges = async (providerId: string) => {
  const [row] = await app.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerId));
  return app.deps.db
    .select()
    .from(subscriptionStatusChanges)
    .where(eq(subscriptionStatusChanges.subscriptionId, row!.id));
};

describe("checkout with Stripe", () => {
  it("S2-7.023 / checkout makes a Stripe customer for the workspace and a checkout session with the plan's and add-ons' prices; the answer is Stripe's page", async () => {
    const team = await personas(app);
    const response = await call(
      app,
      team.admin,
      "POST",
      "/api/v1/checkout",
      {
        team_id: team.workspaceId,
        plan: "builder",
        billing_interval: "yearly",
        addons: ["credits_500", "credits_500", "credits_24000"],
        success_path: "/dashboard/recent",
        cancel_path: "/upgrade",
      },
      { "x-boxyard-api-version": "2024-01-20" },
    );
    expect(response.statusCode).toBe(200);
    const url: string = response.json().stripeCheckoutUrl;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(url.split("/").pop()!)!;
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: team.workspaceId,
      success_url: "http://localhost:3000/dashboard/recent",
      cancel_url: "http://localhost:3000/upgrade",
      metadata: { workspace_id: team.workspaceId },
      subscription_data: { metadata: { workspace_id: team.workspaceId, usage_based: "true" } },
    });
    expect(session.line_items).toEqual([
      { price: stripe.prices.builder_yearly.id, quantity: "1" },
      { price: stripe.prices.credits_500_yearly.id, quantity: "2" },
      { price: stripe.prices.credits_24000_yearly.id, quantity: "1" },
    ]);
    const customer = stripe.customers.get(session.customer as string)!;
    expect(customer).toMatchObject({ email: team.admin.email, metadata: { workspace_id: team.workspaceId } });
    const [billing] = await app.deps.db
      .select()
      .from(workspaceBilling)
      .where(eq(workspaceBilling.workspaceId, team.workspaceId));
    expect(billing!.stripeCustomerId).toBe(customer.id);
    // The same customer is used again, not a new one.
    await call(
      app,
      team.admin,
      "POST",
      "/api/checkout",
      { team_id: team.workspaceId, plan: "flex" },
      { "x-boxyard-api-version": "2024-01-20" },
    );
    expect(
      [...stripe.customers.values()].filter(
        (c) => (c.metadata as Record<string, string>).workspace_id === team.workspaceId,
      ),
    ).toHaveLength(1);
  });

  it("S2-7.023 / S1-6.014 / a signed checkout.session.completed makes the workspace Pro; the same event delivered again changes nothing", async () => {
    const team = await personas(app);
    const started = await call(
      app,
      team.admin,
      "POST",
      "/api/checkout",
      { team_id: team.workspaceId, plan: "flex", addons: ["credits_4000"] },
      { "x-boxyard-api-version": "2024-01-20" },
    );
    const sessionId = started.json().stripeCheckoutUrl.split("/").pop();
    const { session, subscription } = stripe.completeCheckout(sessionId);
    const { event, body } = await send("checkout.session.completed", session);
    expect(body).toEqual({ received: true, duplicate: false });
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription).toMatchObject({
      status: "ACTIVE",
      paymentProvider: "STRIPE",
      billingInterval: "MONTHLY",
      unitPrice: 1200,
      paymentMethodAttached: true,
    });
    expect(after.subscriptionSchedule!.current.items.map((i) => i.name)).toEqual(["flex", "credits_4000"]);
    expect(after.limits.includedCredits).toBe(5000);

    const replay = await deliver(event.payload, event.signature);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Stripe also sends the subscription's own event; it agrees, and it too counts once.
    await send("customer.subscription.created", subscription);
    const again = stripe.event("customer.subscription.created", subscription);
    await deliver(again.payload, again.signature);
    await deliver(again.payload, again.signature);
    expect(await statusChanges(subscription.id)).toHaveLength(1);
    const rows = await app.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, team.workspaceId));
    expect(rows).toHaveLength(1);
    const seen = await app.deps.db.select().from(billingEvents).where(eq(billingEvents.eventId, event.id));
    expect(seen).toHaveLength(1);
  });

  it("S2-8.009 / a forged webhook (no signature, a wrong one, another secret, a changed body) is refused and changes nothing", async () => {
    const team = await personas(app);
    const started = await call(
      app,
      team.admin,
      "POST",
      "/api/checkout",
      { team_id: team.workspaceId, plan: "flex" },
      {
        "x-boxyard-api-version": "2024-01-20",
      },
    );
    const { session } = stripe.completeCheckout(started.json().stripeCheckoutUrl.split("/").pop());
    const genuine = stripe.event("checkout.session.completed", session);
    const other = await startStripeStandIn();
    const foreign = other.event("checkout.session.completed", session);
    await other.close();
    for (const [payload, signature] of [
      [genuine.payload, undefined],
      [genuine.payload, "t=1,v1=deadbeef"],
      [foreign.payload, foreign.signature],
      [genuine.payload.replace(team.workspaceId, "00000000-0000-4000-8000-000000000000"), genuine.signature],
    ] as const) {
      const response = await deliver(payload, signature);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.webhookSignature] } });
    }
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription).toBeNull();
    expect(
      await app.deps.db.select().from(billingEvents).where(eq(billingEvents.eventId, genuine.id)),
    ).toEqual([]);
  });
});

describe("the subscription's life at Stripe", () => {
  it("S2-4.012 / S2-6.005 / past due is a payment problem (UNPAID, Free limits); the failed invoice's page is the update-billing URL, for billing managers only; paying it restores Pro", async () => {
    const team = await personas(app);
    const subscription = await subscribed(team);
    await send("customer.subscription.updated", { ...subscription, status: "past_due" });
    const unpaid = await teamBilling(app, team.admin, team.workspaceId);
    expect(unpaid.subscription.status).toBe("UNPAID");
    expect(unpaid.limits.includedCredits).toBe(400);
    const invoice = {
      id: "in_failed_1",
      object: "invoice",
      customer: subscription.customer,
      number: "BOX-0001",
      status: "open",
      currency: "usd",
      total: 1200,
      total_excluding_tax: 1200,
      period_start: Math.floor(Date.now() / 1000),
      period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
      hosted_invoice_url: "https://invoice.stripe.test/i/in_failed_1",
      lines: { object: "list", data: [{ description: "1 × Pro", quantity: 1, amount: 1200 }] },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
    };
    await send("invoice.payment_failed", invoice);
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription.updateBillingUrl).toBe(
      "https://invoice.stripe.test/i/in_failed_1",
    );
    expect((await teamBilling(app, team.writer, team.workspaceId)).subscription.updateBillingUrl).toBeNull();
    await send("invoice.paid", { ...invoice, status: "paid" });
    await send("customer.subscription.updated", { ...subscription, status: "active" });
    const paid = await teamBilling(app, team.admin, team.workspaceId);
    expect(paid.subscription).toMatchObject({ status: "ACTIVE", updateBillingUrl: null });
    expect(paid.limits.includedCredits).toBe(1000);
    const invoices = await app.deps.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.workspaceId, team.workspaceId));
    expect(invoices.map((i) => [i.providerInvoiceId, i.status])).toEqual([["in_failed_1", "paid"]]);
    expect((await statusChanges(subscription.id)).map((c) => c.toStatus)).toEqual([
      "ACTIVE",
      "UNPAID",
      "ACTIVE",
    ]);
  });

  it("S2-4.014 / incomplete, trialing and deleted subscriptions: not Pro; deleted is CANCELLED and the workspace may check out again", async () => {
    const team = await personas(app);
    const subscription = await subscribed(team);
    await send("customer.subscription.updated", { ...subscription, status: "incomplete" });
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription.status).toBe("INCOMPLETE");
    await send("customer.subscription.updated", {
      ...subscription,
      status: "trialing",
      trial_start: 1,
      trial_end: 2,
    });
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription).toMatchObject({
      status: "TRIALING",
      trialStart: "1970-01-01T00:00:01.000Z",
    });
    await send("customer.subscription.deleted", { ...subscription, status: "canceled", canceled_at: 3 });
    const ended = await teamBilling(app, team.admin, team.workspaceId);
    expect(ended.subscription.status).toBe("CANCELLED");
    expect(ended.limits.includedCredits).toBe(400);
    const again = await call(
      app,
      team.admin,
      "POST",
      "/api/checkout",
      { team_id: team.workspaceId, plan: "flex" },
      {
        "x-boxyard-api-version": "2024-01-20",
      },
    );
    expect(again.statusCode).toBe(200);
  });

  it("an event about a workspace Boxyard does not know, or of a kind it does not use, is recorded as seen and changes nothing", async () => {
    const team = await personas(app);
    const known = await subscribed(team);
    const stranger = { ...known, id: "sub_stranger", customer: "cus_stranger", metadata: {} };
    const { body } = await send("customer.subscription.updated", stranger);
    expect(body).toEqual({ received: true, duplicate: false });
    expect(
      await app.deps.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, "sub_stranger")),
    ).toEqual([]);
    const { body: ignored } = await send("payment_intent.created", { id: "pi_1", object: "payment_intent" });
    expect(ignored).toEqual({ received: true, duplicate: false });
  });
});

describe("plan changes and the portal at Stripe", () => {
  it("S2-4.010 / S2-3.011 / the preview is Stripe's invoice preview; an upgrade updates the subscription at once with a new cycle", async () => {
    const team = await personas(app);
    const subscription = await subscribed(team);
    const vars = { teamId: team.workspaceId, plan: "builder" };
    const preview = await gql<{
      previewUpdateUsageSubscriptionPlan: { total: number; updateMoment: string };
    }>(
      app,
      team.admin,
      `mutation($teamId: UUID4!, $plan: String!) { previewUpdateUsageSubscriptionPlan(teamId: $teamId, plan: $plan) { total totalExcludingTax updateMoment } }`,
      vars,
    );
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.previewUpdateUsageSubscriptionPlan.updateMoment).toBe("IMMEDIATELY");
    expect(preview.data!.previewUpdateUsageSubscriptionPlan.total).toBeGreaterThan(17000 - 1200 - 1);
    const previewRequest = stripe.requests.filter((r) => r.path === "/v1/invoices/create_preview").pop()!;
    expect(previewRequest.body).toMatchObject({
      subscription: subscription.id,
      subscription_details: { proration_behavior: "always_invoice", billing_cycle_anchor: { type: "now" } },
    });
    const updated = await gql(
      app,
      team.admin,
      `mutation($teamId: UUID4!, $plan: String!) { updateUsageSubscriptionPlan(teamId: $teamId, plan: $plan) }`,
      vars,
    );
    expect(updated.errors).toBeUndefined();
    expect(stripe.subscriptions.get(subscription.id)!.items.data.map((i) => i.price.id)).toEqual([
      stripe.prices.builder_monthly.id,
    ]);
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription.unitPrice).toBe(17000);
    expect(after.limits.includedCredits).toBe(1600);
  });

  it("S2-4.010 / a downgrade goes into a Stripe subscription schedule from the next bill date", async () => {
    const team = await personas(app);
    const subscription = await subscribed(team, { plan: "builder" });
    const r = await gql(
      app,
      team.admin,
      `mutation($teamId: UUID4!) { updateUsageSubscriptionPlan(teamId: $teamId, plan: "flex") }`,
      { teamId: team.workspaceId },
    );
    expect(r.errors).toBeUndefined();
    const scheduleId = stripe.subscriptions.get(subscription.id)!.schedule!;
    const schedule = stripe.schedules.get(scheduleId)!;
    const phases = schedule.phases as { start_date: number; end_date: number; items: { price: string }[] }[];
    expect(phases.map((p) => p.items.map((i) => i.price))).toEqual([
      [stripe.prices.builder_monthly.id],
      [stripe.prices.flex_monthly.id],
    ]);
    expect(phases[1]!.start_date).toBe(subscription.items.data[0]!.current_period_end);
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.limits.includedCredits).toBe(1600);
    expect(after.subscriptionSchedule!.upcoming!.items.map((i) => i.name)).toEqual(["flex"]);
    // Stripe releasing the schedule (e.g. from its dashboard) removes the upcoming phase.
    await send("subscription_schedule.released", {
      ...schedule,
      status: "released",
      subscription: null,
      released_subscription: subscription.id,
    });
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscriptionSchedule!.upcoming).toBeNull();
  });

  it("S2-7.017 / S2-7.024 / the customer portal is a Stripe portal session for the workspace's customer", async () => {
    const team = await personas(app);
    await subscribed(team);
    const response = await call(
      app,
      team.admin,
      "GET",
      `/api/v1/teams/${team.workspaceId}/customer_portal?return_path=/dashboard/recent`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().stripeCustomerPortalUrl).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/session\/bps_/,
    );
    const request = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").pop()!;
    const [billing] = await app.deps.db
      .select()
      .from(workspaceBilling)
      .where(eq(workspaceBilling.workspaceId, team.workspaceId));
    expect(request.body).toEqual({
      customer: billing!.stripeCustomerId,
      return_url: "http://localhost:3000/dashboard/recent",
    });
    // Local cancelling is for local subscriptions; Stripe's are cancelled in its portal.
    const cancel = await call(
      app,
      team.admin,
      "POST",
      `/api/v1/teams/${team.workspaceId}/billing/cancel`,
      {},
    );
    expect(cancel.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.managedByProvider] } });
  });

  it("S2-8.009 / when Stripe fails, checkout answers a clear error and records nothing", async () => {
    const team = await personas(app);
    stripe.failNext(4);
    const response = await call(
      app,
      team.admin,
      "POST",
      "/api/checkout",
      { team_id: team.workspaceId, plan: "flex" },
      {
        "x-boxyard-api-version": "2024-01-20",
      },
    );
    stripe.failNext(0);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.providerFailed] } });
    expect(
      await app.deps.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.workspaceId, team.workspaceId)),
    ).toEqual([]);
    const preview = await gql(
      app,
      team.admin,
      `mutation($teamId: UUID4!) { previewUpdateUsageSubscriptionPlan(teamId: $teamId, plan: "flex") { total } }`,
      { teamId: team.workspaceId },
    );
    expect(outcome(preview)).toBe("INVALID");
  });
});
