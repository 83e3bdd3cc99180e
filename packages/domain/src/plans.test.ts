import { describe, expect, it } from "vitest";
import {
  ADDON_IDS,
  addonCost,
  addonHours,
  CREDIT_ADDONS,
  creditsForDollars,
  FREE_LIMITS,
  isUnlimited,
  PLAN_IDS,
  PLANS,
  planCost,
  UNLIMITED,
  workspaceLimits,
} from "./plans.ts";
import { CREDIT_PRICE_USD, vmTier } from "./vm-tiers.ts";

describe("the plan catalogue", () => {
  it("S2-3.013 S1-1.003 S2-1.008 / four plans free, flex, builder, enterprise named Build, Pro, Scale, Enterprise, with every field", () => {
    expect(PLAN_IDS.map((id) => [id, PLANS[id].name])).toEqual([
      ["free", "Build"],
      ["flex", "Pro"],
      ["builder", "Scale"],
      ["enterprise", "Enterprise"],
    ]);
    const fields = [
      "members",
      "sandboxes",
      "devboxes",
      "concurrentDevboxes",
      "sessionLength",
      "repositories",
      "vmType",
      "sdk",
      "privateProject",
      "shareableLinks",
      "privateNPM",
      "liveSessions",
      "apiAccess",
      "protectedPreviews",
      "sso",
      "soc2",
      "privateCloud",
      "onPremise",
      "instantEnvironmentResume",
      "instantEnvironmentShare",
      "priceMonthly",
      "priceYearly",
      "usage",
      "features",
    ];
    for (const id of PLAN_IDS) {
      for (const field of fields) expect(PLANS[id], `${id}.${field}`).toHaveProperty(field);
      expect(PLANS[id].usage.length).toBeGreaterThan(0);
      expect(PLANS[id].features.length).toBeGreaterThan(0);
    }
  });

  it("S2-9.002 S2-9.003 S2-9.004 S2-9.005 / credits, storage, members and prices of each plan", () => {
    expect(PLANS.free).toMatchObject({ credits: 400, storage: 20, members: 5, privateSandboxes: 5 });
    expect(PLANS.free).toMatchObject({ priceMonthly: 0, priceYearly: 0 });
    expect(PLANS.flex).toMatchObject({ credits: 1000, storage: 50, members: 20, concurrentDevboxes: 10 });
    expect(PLANS.flex).toMatchObject({ priceMonthly: 12, priceYearly: 9 });
    expect(PLANS.builder).toMatchObject({
      credits: 1600,
      concurrentDevboxes: 250,
      priceMonthly: 170,
      priceYearly: 119,
    });
    expect(PLANS.enterprise).toMatchObject({ priceMonthly: null, priceYearly: null, credits: null });
    expect(planCost("flex")).toEqual({ costMonth: 1200, costYear: 10800 });
    expect(planCost("builder")).toEqual({ costMonth: 17000, costYear: 142800 });
    expect(PLANS.free.usage[0]).toBe("400 credits/month (up to 40 hours on Nano VMs)");
  });

  it("S2-6.015 / members, concurrency and largest VM: Build 5/10/4 vCPU, Pro 20/10/16, Scale 20/250/16, Enterprise unlimited/custom/64 with its extras", () => {
    const largest = (id: keyof typeof PLANS) => vmTier(PLANS[id].maxVmTier)!;
    expect([
      PLANS.free.members,
      PLANS.free.concurrentDevboxes,
      largest("free").cpu,
      largest("free").memory,
    ]).toEqual([5, 10, 4, 8]);
    expect([
      PLANS.flex.members,
      PLANS.flex.concurrentDevboxes,
      largest("flex").cpu,
      largest("flex").memory,
    ]).toEqual([20, 10, 16, 32]);
    expect([PLANS.builder.members, PLANS.builder.concurrentDevboxes, largest("builder").cpu]).toEqual([
      20, 250, 16,
    ]);
    expect(PLANS.enterprise.members).toBe(UNLIMITED);
    expect(PLANS.enterprise.concurrentDevboxes).toBeNull();
    expect(largest("enterprise")).toMatchObject({ cpu: 64, memory: 128 });
    expect(PLANS.enterprise.vmType).toBe("vm-6");
    for (const flag of ["protectedPreviews", "sso", "privateCloud", "onPremise"] as const) {
      expect(PLAN_IDS.filter((id) => PLANS[id][flag])).toEqual(["enterprise"]);
    }
    for (const flag of ["sdk", "privateProject", "privateNPM", "liveSessions", "soc2"] as const) {
      expect(PLAN_IDS.every((id) => PLANS[id][flag])).toBe(true);
    }
  });

  it("S2-3.013 / the maximum integer means Unlimited: Build, Pro and Scale allow unlimited sandboxes and devboxes", () => {
    expect(UNLIMITED).toBe(2 ** 31 - 1);
    for (const id of ["free", "flex", "builder"] as const) {
      expect(isUnlimited(PLANS[id].sandboxes)).toBe(true);
      expect(isUnlimited(PLANS[id].devboxes)).toBe(true);
    }
    expect(isUnlimited(PLANS.free.privateSandboxes)).toBe(false);
  });

  it("S2-9.006 S2-3.012 / the add-ons credits_500, credits_4000, credits_24000 with credits, prices, full price and discount", () => {
    expect(ADDON_IDS).toEqual(["credits_500", "credits_4000", "credits_24000"]);
    expect(CREDIT_ADDONS.credits_500).toMatchObject({
      credits: 500,
      priceMonthly: 9,
      priceYearly: 108,
      fullPrice: null,
    });
    expect(CREDIT_ADDONS.credits_4000).toMatchObject({
      credits: 4000,
      priceMonthly: 50,
      priceYearly: 600,
      fullPrice: 72,
      discount: 30,
      highlighted: true,
    });
    expect(CREDIT_ADDONS.credits_24000).toMatchObject({
      credits: 24000,
      priceMonthly: 216,
      priceYearly: 2592,
      fullPrice: 432,
      discount: 50,
    });
    expect(addonCost("credits_4000")).toEqual({ costMonth: 5000, costYear: 60000 });
    expect(addonHours("credits_500")).toBe(50);
  });

  it("S2-9.001 / a credit costs $0.015: a spending limit in dollars buys that many credits, rounded down", () => {
    expect(CREDIT_PRICE_USD).toBe(0.015);
    expect(creditsForDollars(0)).toBe(0);
    expect(creditsForDollars(3)).toBe(200);
    expect(creditsForDollars(100)).toBe(6666);
    expect(creditsForDollars(1000)).toBe(66666);
    expect(creditsForDollars(-5)).toBe(0);
  });

  it("S1-3.009 S2-3.015 S1-6.011 / limits: the plan's, plus add-on credits, plus on-demand credits on Pro only", () => {
    expect(FREE_LIMITS).toMatchObject({
      includedCredits: 400,
      includedVmTier: 2,
      onDemandCreditLimit: 0,
      includedPrivateSandboxes: 5,
      includedDrafts: 20,
      includedMembers: 5,
      includedStorage: 20,
    });
    expect(workspaceLimits({ plan: "free", pro: false, spendingLimit: 50 })).toMatchObject({
      onDemandCreditLimit: 0,
      onDemandSpendingLimit: 50,
    });
    const pro = workspaceLimits({ plan: "flex", pro: true, addonCredits: 4000, spendingLimit: 30 });
    expect(pro).toMatchObject({
      includedCredits: 5000,
      includedVmTier: 4,
      onDemandCreditLimit: 2000,
      onDemandSpendingLimit: 30,
      includedMembers: 20,
      includedPrivateSandboxes: UNLIMITED,
      includedDrafts: UNLIMITED,
    });
    expect(workspaceLimits({ plan: "flex", pro: true, unmeteredCredits: true }).includedCredits).toBe(
      UNLIMITED,
    );
    expect(workspaceLimits({ plan: "enterprise", pro: true }).includedVmTier).toBe(6);
  });
});
