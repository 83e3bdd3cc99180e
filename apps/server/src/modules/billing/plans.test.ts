import { BILLING_MESSAGES, DASHBOARD_MESSAGES, UNLIMITED, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { addMember, gql, personas, setFrozen, signUp, type TestUser } from "../../../test/factories.ts";
import { projects } from "../../db/schema/index.ts";
import { runBillingCycle } from "../../jobs/billing-cycle.ts";
import { call, makeSandbox, outcome, sandboxRow } from "../sandboxes/testing.ts";
import { applyBillingEvents } from "./billing-events.ts";
import { snapshotOf } from "./plan-change.service.ts";
import { subscribe, teamBilling } from "./testing.ts";
import { lockedSubscription, subscriptionItemsOf } from "./workspace-plan.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" }); // many sign-ups in one file
});

const DAY = 24 * 3600_000;

const SET_LIMITS = `mutation SetTeamLimits($teamId: UUID4!, $onDemandSpendingLimit: Int!) {
  setTeamLimits(teamId: $teamId, onDemandSpendingLimit: $onDemandSpendingLimit) }`;
const CHANGE_ARGS =
  "$teamId: UUID4!, $plan: String!, $billingInterval: SubscriptionInterval, $addons: [String!]";
const CHANGE_VALUES = "teamId: $teamId, plan: $plan, billingInterval: $billingInterval, addons: $addons";
const PREVIEW_UPDATE = `mutation PreviewUpdateUsageSubscriptionPlan(${CHANGE_ARGS}) {
  previewUpdateUsageSubscriptionPlan(${CHANGE_VALUES}) { total totalExcludingTax updateMoment } }`;
const UPDATE = `mutation UpdateUsageSubscriptionPlan(${CHANGE_ARGS}) { updateUsageSubscriptionPlan(${CHANGE_VALUES}) }`;
const CONVERT_ARGS =
  "$teamId: UUID4!, $addons: [String!]!, $plan: String!, $billingInterval: SubscriptionInterval";
const PREVIEW_CONVERT = `mutation PreviewConvertToUsageBilling(${CONVERT_ARGS}) {
  previewConvertToUsageBilling(${CHANGE_VALUES}) { total totalExcludingTax } }`;
const CONVERT = `mutation ConvertToUsageBilling(${CONVERT_ARGS}) { convertToUsageBilling(${CHANGE_VALUES}) }`;

type Preview = { total: number; totalExcludingTax: number; updateMoment: string };
const previewUpdate = async (user: TestUser, vars: Record<string, unknown>) =>
  gql<{ previewUpdateUsageSubscriptionPlan: Preview }>(app, user, PREVIEW_UPDATE, vars);
const update = (user: TestUser, vars: Record<string, unknown>) =>
  gql<{ updateUsageSubscriptionPlan: boolean }>(app, user, UPDATE, vars);
const invoicesOf = async (user: TestUser, teamId: string) =>
  (await call(app, user, "GET", `/api/v1/teams/${teamId}/billing`)).json().invoices as { total: number }[];

describe("the spending limit (setTeamLimits)", () => {
  it("S2-5.009 / S2-9.007 / S2-8.013 / S2-7.025 / numeric 0 to 100 on Free, the spec's two texts otherwise, and nothing changes on a refusal", async () => {
    const team = await personas(app);
    const set = (value: number) =>
      gql(app, team.admin, SET_LIMITS, { teamId: team.workspaceId, onDemandSpendingLimit: value });
    expect((await set(100)).data).toEqual({ setTeamLimits: true });
    for (const [value, message] of [
      [-1, "Please enter a valid amount between 0 and 100"],
      [
        101,
        "For the first two billing cycles, the maximum limit is $100. If you need a higher limit, contact us.",
      ],
      [
        UNLIMITED,
        "For the first two billing cycles, the maximum limit is $100. If you need a higher limit, contact us.",
      ],
    ] as const) {
      const refused = await set(value);
      expect(outcome(refused)).toBe("INVALID");
      expect(refused.errors![0]!.message).toBe(message);
    }
    const text = await gql(
      app,
      team.admin,
      SET_LIMITS.replace("$onDemandSpendingLimit: Int!", "$onDemandSpendingLimit: String!"),
      {
        teamId: team.workspaceId,
        onDemandSpendingLimit: "ten",
      },
    );
    expect(text.errors).toBeDefined();
    const limits = (await teamBilling(app, team.admin, team.workspaceId)).limits;
    // Stored in dollars; a Free workspace's on-demand credits only count once it is Pro.
    expect(limits).toMatchObject({ onDemandSpendingLimit: 100, onDemandCreditLimit: 0 });
  });

  it("S2-5.009 / S1-6.011 / on Pro up to 1000, and Pro adds the credits the limit buys to the maximum", async () => {
    const team = await personas(app);
    await subscribe(app, team.workspaceId);
    const set = (value: number) =>
      gql(app, team.admin, SET_LIMITS, { teamId: team.workspaceId, onDemandSpendingLimit: value });
    expect((await set(1000)).data).toEqual({ setTeamLimits: true });
    expect((await teamBilling(app, team.admin, team.workspaceId)).limits).toMatchObject({
      onDemandSpendingLimit: 1000,
      onDemandCreditLimit: 66666,
      includedCredits: 1000,
    });
    const refused = await set(1001);
    expect(refused.errors![0]!.message).toBe(
      "For the first two billing cycles, the maximum limit is $1000. If you need a higher limit, contact us.",
    );
    expect((await set(-5)).errors![0]!.message).toBe("Please enter a valid amount between 0 and 1000");
    expect((await teamBilling(app, team.admin, team.workspaceId)).limits.onDemandSpendingLimit).toBe(1000);
  });

  it("S2-6.006 / S2-5.010 / admins and team managers set it (frozen workspaces too); writers and viewers are refused; outsiders are told the workspace does not exist", async () => {
    const team = await personas(app);
    const manager = await signUp(app);
    await addMember(app, team.workspaceId, manager, "READ", true);
    const set = (user: TestUser, value: number) =>
      gql(app, user, SET_LIMITS, { teamId: team.workspaceId, onDemandSpendingLimit: value });
    expect(outcome(await set(team.writer, 10))).toBe("FORBIDDEN");
    expect((await set(team.reader, 10)).errors![0]!.message).toBe(BILLING_MESSAGES.billingForbidden);
    const outsider = await set(team.outsider, 10);
    expect(outcome(outsider)).toBe("NOT_FOUND");
    expect(outsider.errors![0]!.message).toBe(WORKSPACE_MESSAGES.notFound);
    expect((await teamBilling(app, team.admin, team.workspaceId)).limits.onDemandSpendingLimit).toBe(0);
    expect(outcome(await set(manager, 20))).toBe("OK");
    await setFrozen(app, team.workspaceId, true);
    expect(outcome(await set(team.admin, 30))).toBe("OK");
    expect((await teamBilling(app, team.admin, team.workspaceId)).limits.onDemandSpendingLimit).toBe(30);
    expect(
      outcome(await gql(app, null, SET_LIMITS, { teamId: team.workspaceId, onDemandSpendingLimit: 1 })),
    ).toBe("UNAUTHENTICATED");
  });
});

describe("changing the plan of a usage-based subscription", () => {
  it("S2-4.010 / S2-3.011 / S2-7.025 / Pro to Scale: the preview charges the new cycle less the unused part of this one, IMMEDIATELY; the update starts a new cycle", async () => {
    const team = await personas(app);
    await subscribe(app, team.workspaceId, { now: new Date(Date.now() - 15 * DAY) });
    const vars = { teamId: team.workspaceId, plan: "builder" };
    const preview = await previewUpdate(team.admin, vars);
    expect(preview.errors).toBeUndefined();
    const { total, totalExcludingTax, updateMoment } = preview.data!.previewUpdateUsageSubscriptionPlan;
    expect(updateMoment).toBe("IMMEDIATELY");
    // About half of the Pro month ($12) is left: the Scale month ($170) less about $6.
    expect(total).toBeGreaterThan(17000 - 1200 * 0.6);
    expect(total).toBeLessThan(17000 - 1200 * 0.4);
    expect(totalExcludingTax).toBe(total);
    expect((await teamBilling(app, team.admin, team.workspaceId)).limits.includedCredits).toBe(1000);

    expect((await update(team.admin, vars)).data).toEqual({ updateUsageSubscriptionPlan: true });
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription).toMatchObject({
      status: "ACTIVE",
      unitPrice: 17000,
      billingInterval: "MONTHLY",
    });
    expect(after.subscriptionSchedule!.current.items.map((i) => i.name)).toEqual(["builder"]);
    expect(
      Math.abs(new Date(after.subscriptionSchedule!.current.startDate).getTime() - Date.now()),
    ).toBeLessThan(60_000);
    expect(after.limits.includedCredits).toBe(1600);
    const invoices = await invoicesOf(team.admin, team.workspaceId);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]!.total).toBe(total);
  });

  it("S2-4.010 / S2-4.013 / Scale to Pro waits for the next bill date: an upcoming phase, applied by the billing cycle when the cycle ends", async () => {
    const team = await personas(app);
    const start = new Date(Date.now() - 10 * DAY);
    await subscribe(app, team.workspaceId, { plan: "builder", interval: "MONTHLY", now: start });
    const vars = { teamId: team.workspaceId, plan: "flex" };
    const preview = (await previewUpdate(team.admin, vars)).data!.previewUpdateUsageSubscriptionPlan;
    expect(preview).toEqual({ total: 1200, totalExcludingTax: 1200, updateMoment: "NEXT_BILL_DATE" });
    await update(team.admin, vars);
    const waiting = await teamBilling(app, team.admin, team.workspaceId);
    expect(waiting.subscription.unitPrice).toBe(17000);
    expect(waiting.limits.includedCredits).toBe(1600);
    expect(waiting.subscriptionSchedule!.upcoming).toMatchObject({
      startDate: waiting.subscriptionSchedule!.current.endDate,
      items: [{ name: "flex", quantity: 1, unitAmount: 1200, unitAmountDecimal: "1200" }],
    });
    // The same change again changes nothing more.
    expect((await update(team.admin, vars)).data).toEqual({ updateUsageSubscriptionPlan: true });

    const periodEnd = new Date(waiting.subscriptionSchedule!.current.endDate);
    const result = await runBillingCycle(
      app.deps.db,
      app.deps.config,
      new Date(periodEnd.getTime() + 60_000),
    );
    expect(result.ran).toBe(true);
    const renewed = await teamBilling(app, team.admin, team.workspaceId);
    expect(renewed.subscription).toMatchObject({ status: "ACTIVE", unitPrice: 1200 });
    expect(renewed.subscriptionSchedule!.current.startDate).toBe(periodEnd.toISOString());
    expect(renewed.subscriptionSchedule!.upcoming).toBeNull();
    expect(renewed.limits.includedCredits).toBe(1000);
    expect((await invoicesOf(team.admin, team.workspaceId))[0]!.total).toBe(1200);
  });

  it("S2-4.013 / S2-2.010 / add-ons: adding one is charged at once; omitting them keeps them; removing waits for the next bill date", async () => {
    const team = await personas(app);
    await subscribe(app, team.workspaceId, { addons: ["credits_500"] });
    const more = await previewUpdate(team.admin, {
      teamId: team.workspaceId,
      plan: "flex",
      addons: ["credits_500", "credits_4000"],
    });
    expect(more.data!.previewUpdateUsageSubscriptionPlan.updateMoment).toBe("IMMEDIATELY");
    await update(team.admin, {
      teamId: team.workspaceId,
      plan: "flex",
      addons: ["credits_500", "credits_4000"],
    });
    expect((await teamBilling(app, team.admin, team.workspaceId)).limits.includedCredits).toBe(
      1000 + 500 + 4000,
    );
    const yearly = await previewUpdate(team.admin, {
      teamId: team.workspaceId,
      plan: "flex",
      billingInterval: "YEARLY",
    });
    expect(yearly.data!.previewUpdateUsageSubscriptionPlan.updateMoment).toBe("IMMEDIATELY");
    const fewer = await previewUpdate(team.admin, {
      teamId: team.workspaceId,
      plan: "flex",
      addons: ["credits_500"],
    });
    expect(fewer.data!.previewUpdateUsageSubscriptionPlan).toMatchObject({
      updateMoment: "NEXT_BILL_DATE",
      total: 1200 + 900,
    });
    const same = await previewUpdate(team.admin, { teamId: team.workspaceId, plan: "flex" });
    expect(outcome(same)).toBe("INVALID");
    expect(same.errors![0]!.message).toBe(BILLING_MESSAGES.nothingToChange);
  });

  it("S2-8.010 / bad input and security: unknown plan or add-on, a free or legacy workspace, non-billing members: a clear error and nothing changed", async () => {
    const team = await personas(app);
    const free = await previewUpdate(team.admin, { teamId: team.workspaceId, plan: "builder" });
    expect(free.errors![0]!.message).toBe(BILLING_MESSAGES.noUsageSubscription);
    await subscribe(app, team.workspaceId);
    const before = await teamBilling(app, team.admin, team.workspaceId);
    for (const [vars, message] of [
      [{ plan: "platinum" }, BILLING_MESSAGES.unknownPlan("platinum")],
      [{ plan: "enterprise" }, BILLING_MESSAGES.unknownPlan("enterprise")],
      [{ plan: "flex", addons: ["credits_1"] }, BILLING_MESSAGES.unknownAddon("credits_1")],
    ] as const) {
      for (const query of [PREVIEW_UPDATE, UPDATE]) {
        const r = await gql(app, team.admin, query, { teamId: team.workspaceId, ...vars });
        expect(outcome(r)).toBe("INVALID");
        expect(r.errors![0]!.message).toBe(message);
      }
    }
    for (const [user, code] of [
      [team.writer, "FORBIDDEN"],
      [team.reader, "FORBIDDEN"],
      [team.outsider, "NOT_FOUND"],
    ] as const) {
      for (const query of [PREVIEW_UPDATE, UPDATE]) {
        expect(outcome(await gql(app, user, query, { teamId: team.workspaceId, plan: "builder" }))).toBe(
          code,
        );
      }
    }
    expect(await teamBilling(app, team.admin, team.workspaceId)).toEqual(before);
    await setFrozen(app, team.workspaceId, true);
    expect(outcome(await previewUpdate(team.admin, { teamId: team.workspaceId, plan: "builder" }))).toBe(
      "OK",
    );
  });
});

describe("converting a legacy Pro subscription to usage billing", () => {
  it("S2-4.010 / S2-2.010 / the preview charges the new cycle less the unused legacy time; converting starts a usage-based cycle and joins the beta", async () => {
    const team = await personas(app);
    await subscribe(app, team.workspaceId, { legacySeats: 3, now: new Date(Date.now() - 20 * DAY) });
    expect((await teamBilling(app, team.admin, team.workspaceId)).featureFlags.ubbBeta).toBe(false);
    const onLegacy = await previewUpdate(team.admin, { teamId: team.workspaceId, plan: "builder" });
    expect(onLegacy.errors![0]!.message).toBe(BILLING_MESSAGES.notUsageBased);

    const vars = {
      teamId: team.workspaceId,
      plan: "flex",
      addons: ["credits_500"],
      billingInterval: "MONTHLY",
    };
    const preview = await gql<{ previewConvertToUsageBilling: { total: number; totalExcludingTax: number } }>(
      app,
      team.admin,
      PREVIEW_CONVERT,
      vars,
    );
    expect(preview.errors).toBeUndefined();
    const { total } = preview.data!.previewConvertToUsageBilling;
    // The new cycle costs $21; about a third of the $36 legacy month is unused.
    expect(total).toBeGreaterThan(2100 - 3600 * 0.4);
    expect(total).toBeLessThan(2100 - 3600 * 0.25);
    for (const user of [team.writer, team.outsider]) {
      expect(outcome(await gql(app, user, CONVERT, vars))).toBe(
        user === team.writer ? "FORBIDDEN" : "NOT_FOUND",
      );
    }
    expect((await gql(app, team.admin, CONVERT, vars)).data).toEqual({ convertToUsageBilling: true });
    const after = await teamBilling(app, team.admin, team.workspaceId);
    expect(after.subscription).toMatchObject({
      status: "ACTIVE",
      origin: null,
      quantity: 1,
      unitPrice: 1200,
    });
    expect(after.subscriptionSchedule!.current.items.map((i) => [i.name, i.quantity])).toEqual([
      ["flex", 1],
      ["credits_500", 1],
    ]);
    expect(after.featureFlags.ubbBeta).toBe(true);
    expect(after.limits.includedCredits).toBe(1500);
    const again = await gql(app, team.admin, PREVIEW_CONVERT, vars);
    expect(again.errors![0]!.message).toBe(BILLING_MESSAGES.notLegacy);
  });
});

describe("the plan decides the limits", () => {
  it("S1-6.014 / S2-4.014 / S1-3.009 / Team.limits: Free limits, Pro limits while the subscription is ACTIVE, Free again when it is unpaid or cancelled", async () => {
    const team = await personas(app);
    const free = await teamBilling(app, team.reader, team.workspaceId);
    expect(free.limits).toEqual({
      includedCredits: 400,
      includedDrafts: 20,
      includedMembers: 5,
      includedPrivateSandboxes: 5,
      includedPublicSandboxes: UNLIMITED,
      includedSandboxes: UNLIMITED,
      includedStorage: 20,
      includedVmTier: 2,
      maxEditors: 5,
      maxPrivateProjects: UNLIMITED,
      maxPrivateSandboxes: 5,
      maxPublicProjects: UNLIMITED,
      maxPublicSandboxes: UNLIMITED,
      onDemandCreditLimit: 0,
      onDemandSpendingLimit: 0,
    });
    await subscribe(app, team.workspaceId, { plan: "builder", addons: ["credits_24000"] });
    expect((await teamBilling(app, team.reader, team.workspaceId)).limits).toMatchObject({
      includedCredits: 1600 + 24000,
      includedVmTier: 4,
      includedMembers: 20,
      includedPrivateSandboxes: UNLIMITED,
    });
    const setStatus = async (status: "UNPAID" | "CANCELLED") => {
      const row = (await app.deps.db.transaction((tx) => lockedSubscription(tx, team.workspaceId)))!;
      const snapshot = snapshotOf(row, await subscriptionItemsOf(app.deps.db, row.id));
      await app.deps.db.transaction((tx) =>
        applyBillingEvents(tx, app.deps.config, "local", [
          {
            id: `test_${status}_${row.id}`,
            type: "subscription.updated",
            subscription: { ...snapshot, status },
          },
        ]),
      );
    };
    await setStatus("UNPAID");
    const unpaid = await teamBilling(app, team.reader, team.workspaceId);
    expect(unpaid.subscription.status).toBe("UNPAID");
    expect(unpaid.limits.includedCredits).toBe(400);
    await setStatus("CANCELLED");
    const q = (includeCancelled: boolean) =>
      gql<{ me: { team: { subscription: { status: string } | null; subscriptionSchedule: unknown } } }>(
        app,
        team.reader,
        `query($teamId: UUID4!, $c: Boolean) { me { id team(id: $teamId) { subscription(includeCancelled: $c) { status } subscriptionSchedule { billingInterval } } } }`,
        { teamId: team.workspaceId, c: includeCancelled },
      );
    expect((await q(false)).data!.me.team).toEqual({ subscription: null, subscriptionSchedule: null });
    expect((await q(true)).data!.me.team.subscription).toEqual({ status: "CANCELLED" });
    // An outsider asking for the workspace gets nothing.
    const outsider = await gql<{ me: { team: null } }>(
      app,
      team.outsider,
      "query($id: UUID4!) { me { id team(id: $id) { subscription { status } } } }",
      {
        id: team.workspaceId,
      },
    );
    expect(outsider.data!.me.team).toBeNull();
  });

  it("S2-8.017 / S2-5.003 / S2-6.013 / the private-sandbox cap, the VM tier cap and the default tier follow the plan", async () => {
    const team = await personas(app);
    const limits = () => call(app, team.admin, "GET", `/api/v1/sandboxes/limits?team_id=${team.workspaceId}`);
    expect((await limits()).json().sandboxLimit).toBe(5);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(await makeSandbox(app, team.workspaceId, team.admin.id, { privacy: 0 }));
    const M = "mutation($ids: [ID!]!) { setSandboxesPrivacy(sandboxIds: $ids, privacy: 2) { id } }";
    const refused = await gql(app, team.admin, M, { ids });
    expect(refused.errors![0]!.message).toBe(`SANDBOX_LIMIT: ${DASHBOARD_MESSAGES.privateSandboxLimit}`);
    const devbox = await makeSandbox(app, team.workspaceId, team.admin.id, { isV2: true });
    const tier4 = await call(app, team.admin, "PATCH", `/api/v1/sandboxes/${devbox}/vm_tier`, { vm_tier: 4 });
    expect(tier4.statusCode).toBe(422);

    await subscribe(app, team.workspaceId);
    expect((await limits()).json().sandboxLimit).toBe(UNLIMITED);
    expect((await gql(app, team.admin, M, { ids })).errors).toBeUndefined();
    expect(
      (await call(app, team.admin, "PATCH", `/api/v1/sandboxes/${devbox}/vm_tier`, { vm_tier: 4 }))
        .statusCode,
    ).toBe(204);
    expect((await sandboxRow(app, devbox))!.vmTier).toBe(4);
    const tier5 = await call(app, team.admin, "PATCH", `/api/v1/sandboxes/${devbox}/vm_tier`, { vm_tier: 5 });
    expect(tier5.statusCode).toBe(422);
    const fork = await call(app, team.admin, "POST", `/api/v1/sandboxes/${devbox}/fork`, {
      team_id: team.workspaceId,
      privacy: 0,
    });
    expect(fork.statusCode).toBe(200);
    expect((await sandboxRow(app, fork.json().id))!.vmTier).toBe(2);
  });

  it("S1-3.010 / Team.usage: sandboxes by privacy and restriction, repositories by privacy, editors, credits; a list of workspaces costs the same queries as one", async () => {
    const owner = await signUp(app);
    await makeSandbox(app, owner.primaryTeamId, owner.id, { privacy: 2 });
    await makeSandbox(app, owner.primaryTeamId, owner.id, { privacy: 0 });
    const repo = (name: string, isPrivate: boolean) => ({
      workspaceId: owner.primaryTeamId,
      owner: "acme",
      name,
      private: isPrivate,
      cloneUrl: `https://github.example/acme/${name}.git`,
      defaultBranch: "main",
    });
    await app.deps.db
      .insert(projects)
      .values([repo("site", false), repo("docs", false), repo("ledger", true)]);
    const usage = (await teamBilling(app, owner, owner.primaryTeamId)).usage;
    expect(usage).toEqual({
      sandboxes: 2,
      credits: 0,
      editorsQuantity: 1,
      privateSandboxesQuantity: 1,
      publicSandboxesQuantity: 1,
      restrictedSandboxes: 0,
      unrestrictedSandboxes: 2,
      publicProjectsQuantity: 2,
      privateProjectsQuantity: 1,
    });
    const ALL = `query { me { id workspaces { id limits { includedCredits onDemandCreditLimit } usage { credits sandboxes }
      subscription(includeCancelled: true) { status } subscriptionSchedule { billingInterval } } } }`;
    const queriesFor = async () => {
      const spies = [
        vi.spyOn(app.deps.db, "select"),
        vi.spyOn(app.deps.db, "selectDistinctOn"),
        vi.spyOn(app.deps.db, "execute"),
      ];
      const r = await gql(app, owner, ALL);
      expect(r.errors).toBeUndefined();
      const calls = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      for (const spy of spies) spy.mockRestore();
      return calls;
    };
    await subscribe(app, owner.primaryTeamId);
    const few = await queriesFor();
    for (let i = 0; i < 4; i++) {
      const created = await gql<{ createTeam: { id: string } }>(
        app,
        owner,
        "mutation($n: String!) { createTeam(name: $n) { id } }",
        {
          n: `Team ${i} ${Date.now()}`,
        },
      );
      if (i % 2 === 0) await subscribe(app, created.data!.createTeam.id);
    }
    expect(await queriesFor()).toBe(few);
  });
});
