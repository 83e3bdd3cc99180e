import { BILLING_MESSAGES, UNLIMITED, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import {
  addMember,
  type Personas,
  personas,
  setFrozen,
  signUp,
  type TestUser,
} from "../../../test/factories.ts";
import { checkoutSessions } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { subscribe, teamBilling } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" }); // many sign-ups in one file
  p = await personas(app);
});

const USAGE_VERSION = { "x-boxyard-api-version": "2024-01-20" };

function checkout(
  user: TestUser | null,
  body: Record<string, unknown>,
  headers: Record<string, string> = USAGE_VERSION,
) {
  return call(app, user, "POST", "/api/checkout", body, headers);
}

const sessionIdOf = (url: string) => url.split("/").pop()!;

async function sessionCount(workspaceId: string) {
  return (
    await app.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, workspaceId))
  ).length;
}

describe("prices", () => {
  it("S2-7.015 / GET /api/v1/prices: the plans and add-ons in cents, raw snake_case keys by default (2023-08-15); anyone may read", async () => {
    for (const url of ["/api/v1/prices", "/api/prices"]) {
      for (const user of [null, p.outsider]) {
        const response = await call(app, user, "GET", url);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.base.flex).toEqual({
          cost_month: 1200,
          cost_year: 10800,
          credits: 1000,
          drafts: UNLIMITED,
          members: 20,
          sandboxes: UNLIMITED,
          storage: 50,
          vm_tier: 4,
        });
        expect(body.base.builder).toMatchObject({ cost_month: 17000, cost_year: 142800, credits: 1600 });
        expect(Object.keys(body.base)).toEqual(["flex", "builder"]);
        expect(body.addons).toEqual({
          credits_500: { credits: 500, cost_month: 900, cost_year: 10800, sandboxes: 0 },
          credits_4000: { credits: 4000, cost_month: 5000, cost_year: 60000, sandboxes: 0 },
          credits_24000: { credits: 24000, cost_month: 21600, cost_year: 259200, sandboxes: 0 },
        });
      }
    }
  });

  it("S2-7.015 / with x-boxyard-api-version 2024-12-09 (the dashboard's) the keys are camelCase and the ids stay; a bad version is refused", async () => {
    const response = await call(app, null, "GET", "/api/v1/prices", undefined, {
      "x-boxyard-api-version": "2024-12-09",
    });
    const body = response.json();
    expect(body.base.builder).toMatchObject({ costMonth: 17000, costYear: 142800, vmTier: 4 });
    expect(body.addons.credits_24000).toEqual({
      credits: 24000,
      costMonth: 21600,
      costYear: 259200,
      sandboxes: 0,
    });
    const bad = await call(app, null, "GET", "/api/v1/prices", undefined, {
      "x-boxyard-api-version": "latest",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.unknownApiVersion("latest")] } });
  });
});

describe("checkout through Boxyard's own checkout page (no Stripe)", () => {
  it("S2-8.009 / without Stripe there is no Stripe webhook to call", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(404);
  });

  it("S2-7.023 / S2-4.010 / S2-2.010 / S1-3.007 / S1-3.008 / S2-3.014 / S2-3.017 / an admin checks out a free workspace, confirms the order on the local page and the workspace is Pro with its add-ons", async () => {
    const team = await personas(app);
    const before = await teamBilling(app, team.admin, team.workspaceId);
    expect(before.subscription).toBeNull();
    expect(before.limits.includedCredits).toBe(400);

    const started = await checkout(team.admin, {
      team_id: team.workspaceId,
      plan: "flex",
      billing_interval: "monthly",
      addons: ["credits_500", "credits_4000", "credits_500"],
      success_path: "/dashboard/recent?new_workspace=true",
      cancel_path: "/upgrade?workspace=x",
    });
    expect(started.statusCode).toBe(200);
    const { stripeCheckoutUrl } = started.json();
    expect(stripeCheckoutUrl).toMatch(/^http:\/\/localhost:3000\/billing\/checkout\/cs_local_[0-9a-f]{32}$/);
    const sessionId = sessionIdOf(stripeCheckoutUrl);

    const view = await call(app, team.admin, "GET", `/api/v1/billing/checkout/${sessionId}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id: sessionId,
      status: "open",
      provider: "local",
      workspace: { id: team.workspaceId },
      plan: "flex",
      planName: "Pro",
      billingInterval: "MONTHLY",
      usageBased: true,
      amountTotal: 1200 + 2 * 900 + 5000,
      package: {
        basePlan: { id: "flex", credits: 1000, price: 1200 },
        addonItems: [
          { id: "credits_500", credits: 500, price: 900, quantity: 2 },
          { id: "credits_4000", credits: 4000, price: 5000, quantity: 1 },
        ],
        totalCredits: 1000 + 1000 + 4000,
        totalPrice: 8000,
      },
      successUrl: "http://localhost:3000/dashboard/recent?new_workspace=true",
      cancelUrl: "http://localhost:3000/upgrade?workspace=x",
    });
    // Nothing is bought until the order is confirmed.
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription).toBeNull();

    const confirmed = await call(
      app,
      team.admin,
      "POST",
      `/api/v1/billing/checkout/${sessionId}/confirm`,
      {},
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      redirectUrl: "http://localhost:3000/dashboard/recent?new_workspace=true",
    });

    const after = await teamBilling(app, team.writer, team.workspaceId);
    expect(after.subscription).toMatchObject({
      type: "TEAM_PRO",
      status: "ACTIVE",
      origin: null,
      paymentProvider: null,
      billingInterval: "MONTHLY",
      currency: "usd",
      quantity: 1,
      unitPrice: 1200,
      cancelAtPeriodEnd: false,
      paymentMethodAttached: true,
      updateBillingUrl: null,
    });
    const nextBill = new Date(after.subscription.nextBillDate!).getTime();
    expect(nextBill).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect(after.subscriptionSchedule!.current.items).toEqual([
      { name: "flex", quantity: 1, unitAmount: 1200, unitAmountDecimal: "1200" },
      { name: "credits_500", quantity: 2, unitAmount: 900, unitAmountDecimal: "900" },
      { name: "credits_4000", quantity: 1, unitAmount: 5000, unitAmountDecimal: "5000" },
    ]);
    expect(after.subscriptionSchedule!.upcoming).toBeNull();
    expect(after.limits).toMatchObject({
      includedCredits: 6000,
      includedVmTier: 4,
      includedMembers: 20,
      includedPrivateSandboxes: UNLIMITED,
      includedDrafts: UNLIMITED,
    });
    expect(after.featureFlags).toEqual({ ubbBeta: true, friendOfCsb: false });

    const overview = await call(app, team.admin, "GET", `/api/v1/teams/${team.workspaceId}/billing`);
    expect(overview.json()).toMatchObject({
      provider: "local",
      plan: { id: "flex", name: "Pro" },
      pro: true,
    });
    expect(overview.json().invoices).toHaveLength(1);
    expect(overview.json().invoices[0]).toMatchObject({ status: "paid", total: 8000, currency: "usd" });

    // A checkout confirms once.
    const again = await call(app, team.admin, "POST", `/api/v1/billing/checkout/${sessionId}/confirm`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.checkoutClosed] } });
    expect(
      (await call(app, team.admin, "GET", `/api/v1/teams/${team.workspaceId}/billing`)).json().invoices,
    ).toHaveLength(1);

    // A workspace with a running subscription changes its plan instead of checking out again.
    const second = await checkout(team.admin, { team_id: team.workspaceId, plan: "builder" });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.alreadySubscribed] } });
  });

  it("S2-5.010 / S2-6.004 / only admins and team managers check out: a writer or viewer is refused, an outsider is told the workspace does not exist; nothing is recorded", async () => {
    const team = await personas(app);
    const manager = await signUp(app);
    await addMember(app, team.workspaceId, manager, "WRITE", true);
    const body = { team_id: team.workspaceId, plan: "flex", billing_interval: "yearly" };
    for (const user of [team.writer, team.reader]) {
      const refused = await checkout(user, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.billingForbidden] } });
    }
    const outsider = await checkout(team.outsider, body);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ errors: { detail: [WORKSPACE_MESSAGES.notFound] } });
    expect((await checkout(null, body)).statusCode).toBe(401);
    expect(await sessionCount(team.workspaceId)).toBe(0);

    const managed = await checkout(manager, body);
    expect(managed.statusCode).toBe(200);
    // Another workspace's admin cannot read, confirm or abandon this checkout.
    const sessionId = sessionIdOf(managed.json().stripeCheckoutUrl);
    for (const [method, suffix] of [
      ["GET", ""],
      ["POST", "/confirm"],
      ["POST", "/cancel"],
    ] as const) {
      const url = `/api/v1/billing/checkout/${sessionId}${suffix}`;
      const foreign = await call(app, team.outsider, method, url, method === "POST" ? {} : undefined);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.checkoutNotFound] } });
      const writer = await call(app, team.writer, method, url, method === "POST" ? {} : undefined);
      expect(writer.statusCode).toBe(403);
    }
    expect((await call(app, manager, "GET", "/api/v1/billing/checkout/cs_local_nosuch")).statusCode).toBe(
      404,
    );
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription).toBeNull();
  });

  it("S2-8.009 / S2-9.014 / bad input: an unknown plan, add-on or interval (monthly or yearly only), a return path off the site, no workspace: a clear error and no checkout", async () => {
    const team = await personas(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ plan: "gold" }, "plan", BILLING_MESSAGES.unknownPlan("gold")],
      [{ plan: "enterprise" }, "plan", BILLING_MESSAGES.unknownPlan("enterprise")],
      [{ plan: "flex", addons: ["credits_9"] }, "addons", BILLING_MESSAGES.unknownAddon("credits_9")],
      [{ plan: "flex", addons: "credits_1" }, "addons", BILLING_MESSAGES.unknownAddon("credits_1")],
      [{ plan: "flex", billing_interval: "weekly" }, "billingInterval", BILLING_MESSAGES.unknownInterval],
      [{ plan: "flex", success_path: "https://evil.test/" }, "successPath", BILLING_MESSAGES.pathInvalid],
      [{ plan: "flex", cancel_path: "//evil.test" }, "successPath", BILLING_MESSAGES.pathInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await checkout(team.admin, { team_id: team.workspaceId, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toEqual({ errors: { [field]: [message] } });
    }
    const noTeam = await checkout(team.admin, { plan: "flex" });
    expect(noTeam.json()).toEqual({ errors: { teamId: [BILLING_MESSAGES.teamRequired] } });
    expect(await sessionCount(team.workspaceId)).toBe(0);
  });

  it("S2-8.009 / abandoning a checkout answers its cancel address and it cannot be confirmed; an expired one neither", async () => {
    const team = await personas(app);
    const first = await checkout(team.admin, {
      team_id: team.workspaceId,
      plan: "builder",
      cancel_path: "/upgrade",
    });
    const id = sessionIdOf(first.json().stripeCheckoutUrl);
    const cancelled = await call(app, team.admin, "POST", `/api/v1/billing/checkout/${id}/cancel`, {});
    expect(cancelled.json()).toEqual({ redirectUrl: "http://localhost:3000/upgrade" });
    expect(
      (await call(app, team.admin, "POST", `/api/v1/billing/checkout/${id}/cancel`, {})).statusCode,
    ).toBe(200);
    expect((await call(app, team.admin, "GET", `/api/v1/billing/checkout/${id}`)).json().status).toBe(
      "cancelled",
    );
    const late = await call(app, team.admin, "POST", `/api/v1/billing/checkout/${id}/confirm`, {});
    expect(late.statusCode).toBe(409);

    const second = await checkout(team.admin, { team_id: team.workspaceId, plan: "builder" });
    const expiring = sessionIdOf(second.json().stripeCheckoutUrl);
    await app.deps.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, expiring));
    expect((await call(app, team.admin, "GET", `/api/v1/billing/checkout/${expiring}`)).json().status).toBe(
      "expired",
    );
    const expired = await call(app, team.admin, "POST", `/api/v1/billing/checkout/${expiring}/confirm`, {});
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.checkoutExpired] } });
    expect((await teamBilling(app, team.admin, team.workspaceId)).subscription).toBeNull();
  });

  it("S2-7.016 / the legacy checkout (no API version, recurring_interval) buys per-seat Pro for the members, outside the usage-billing beta", async () => {
    const team = await personas(app);
    const started = await call(app, team.admin, "POST", "/api/v1/checkout", {
      team_id: team.workspaceId,
      recurring_interval: "year",
      success_path: "/dashboard/recent",
      cancel_path: "/dashboard/recent",
    });
    expect(started.statusCode).toBe(200);
    const id = sessionIdOf(started.json().stripeCheckoutUrl);
    expect((await call(app, team.admin, "GET", `/api/v1/billing/checkout/${id}`)).json()).toMatchObject({
      usageBased: false,
      quantity: 3,
      billingInterval: "YEARLY",
      amountTotal: 3 * 10800,
    });
    await call(app, team.admin, "POST", `/api/v1/billing/checkout/${id}/confirm`, {});
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription).toMatchObject({
      status: "ACTIVE",
      origin: "LEGACY",
      quantity: 3,
      billingInterval: "YEARLY",
    });
    expect(after.subscriptionSchedule!.current.items).toEqual([
      { name: "team_pro_annual", quantity: 3, unitAmount: 10800, unitAmountDecimal: "10800" },
    ]);
    expect(after.featureFlags.ubbBeta).toBe(false);
    expect(after.limits.includedMembers).toBe(20);
    const bad = await call(app, team.admin, "POST", "/api/v1/checkout", {
      team_id: team.workspaceId,
      recurring_interval: "day",
    });
    expect(bad.json()).toEqual({ errors: { recurringInterval: [BILLING_MESSAGES.unknownInterval] } });
  });

  it("S2-4.011 / a frozen workspace can still be upgraded by its admin (upgrading is how it is unfrozen)", async () => {
    const team = await personas(app);
    await setFrozen(app, team.workspaceId, true);
    const started = await checkout(team.admin, { team_id: team.workspaceId, plan: "flex" });
    expect(started.statusCode).toBe(200);
    const id = sessionIdOf(started.json().stripeCheckoutUrl);
    expect(
      (await call(app, team.admin, "POST", `/api/v1/billing/checkout/${id}/confirm`, {})).statusCode,
    ).toBe(200);
  });
});

describe("the billing portal", () => {
  it("S2-7.017 / S2-7.024 / S1-2.063 / without Stripe the customer portal is Boxyard's billing page; only billing managers get it", async () => {
    const url = (teamId: string, query = "?return_path=/dashboard/recent") =>
      `/api/v1/teams/${teamId}/customer_portal${query}`;
    const ok = await call(app, p.admin, "GET", url(p.workspaceId));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      stripeCustomerPortalUrl: `http://localhost:3000/billing/${p.workspaceId}?return_path=%2Fdashboard%2Frecent`,
    });
    expect((await call(app, p.writer, "GET", url(p.workspaceId))).statusCode).toBe(403);
    expect((await call(app, p.reader, "GET", url(p.workspaceId))).statusCode).toBe(403);
    expect((await call(app, p.outsider, "GET", url(p.workspaceId))).statusCode).toBe(404);
    expect((await call(app, p.admin, "GET", url("not-a-uuid"))).statusCode).toBe(404);
    expect((await call(app, null, "GET", url(p.workspaceId))).statusCode).toBe(401);
    const offSite = await call(app, p.admin, "GET", url(p.workspaceId, "?return_path=https://evil.test"));
    expect(offSite.statusCode).toBe(422);
    const frozen = await personas(app);
    await setFrozen(app, frozen.workspaceId, true);
    expect((await call(app, frozen.admin, "GET", url(frozen.workspaceId))).statusCode).toBe(200);
  });

  it("S2-2.010 / S1-2.063 / the billing overview shows plan, credits and invoices to billing managers; a local subscription is cancelled at the end of its cycle and resumed", async () => {
    const team = await personas(app);
    const url = `/api/v1/teams/${team.workspaceId}/billing`;
    const free = await call(app, team.admin, "GET", url);
    expect(free.json()).toMatchObject({
      provider: "local",
      plan: { id: "free", name: "Build" },
      pro: false,
      usageBilling: true,
      subscription: null,
      schedule: null,
      spendingLimit: 0,
      spendingLimitMax: 100,
      credits: { used: 0, included: 400, onDemandLimit: 0, max: 400, state: "OK", hoursLeft: 40 },
      invoices: [],
      canCancel: false,
      canResume: false,
    });
    for (const [user, status] of [
      [team.writer, 403],
      [team.reader, 403],
      [team.outsider, 404],
    ] as const) {
      expect((await call(app, user, "GET", url)).statusCode).toBe(status);
      expect((await call(app, user, "POST", `${url}/cancel`, {})).statusCode).toBe(status);
      expect((await call(app, user, "POST", `${url}/resume`, {})).statusCode).toBe(status);
    }
    const nothing = await call(app, team.admin, "POST", `${url}/cancel`, {});
    expect(nothing.json()).toEqual({ errors: { detail: [BILLING_MESSAGES.noSubscriptionToCancel] } });

    await subscribe(app, team.workspaceId, { plan: "builder" });
    expect((await call(app, team.admin, "GET", url)).json()).toMatchObject({ pro: true, canCancel: true });
    expect((await call(app, team.admin, "POST", `${url}/resume`, {})).statusCode).toBe(409);
    const cancelled = await call(app, team.admin, "POST", `${url}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ pro: true, canCancel: false, canResume: true });
    expect(cancelled.json().subscription).toMatchObject({
      status: "ACTIVE",
      cancelAtPeriodEnd: true,
      nextBillDate: null,
    });
    expect((await teamBilling(app, team.writer, team.workspaceId)).subscription.cancelAtPeriodEnd).toBe(true);
    const resumed = await call(app, team.admin, "POST", `${url}/resume`, {});
    expect(resumed.json()).toMatchObject({ canCancel: true, canResume: false });
    expect(resumed.json().subscription.nextBillDate).not.toBeNull();
  });

  it("a workspace with a running subscription cannot be deleted until it is cancelled", async () => {
    const team = await personas(app);
    await subscribe(app, team.workspaceId);
    const r = await call(app, team.admin, "POST", "/api/graphql", {
      query: "mutation($teamId: UUID4!) { deleteWorkspace(teamId: $teamId) }",
      variables: { teamId: team.workspaceId },
    });
    expect(r.json().errors[0].message).toBe(BILLING_MESSAGES.subscriptionBlocksDelete);
    expect((await teamBilling(app, team.admin, team.workspaceId)).id).toBe(team.workspaceId);
  });
});
