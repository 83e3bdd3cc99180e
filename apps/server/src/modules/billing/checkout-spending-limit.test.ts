import {
  BILLING_MESSAGES,
  spendingLimitInvalidMessage,
  spendingLimitTooHighMessage,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, type TestUser } from "../../../test/factories.ts";
import { type StripeStandIn, startStripeStandIn } from "../../../test/standins/stripe.ts";
import { checkoutSessions } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { teamBilling } from "./testing.ts";

const USAGE_VERSION = { "x-boxyard-api-version": "2024-01-20" };

const checkout = (app: TestApp, user: TestUser, teamId: string, body: Record<string, unknown> = {}) =>
  call(
    app,
    user,
    "POST",
    "/api/checkout",
    { team_id: teamId, plan: "flex", billing_interval: "monthly", ...body },
    USAGE_VERSION,
  );

const setLimit = (app: TestApp, user: TestUser, teamId: string, limit: number) =>
  gql(app, user, "mutation($t: UUID4!, $l: Int!) { setTeamLimits(teamId: $t, onDemandSpendingLimit: $l) }", {
    t: teamId,
    l: limit,
  });

const limitOf = async (app: TestApp, team: Personas) =>
  (await teamBilling(app, team.admin, team.workspaceId)).limits.onDemandSpendingLimit;

const sessionsOf = (app: TestApp, workspaceId: string) =>
  app.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, workspaceId));

describe("the spending limit chosen while upgrading, with Boxyard's own checkout page", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
  });

  it("S2-5.009 S2-9.007 S2-2.043 / a free workspace checking out Pro may choose up to $1,000; the limit starts when the order is confirmed", async () => {
    const team = await personas(app);
    // On Free the limit stops at $100...
    const free = await setLimit(app, team.admin, team.workspaceId, 250);
    expect(free.errors?.[0]?.message).toBe(spendingLimitTooHighMessage(100));

    // ...while a checkout for Pro is checked against Pro's maximum.
    const cases: [unknown, string][] = [
      [1001, spendingLimitTooHighMessage(1000)],
      [-5, spendingLimitInvalidMessage(1000)],
      [2.5, "The spending limit is a whole number."],
      ["250", "The spending limit is a number."],
    ];
    for (const [value, message] of cases) {
      const refused = await checkout(app, team.admin, team.workspaceId, { spending_limit: value });
      expect(refused.statusCode, String(value)).toBe(422);
      expect(refused.json()).toEqual({ errors: { spendingLimit: [message] } });
    }
    expect(await sessionsOf(app, team.workspaceId)).toHaveLength(0);

    const started = await checkout(app, team.admin, team.workspaceId, { spending_limit: 1000 });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = started.json().stripeCheckoutUrl.split("/").pop();
    const view = await call(app, team.admin, "GET", `/api/v1/billing/checkout/${sessionId}`);
    expect(view.json()).toMatchObject({ spendingLimit: 1000, plan: "flex" });
    // Nothing changes before the order is confirmed.
    expect(await limitOf(app, team)).toBe(0);

    const confirmed = await call(
      app,
      team.admin,
      "POST",
      `/api/v1/billing/checkout/${sessionId}/confirm`,
      {},
    );
    expect(confirmed.statusCode).toBe(200);
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription.status).toBe("ACTIVE");
    expect(after.limits.onDemandSpendingLimit).toBe(1000);
  });

  it("S2-5.009 / a checkout without a limit keeps the workspace's own; an abandoned checkout sets nothing", async () => {
    const team = await personas(app);
    expect((await setLimit(app, team.admin, team.workspaceId, 40)).data).toEqual({ setTeamLimits: true });

    const abandoned = await checkout(app, team.admin, team.workspaceId, { spending_limit: 500 });
    const abandonedId = abandoned.json().stripeCheckoutUrl.split("/").pop();
    await call(app, team.admin, "POST", `/api/v1/billing/checkout/${abandonedId}/cancel`, {});
    expect(await limitOf(app, team)).toBe(40);

    const started = await checkout(app, team.admin, team.workspaceId);
    const sessionId = started.json().stripeCheckoutUrl.split("/").pop();
    expect(
      (await call(app, team.admin, "GET", `/api/v1/billing/checkout/${sessionId}`)).json(),
    ).toMatchObject({
      spendingLimit: null,
    });
    await call(app, team.admin, "POST", `/api/v1/billing/checkout/${sessionId}/confirm`, {});
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription.status).toBe("ACTIVE");
    expect(await limitOf(app, team)).toBe(40);
  });

  it("S2-6.004 / members who do not manage billing cannot check out with a limit; nothing is recorded", async () => {
    const team = await personas(app);
    for (const user of [team.writer, team.reader]) {
      const refused = await checkout(app, user, team.workspaceId, { spending_limit: 300 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.billingForbidden] } });
    }
    const outsider = await checkout(app, team.outsider, team.workspaceId, { spending_limit: 300 });
    expect(outsider.json()).toEqual({ errors: { detail: [WORKSPACE_MESSAGES.notFound] } });
    expect(await sessionsOf(app, team.workspaceId)).toHaveLength(0);
    expect(await limitOf(app, team)).toBe(0);
  });
});

describe("the spending limit chosen while upgrading, at Stripe", () => {
  let stripe: StripeStandIn;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    app = await testApp({ ...stripe.env, BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
  });
  afterAll(async () => {
    await stripe.close();
  });

  it("S2-5.009 S2-7.025 / the limit sent with the checkout is set by the signed checkout.session.completed webhook", async () => {
    const team = await personas(app);
    const started = await checkout(app, team.admin, team.workspaceId, { spending_limit: 600 });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = started.json().stripeCheckoutUrl.split("/").pop();
    expect(await limitOf(app, team)).toBe(0);

    const { session } = stripe.completeCheckout(sessionId);
    const event = stripe.event("checkout.session.completed", session);
    const delivered = await app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      payload: event.payload,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription.status).toBe("ACTIVE");
    expect(after.limits.onDemandSpendingLimit).toBe(600);
  });
});
