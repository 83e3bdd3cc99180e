import { describe, expect, it } from "vitest";
import {
  buildPackage,
  changeBase,
  countAddons,
  creditState,
  creditStateFreezes,
  creditsDisplay,
  isProWorkspace,
  packageFromItems,
  packageItems,
  parseSubscriptionItemName,
  paymentProblem,
  planChangeMoment,
  proPlanType,
  proratedCharge,
  refundEligible,
  setAddonQuantity,
  spendingLimitProblem,
  subscriptionItemName,
  usageBillingActive,
} from "./billing.ts";
import { BILLING_MESSAGES } from "./billing-messages.ts";

describe("who is Pro", () => {
  it("S1-6.014 S2-4.014 / Pro when the subscription is ACTIVE or on an on-premise install, otherwise Free", () => {
    expect(isProWorkspace("ACTIVE", false)).toBe(true);
    expect(isProWorkspace("TRIALING", false)).toBe(false);
    expect(isProWorkspace("UNPAID", false)).toBe(false);
    expect(isProWorkspace(null, false)).toBe(false);
    expect(isProWorkspace(null, true)).toBe(true);
  });

  it("S2-6.014 / usage-based billing only with ubbBeta set and friendOfCsb not", () => {
    expect(usageBillingActive({ ubbBeta: true, friendOfCsb: false })).toBe(true);
    expect(usageBillingActive({ ubbBeta: true, friendOfCsb: true })).toBe(false);
    expect(usageBillingActive({ ubbBeta: false, friendOfCsb: false })).toBe(false);
    expect(usageBillingActive(null)).toBe(false);
  });

  it("S2-4.014 / the Pro plan type is flex when an item is named flex or flex_annual, otherwise builder", () => {
    expect(proPlanType([{ name: "flex" }, { name: "credits_500" }])).toBe("flex");
    expect(proPlanType([{ name: "flex_annual" }])).toBe("flex");
    expect(proPlanType([{ name: "builder_annual" }])).toBe("builder");
    expect(subscriptionItemName("credits_4000", "YEARLY")).toBe("credits_4000_annual");
    expect(parseSubscriptionItemName("builder_annual")).toEqual({
      kind: "plan",
      id: "builder",
      interval: "YEARLY",
    });
    expect(parseSubscriptionItemName("credits_500")).toEqual({
      kind: "addon",
      id: "credits_500",
      interval: "MONTHLY",
    });
    expect(parseSubscriptionItemName("team_pro")).toBeNull();
  });

  it("S2-4.012 S1-4.009 S2-8.011 / unpaid and incomplete subscriptions are payment problems, with the spec's banner texts", () => {
    expect(BILLING_MESSAGES.paymentIssues).toBe("There are some issues with your payment.");
    expect(BILLING_MESSAGES.paymentNotApproved).toBe("Your payment was not yet approved.");
    expect(paymentProblem("UNPAID")).toBe("unpaid");
    expect(paymentProblem("INCOMPLETE")).toBe("not-approved");
    expect(paymentProblem("ACTIVE")).toBeNull();
  });
});

describe("the checkout package", () => {
  it("S2-3.010 / a base plan, add-on items, the interval and the totals (cents)", () => {
    const pkg = buildPackage("flex", "MONTHLY", countAddons(["credits_500", "credits_4000", "credits_500"]));
    expect(pkg.basePlan).toEqual({ id: "flex", credits: 1000, price: 1200 });
    expect(pkg.addonItems).toEqual([
      { id: "credits_500", credits: 500, price: 900, quantity: 2 },
      { id: "credits_4000", credits: 4000, price: 5000, quantity: 1 },
    ]);
    expect(pkg.totalCredits).toBe(1000 + 1000 + 4000);
    expect(pkg.totalPrice).toBe(1200 + 1800 + 5000);
    const yearly = changeBase(pkg, "builder", "YEARLY");
    expect(yearly.basePlan).toEqual({ id: "builder", credits: 1600, price: 142800 });
    expect(yearly.totalPrice).toBe(142800 + 2 * 10800 + 60000);
  });

  it("S2-4.013 / adding and removing add-ons recomputes the totals; a quantity below zero removes the item", () => {
    let pkg = buildPackage("flex", "MONTHLY");
    pkg = setAddonQuantity(pkg, "credits_24000", 1);
    pkg = setAddonQuantity(pkg, "credits_500", 3);
    expect(pkg.addonItems.map((i) => i.id)).toEqual(["credits_500", "credits_24000"]);
    expect(pkg.totalCredits).toBe(1000 + 1500 + 24000);
    pkg = setAddonQuantity(pkg, "credits_500", 0);
    expect(pkg.addonItems.map((i) => [i.id, i.quantity])).toEqual([
      ["credits_500", 0],
      ["credits_24000", 1],
    ]);
    expect(pkg.totalPrice).toBe(1200 + 21600);
    pkg = setAddonQuantity(pkg, "credits_500", -1);
    expect(pkg.addonItems.map((i) => i.id)).toEqual(["credits_24000"]);
  });

  it("S2-3.014 / a package becomes subscription items and back", () => {
    const pkg = buildPackage("builder", "YEARLY", [{ id: "credits_4000", quantity: 2 }]);
    const items = packageItems(pkg);
    expect(items).toEqual([
      { name: "builder_annual", quantity: 1, unitAmount: 142800 },
      { name: "credits_4000_annual", quantity: 2, unitAmount: 60000 },
    ]);
    expect(packageFromItems(items)).toEqual(pkg);
    expect(packageFromItems([{ name: "credits_500", quantity: 1 }])).toBeNull();
  });
});

describe("plan changes", () => {
  const flex = buildPackage("flex", "MONTHLY");
  it("S2-4.010 / Pro to Scale takes effect at once (a new cycle), Scale to Pro at the end of the cycle", () => {
    expect(planChangeMoment(flex, buildPackage("builder", "MONTHLY"))).toBe("IMMEDIATELY");
    expect(planChangeMoment(buildPackage("builder", "MONTHLY"), flex)).toBe("NEXT_BILL_DATE");
    expect(planChangeMoment(flex, buildPackage("flex", "YEARLY"))).toBe("IMMEDIATELY");
    expect(planChangeMoment(buildPackage("flex", "YEARLY"), flex)).toBe("NEXT_BILL_DATE");
    const more = setAddonQuantity(flex, "credits_500", 1);
    expect(planChangeMoment(flex, more)).toBe("IMMEDIATELY");
    expect(planChangeMoment(more, flex)).toBe("NEXT_BILL_DATE");
    expect(planChangeMoment(flex, buildPackage("flex", "MONTHLY"))).toBeNull();
  });

  it("S2-3.011 / an immediate change costs the new cycle less the unused part of the current one", () => {
    expect(proratedCharge(17000, 1200, 0.5)).toBe(17000 - 600);
    expect(proratedCharge(1200, 17000, 0.9)).toBe(0);
    expect(proratedCharge(17000, 1200, 2)).toBe(17000 - 1200);
  });
});

describe("the spending limit", () => {
  it("S2-5.009 S2-9.007 / numeric, 0 to 1000 on Pro and 100 on Free, with the spec's two texts", () => {
    expect(spendingLimitProblem(0, true)).toBeNull();
    expect(spendingLimitProblem(1000, true)).toBeNull();
    expect(spendingLimitProblem("100", false)).toBeNull();
    expect(spendingLimitProblem(-1, true)).toBe("Please enter a valid amount between 0 and 1000");
    expect(spendingLimitProblem("abc", false)).toBe("Please enter a valid amount between 0 and 100");
    expect(spendingLimitProblem("", false)).toBe("Please enter a valid amount between 0 and 100");
    expect(spendingLimitProblem(1001, true)).toBe(
      "For the first two billing cycles, the maximum limit is $1000. If you need a higher limit, contact us.",
    );
    expect(spendingLimitProblem(101, false)).toBe(
      "For the first two billing cycles, the maximum limit is $100. If you need a higher limit, contact us.",
    );
  });
});

describe("credit states", () => {
  it("S2-9.008 S2-4.011 S2-8.012 / Free: low under 50 credits left, out of credits at the included credits (frozen)", () => {
    const free = { pro: false, includedCredits: 400, onDemandCreditLimit: 0 };
    expect(creditState({ ...free, used: 350 })).toBe("OK");
    expect(creditState({ ...free, used: 351 })).toBe("LOW_CREDITS");
    expect(creditState({ ...free, used: 400 })).toBe("OUT_OF_CREDITS");
    expect(creditStateFreezes("OUT_OF_CREDITS")).toBe(true);
    expect(creditStateFreezes("LOW_CREDITS")).toBe(false);
  });

  it("S2-9.008 S2-4.011 S1-6.011 / Pro: close to the limit over 0.9 of included plus on-demand, at the limit frozen", () => {
    const pro = { pro: true, includedCredits: 1000, onDemandCreditLimit: 1000 };
    expect(creditState({ ...pro, used: 1800 })).toBe("OK");
    expect(creditState({ ...pro, used: 1801 })).toBe("CLOSE_TO_LIMIT");
    expect(creditState({ ...pro, used: 2000 })).toBe("LIMIT_REACHED");
    expect(creditStateFreezes("LIMIT_REACHED")).toBe(true);
    expect(creditState({ pro: true, includedCredits: 1000, onDemandCreditLimit: 0, used: 901 })).toBe(
      "CLOSE_TO_LIMIT",
    );
  });

  it("S2-5.011 S1-9.016 S2-9.008 / the display caps used at the maximum; hours left are remaining credits over 10, rounded up", () => {
    expect(creditsDisplay({ pro: false, includedCredits: 400, onDemandCreditLimit: 0, used: 395 })).toEqual({
      used: 395,
      max: 400,
      hoursLeft: 1,
    });
    expect(creditsDisplay({ pro: false, includedCredits: 400, onDemandCreditLimit: 0, used: 520 })).toEqual({
      used: 400,
      max: 400,
      hoursLeft: 0,
    });
    expect(creditsDisplay({ pro: true, includedCredits: 1000, onDemandCreditLimit: 500, used: 0 }).max).toBe(
      1500,
    );
  });
});

describe("refunds", () => {
  it("S2-9.009 / 14 days in the EU and Turkey, not with larger VMs, over 400 credits, add-ons or over 5 members", () => {
    const base = {
      region: "EU",
      daysSincePurchase: 3,
      largestVmTierUsed: 1,
      creditsUsed: 100,
      hasAddons: false,
      members: 2,
    };
    expect(refundEligible(base)).toBe(true);
    expect(refundEligible({ ...base, region: "TR" })).toBe(true);
    expect(refundEligible({ ...base, region: "US" })).toBe(false);
    expect(refundEligible({ ...base, daysSincePurchase: 15 })).toBe(false);
    expect(refundEligible({ ...base, largestVmTierUsed: 3 })).toBe(false);
    expect(refundEligible({ ...base, creditsUsed: 401 })).toBe(false);
    expect(refundEligible({ ...base, hasAddons: true })).toBe(false);
    expect(refundEligible({ ...base, members: 6 })).toBe(false);
  });
});
