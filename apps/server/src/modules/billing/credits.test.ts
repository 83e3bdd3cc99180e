import { CREATE_MESSAGES, SANDBOX_MESSAGES, UNLIMITED } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, personas, setFrozen, signUp, type TestUser } from "../../../test/factories.ts";
import { devboxRuns, workspaceBilling } from "../../db/schema/index.ts";
import { runBillingCycle } from "../../jobs/billing-cycle.ts";
import { runCommand } from "../../service/context.ts";
import { call, makeSandbox } from "../sandboxes/testing.ts";
import { WORKSPACE_FROZEN } from "../workspaces/workspace.policy.ts";
import { devboxStarted, devboxStopped } from "./credits.service.ts";
import { subscribe, teamBilling } from "./testing.ts";
import { calendarMonth } from "./workspace-plan.ts";

const RUNTIME_TOKEN = "runtime-secret-for-tests";
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000", BOXYARD_RUNTIME_TOKEN: RUNTIME_TOKEN });
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);

const runtime = (path: string, body: Record<string, unknown> = {}, token: string | null = RUNTIME_TOKEN) =>
  app.inject({
    method: "POST",
    url: `/api/v1/runtime/devboxes/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : { "x-boxyard-client": "web" },
    payload: body,
  });

/** A devbox run of `minutes` ended just now, on `tier`. */
async function ran(sandboxId: string, minutes: number, tier?: number) {
  await runCommand(app.deps, null, devboxStarted, {
    sandboxId,
    vmTier: tier,
    startedAt: ago(minutes * MINUTE).toISOString(),
  });
  await runCommand(app.deps, null, devboxStopped, { sandboxId });
}

/**
 * Credits already used this month, recorded as a one-minute run ending now (at a credit basis that
 * makes it cost `credits`), so that tests do not depend on how much of the month has gone by.
 */
async function spent(workspaceId: string, sandboxId: string, credits: number) {
  const monthStart = calendarMonth(new Date()).start.getTime();
  await app.deps.db.insert(devboxRuns).values({
    workspaceId,
    sandboxId,
    vmTier: 1,
    creditBasis: credits * 60,
    startedAt: new Date(Math.max(monthStart, Date.now() - 59_000)),
    stoppedAt: new Date(),
  });
}

/** A Free workspace at 399.9 credits: a minute more of a Nano devbox runs it out. */
async function almostOut(user: TestUser) {
  const devbox = await devboxOf(user);
  await spent(user.primaryTeamId, devbox, 399.9);
  return devbox;
}

async function devboxOf(user: TestUser, teamId = user.primaryTeamId) {
  return makeSandbox(app, teamId, user.id, { isV2: true });
}

describe("credits from devbox runtime", () => {
  it("S2-9.001 / S2-9.008 / S1-3.010 / a devbox's run costs its tier's credit basis per hour, counted per started minute; Team.usage.credits shows them", async () => {
    const owner = await signUp(app);
    // A cycle that began ten days ago holds every run of this test, whatever today's date.
    await subscribe(app, owner.primaryTeamId, { now: ago(240 * HOUR) });
    const devbox = await devboxOf(owner);
    await ran(devbox, 61); // tier 1: 10 credits an hour → 61 × 10 / 60 = 10.17
    expect((await teamBilling(app, owner, owner.primaryTeamId)).usage.credits).toBe(11);
    await ran(devbox, 30, 2); // tier 2: 20 credits an hour → 10
    expect((await teamBilling(app, owner, owner.primaryTeamId)).usage.credits).toBe(21);
    // A devbox still running counts up to now.
    await runCommand(app.deps, null, devboxStarted, {
      sandboxId: devbox,
      startedAt: ago(6 * MINUTE).toISOString(),
    });
    expect((await teamBilling(app, owner, owner.primaryTeamId)).usage.credits).toBe(22);
    const overview = await call(app, owner, "GET", `/api/v1/teams/${owner.primaryTeamId}/billing`);
    expect(overview.json().credits).toMatchObject({
      used: 22,
      included: 1000,
      max: 1000,
      state: "OK",
      hoursLeft: 98,
    });
  });

  it("S2-4.011 / S2-9.008 / S2-5.004 / Free: low under 50 credits left, out of credits at 400: the workspace is frozen and no devbox starts ('You have run our of credits.')", async () => {
    const owner = await signUp(app);
    const devbox = await devboxOf(owner);
    await spent(owner.primaryTeamId, devbox, 351);
    const overview = () => call(app, owner, "GET", `/api/v1/teams/${owner.primaryTeamId}/billing`);
    expect((await overview()).json().credits.state).toBe("LOW_CREDITS");
    await spent(owner.primaryTeamId, devbox, 48.9);
    expect((await teamBilling(app, owner, owner.primaryTeamId)).frozen).toBe(false);
    await ran(devbox, 1); // a minute on Nano: 0.17 credits, past 400
    const out = (await overview()).json().credits;
    expect(out).toMatchObject({ state: "OUT_OF_CREDITS", used: 401, max: 400, hoursLeft: 0 });
    expect((await teamBilling(app, owner, owner.primaryTeamId)).frozen).toBe(true);
    const refused = await runtime(`${devbox}/started`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { detail: [CREATE_MESSAGES.outOfCredits] } });
    // Frozen: nothing new is made in the workspace.
    const create = await call(app, owner, "POST", "/api/v1/sandboxes", {
      team_id: owner.primaryTeamId,
      v2: true,
      files: [{ path: "index.js", code: "1" }],
    });
    expect(create.statusCode).toBe(403);
  });

  it("S2-4.011 / S1-6.011 / Pro: close to the limit over 0.9 of included plus on-demand credits, frozen at the limit; raising the limit unfreezes", async () => {
    const team = await personas(app);
    await subscribe(app, team.workspaceId, { now: ago(HOUR * 200) });
    const devbox = await makeSandbox(app, team.workspaceId, team.writer.id, { isV2: true });
    const overview = async () =>
      (await call(app, team.admin, "GET", `/api/v1/teams/${team.workspaceId}/billing`)).json().credits;
    await ran(devbox, 91 * 60); // 910 of 1000
    expect(await overview()).toMatchObject({ state: "CLOSE_TO_LIMIT", max: 1000 });
    await ran(devbox, 9 * 60); // 1000
    expect((await overview()).state).toBe("LIMIT_REACHED");
    expect((await teamBilling(app, team.admin, team.workspaceId)).frozen).toBe(true);
    const set = (value: number) =>
      gql(
        app,
        team.admin,
        "mutation($t: UUID4!, $v: Int!) { setTeamLimits(teamId: $t, onDemandSpendingLimit: $v) }",
        {
          t: team.workspaceId,
          v: value,
        },
      );
    await set(15); // 1000 on-demand credits
    expect(await overview()).toMatchObject({ state: "OK", max: 2000, onDemandLimit: 1000 });
    expect((await teamBilling(app, team.admin, team.workspaceId)).frozen).toBe(false);
    expect((await runtime(`${devbox}/started`)).statusCode).toBe(200);
    await runtime(`${devbox}/stopped`);
    await set(0);
    expect((await teamBilling(app, team.admin, team.workspaceId)).frozen).toBe(true);
  });

  it("S2-4.011 / upgrading a frozen Free workspace unfreezes it (a new cycle starts)", async () => {
    const owner = await signUp(app);
    await ran(await almostOut(owner), 1);
    expect((await teamBilling(app, owner, owner.primaryTeamId)).frozen).toBe(true);
    await subscribe(app, owner.primaryTeamId);
    const after = await teamBilling(app, owner, owner.primaryTeamId);
    expect(after.frozen).toBe(false);
    expect(after.usage.credits).toBe(0);
  });

  it("S2-4.011 / the billing cycle freezes a workspace whose running devbox reaches the limit, and a new cycle unfreezes it", async () => {
    const owner = await signUp(app);
    const devbox = await almostOut(owner);
    await runCommand(app.deps, null, devboxStarted, {
      sandboxId: devbox,
      startedAt: ago(50_000).toISOString(),
    });
    expect((await teamBilling(app, owner, owner.primaryTeamId)).frozen).toBe(false);
    const now = new Date();
    const frozen = await runBillingCycle(app.deps.db, app.deps.config, now);
    expect(frozen.frozen).toContain(owner.primaryTeamId);
    expect((await teamBilling(app, owner, owner.primaryTeamId)).frozen).toBe(true);
    await runCommand(app.deps, null, devboxStopped, { sandboxId: devbox });
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 5));
    const thawed = await runBillingCycle(app.deps.db, app.deps.config, nextMonth);
    expect(thawed.unfrozen).toContain(owner.primaryTeamId);
    const [billing] = await app.deps.db
      .select()
      .from(workspaceBilling)
      .where(eq(workspaceBilling.workspaceId, owner.primaryTeamId));
    expect(billing!.frozenForCredits).toBe(false);
  });

  it("a workspace frozen for another reason stays frozen: the billing cycle lifts only its own freezes", async () => {
    const owner = await signUp(app);
    await setFrozen(app, owner.primaryTeamId, true);
    await runBillingCycle(app.deps.db, app.deps.config);
    expect((await teamBilling(app, owner, owner.primaryTeamId)).frozen).toBe(true);
    const refused = await runtime(`${await devboxOf(owner)}/started`);
    expect(refused.json()).toEqual({ errors: { detail: [WORKSPACE_FROZEN] } });
  });

  it("S2-4.010 / a local subscription set to cancel ends with its cycle; one that renews is invoiced with its on-demand credits", async () => {
    const renewing = await personas(app);
    const start = ago(31 * 24 * HOUR);
    await subscribe(app, renewing.workspaceId, { now: start });
    await gql(
      app,
      renewing.admin,
      "mutation($t: UUID4!) { setTeamLimits(teamId: $t, onDemandSpendingLimit: 30) }",
      {
        t: renewing.workspaceId,
      },
    );
    const devbox = await makeSandbox(app, renewing.workspaceId, renewing.writer.id, { isV2: true });
    await runCommand(app.deps, null, devboxStarted, {
      sandboxId: devbox,
      startedAt: new Date(start.getTime() + HOUR).toISOString(),
    });
    await runCommand(app.deps, null, devboxStopped, {
      sandboxId: devbox,
      stoppedAt: new Date(start.getTime() + 121 * HOUR).toISOString(),
    });

    const ending = await personas(app);
    await subscribe(app, ending.workspaceId, { now: start });
    await call(app, ending.admin, "POST", `/api/v1/teams/${ending.workspaceId}/billing/cancel`, {});

    const result = await runBillingCycle(app.deps.db, app.deps.config);
    expect(result.renewed.length).toBeGreaterThanOrEqual(2);
    const renewed = await call(app, renewing.admin, "GET", `/api/v1/teams/${renewing.workspaceId}/billing`);
    expect(renewed.json().subscription.status).toBe("ACTIVE");
    const invoice = renewed.json().invoices[0];
    // 1200 credits were used: 200 on demand at $0.015 = $3, with the month's $12.
    expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual([
      "flex",
      "On-demand credits of the previous cycle (200)",
    ]);
    expect(invoice.total).toBe(1200 + 300);
    const ended = await teamBilling(app, ending.admin, ending.workspaceId);
    expect(ended.subscription.status).toBe("CANCELLED");
    expect(ended.limits.includedCredits).toBe(400);
    // A cycle run again finds nothing to renew.
    const again = await runBillingCycle(app.deps.db, app.deps.config);
    expect(again.renewed).toEqual([]);
  });
});

describe("on an on-premise install", () => {
  it("S1-6.014 / every workspace is Pro with unmetered credits: running devboxes never freezes it", async () => {
    const onPremise = await testApp({ BOXYARD_ON_PREMISE: "true" });
    const owner = await signUp(onPremise);
    const devbox = await makeSandbox(onPremise, owner.primaryTeamId, owner.id, { isV2: true });
    await onPremise.deps.db.insert(devboxRuns).values({
      workspaceId: owner.primaryTeamId,
      sandboxId: devbox,
      vmTier: 1,
      creditBasis: 5000 * 60,
      startedAt: new Date(Math.max(calendarMonth(new Date()).start.getTime(), Date.now() - 59_000)),
      stoppedAt: new Date(),
    });
    await runCommand(onPremise.deps, null, devboxStarted, {
      sandboxId: devbox,
      startedAt: ago(MINUTE).toISOString(),
    });
    await runCommand(onPremise.deps, null, devboxStopped, { sandboxId: devbox });
    const team = await teamBilling(onPremise, owner, owner.primaryTeamId);
    expect(team.frozen).toBe(false);
    expect(team.limits).toMatchObject({ includedCredits: UNLIMITED, includedVmTier: 4, includedMembers: 20 });
    expect(team.usage.credits).toBeGreaterThan(5000);
    expect(team.subscription).toBeNull();
  });
});

describe("the devbox runtime's door", () => {
  it("S2-4.011 / start and stop are recorded once each; the tier must be within the plan; a browser sandbox or unknown id is refused", async () => {
    const owner = await signUp(app);
    const devbox = await devboxOf(owner);
    const started = await runtime(`${devbox}/started`, { started_at: ago(50_000).toISOString() });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ sandboxId: devbox, vmTier: 1 });
    expect((await runtime(`${devbox}/started`)).json().id).toBe(started.json().id);
    const stopped = await runtime(`${devbox}/stopped`);
    expect(stopped.json()).toMatchObject({ stopped: true, id: started.json().id });
    expect((await runtime(`${devbox}/stopped`)).json()).toEqual({ stopped: false });
    expect((await teamBilling(app, owner, owner.primaryTeamId)).usage.credits).toBe(1);

    const high = await runtime(`${devbox}/started`, { vm_tier: 3 });
    expect(high.statusCode).toBe(422);
    expect(high.json()).toEqual({ errors: { vmTier: [SANDBOX_MESSAGES.vmTierAbovePlan(2)] } });
    const sandbox = await makeSandbox(app, owner.primaryTeamId, owner.id);
    expect((await runtime(`${sandbox}/started`)).statusCode).toBe(422);
    expect((await runtime("nosuch/started")).statusCode).toBe(404);
    expect((await runtime(`${devbox}/started`, { started_at: "yesterday" })).statusCode).toBe(422);
    const runs = await app.deps.db.select().from(devboxRuns).where(eq(devboxRuns.sandboxId, devbox));
    expect(runs).toHaveLength(1);
  });

  it("S2-4.011 / only the runtime's token is accepted: none, a wrong one or a user's session get 401; without BOXYARD_RUNTIME_TOKEN the routes are off", async () => {
    const owner = await signUp(app);
    const devbox = await devboxOf(owner);
    for (const path of [`${devbox}/started`, `${devbox}/stopped`]) {
      expect((await runtime(path, {}, null)).statusCode).toBe(401);
      expect((await runtime(path, {}, "wrong")).statusCode).toBe(401);
      expect((await call(app, owner, "POST", `/api/v1/runtime/devboxes/${path}`, {})).statusCode).toBe(401);
    }
    expect(await app.deps.db.select().from(devboxRuns).where(eq(devboxRuns.sandboxId, devbox))).toEqual([]);
    const off = await testApp();
    const response = await off.inject({
      method: "POST",
      url: `/api/v1/runtime/devboxes/${devbox}/started`,
      headers: { authorization: "Bearer anything" },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});
