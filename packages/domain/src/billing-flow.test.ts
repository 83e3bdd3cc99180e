import { describe, expect, it } from "vitest";
import {
  bannerIsError,
  billingBanner,
  isBillingManager,
  nextStep,
  parseUpgradeQuery,
  planNoticeBanner,
  previousStep,
  UPGRADE_STEPS,
  upgradeEligible,
  upgradeStartStep,
  workspaceBillingKind,
} from "./billing-flow.ts";

const member = (authorization: "ADMIN" | "WRITE" | "READ", teamManager = false) => ({
  userId: "me",
  authorization,
  teamManager,
});

const workspace = (
  status: "ACTIVE" | "UNPAID" | null,
  ubbBeta: boolean,
  role = member("ADMIN"),
  friendOfCsb = false,
) => ({
  subscription: status ? { status } : null,
  featureFlags: { ubbBeta, friendOfCsb },
  userAuthorizations: [role],
});

describe("billing flows", () => {
  it("S2-6.003 S1-6.002 / admins and team managers manage billing; editors and viewers do not", () => {
    expect(isBillingManager(workspace(null, true), "me")).toBe(true);
    expect(isBillingManager(workspace(null, true, member("WRITE", true)), "me")).toBe(true);
    expect(isBillingManager(workspace(null, true, member("WRITE")), "me")).toBe(false);
    expect(isBillingManager(workspace(null, true, member("READ")), "me")).toBe(false);
    expect(isBillingManager(workspace(null, true), "someone-else")).toBe(false);
  });

  it("S2-2.049 S2-4.014 S2-6.014 / the finalize step by workspace kind: free, Pro on usage billing, legacy Pro", () => {
    expect(workspaceBillingKind(workspace(null, true))).toBe("free");
    expect(workspaceBillingKind(workspace("UNPAID", true))).toBe("free");
    expect(workspaceBillingKind(workspace("ACTIVE", true))).toBe("usage-pro");
    expect(workspaceBillingKind(workspace("ACTIVE", false))).toBe("legacy-pro");
    // friendOfCsb turns usage billing off.
    expect(workspaceBillingKind(workspace("ACTIVE", true, member("ADMIN"), true))).toBe("legacy-pro");
  });

  it("S2-5.010 S2-6.004 / only billing managers may pick a workspace, and not one already paying on usage billing", () => {
    expect(upgradeEligible(workspace(null, true), "me")).toBe(true);
    expect(upgradeEligible(workspace("ACTIVE", false), "me")).toBe(true);
    expect(upgradeEligible(workspace("ACTIVE", true), "me")).toBe(false);
    expect(upgradeEligible(workspace(null, true, member("WRITE")), "me")).toBe(false);
    expect(upgradeEligible(workspace(null, true, member("READ", true)), "me")).toBe(true);
  });

  it("S2-2.044 / the query: workspace, plan flex or builder, interval month or year", () => {
    expect(parseUpgradeQuery("?workspace=w1&plan=builder&interval=year")).toEqual({
      workspace: "w1",
      plan: "builder",
      interval: "YEARLY",
    });
    expect(parseUpgradeQuery("?plan=enterprise&interval=week")).toEqual({
      workspace: null,
      plan: null,
      interval: null,
    });
  });

  it("S2-2.043 S2-2.045 / select-workspace without a workspace; spending-limit when plan, interval and workspace are given", () => {
    expect(upgradeStartStep(parseUpgradeQuery(""), false)).toBe("select-workspace");
    expect(upgradeStartStep(parseUpgradeQuery("?workspace=w"), false)).toBe("plans");
    expect(upgradeStartStep(parseUpgradeQuery("?workspace=w&plan=flex"), false)).toBe("plans");
    expect(upgradeStartStep(parseUpgradeQuery("?workspace=w&plan=flex&interval=month"), false)).toBe(
      "spending-limit",
    );
    expect(upgradeStartStep(parseUpgradeQuery("?workspace=w&plan=flex&interval=month"), true)).toBe("plans");
    expect(nextStep(UPGRADE_STEPS, "plans")).toBe("spending-limit");
    expect(nextStep(UPGRADE_STEPS, "finalize")).toBe("finalize");
    expect(previousStep(UPGRADE_STEPS, "select-workspace")).toBeNull();
  });

  it("S2-2.052 S2-4.011 S2-4.012 S1-4.009 / the banner: a payment problem first, then the credit state", () => {
    expect(billingBanner({ subscriptionStatus: "UNPAID", creditState: "LIMIT_REACHED" })).toEqual({
      kind: "payment",
      problem: "unpaid",
    });
    expect(billingBanner({ subscriptionStatus: "INCOMPLETE", creditState: "OK" })).toEqual({
      kind: "payment",
      problem: "not-approved",
    });
    expect(billingBanner({ subscriptionStatus: "ACTIVE", creditState: "OK" })).toBeNull();
    const out = billingBanner({ subscriptionStatus: null, creditState: "OUT_OF_CREDITS" })!;
    expect(out).toEqual({ kind: "credits", state: "OUT_OF_CREDITS" });
    expect(bannerIsError(out)).toBe(true);
    expect(bannerIsError({ kind: "credits", state: "LOW_CREDITS" })).toBe(false);
    expect(bannerIsError({ kind: "credits", state: "LIMIT_REACHED" })).toBe(true);
  });
});

describe("plan notices", () => {
  const base = {
    usageBilling: true,
    pro: false,
    insertedAt: "2025-03-01T00:00:00.000Z",
    visitedBefore: true,
    dismissed: () => false,
  };
  it("S1-4.007 S1-9.006 / with usage billing: the welcome before 2024-02-01, the Pro upsell for newer Free workspaces visited before", () => {
    expect(planNoticeBanner({ ...base, insertedAt: "2024-01-31T23:59:59.000Z" })).toBe(
      "usage-billing-welcome",
    );
    expect(planNoticeBanner({ ...base, insertedAt: "2024-01-31T00:00:00.000Z", pro: true })).toBe(
      "usage-billing-welcome",
    );
    expect(planNoticeBanner(base)).toBe("pro-upsell");
    expect(planNoticeBanner({ ...base, visitedBefore: false })).toBeNull();
    expect(planNoticeBanner({ ...base, pro: true })).toBeNull();
  });

  it("S1-4.008 S1-4.006 / without usage billing a Pro workspace sees the conversion banner; dismissed banners stay hidden", () => {
    expect(planNoticeBanner({ ...base, usageBilling: false, pro: true })).toBe("legacy-pro-conversion");
    expect(planNoticeBanner({ ...base, usageBilling: false })).toBeNull();
    expect(planNoticeBanner({ ...base, dismissed: (b) => b === "pro-upsell" })).toBeNull();
  });
});
