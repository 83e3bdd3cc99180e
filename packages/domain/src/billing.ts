/**
 * Subscriptions, checkout packages, plan changes, spending limits and credit states (spec 1 §6,
 * §9; spec 2 §3, §4, §5, §9; api-contract §2, §12): pure rules shared by the server and the web app.
 */
import {
  ADDON_IDS,
  type AddonId,
  addonCost,
  CREDIT_ADDONS,
  isAddonId,
  isPaidPlanId,
  type PaidPlanId,
  PLANS,
  planCost,
} from "./plans.ts";
import { hoursLeft } from "./vm-tiers.ts";

// ---------------------------------------------------------------------------------------------
// Enumerations (api-contract §2)

export const SUBSCRIPTION_STATUSES = [
  "ACTIVE",
  "CANCELLED",
  "INCOMPLETE",
  "INCOMPLETE_EXPIRED",
  "PAUSED",
  "TRIALING",
  "UNKNOWN",
  "UNPAID",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_INTERVALS = ["MONTHLY", "YEARLY"] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

export const SUBSCRIPTION_ORIGINS = ["LEGACY", "PATRON", "PILOT"] as const;
export type SubscriptionOrigin = (typeof SUBSCRIPTION_ORIGINS)[number];

export const SUBSCRIPTION_TYPES = ["PERSONAL_PRO", "TEAM_PRO"] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const SUBSCRIPTION_PAYMENT_PROVIDERS = ["STRIPE"] as const;
export type SubscriptionPaymentProvider = (typeof SUBSCRIPTION_PAYMENT_PROVIDERS)[number];

export const UPDATE_MOMENTS = ["IMMEDIATELY", "NEXT_BILL_DATE"] as const;
export type UpdateMoment = (typeof UPDATE_MOMENTS)[number];

/** The REST checkout's `billing_interval` (spec 2 §7: monthly or yearly). */
export const CHECKOUT_INTERVALS = { monthly: "MONTHLY", yearly: "YEARLY" } as const;
export type CheckoutInterval = keyof typeof CHECKOUT_INTERVALS;

/** The legacy checkout's `recurring_interval` (spec 2 §7, POST /api/v1/checkout without a version). */
export const RECURRING_INTERVALS = { month: "MONTHLY", year: "YEARLY" } as const;
export type RecurringInterval = keyof typeof RECURRING_INTERVALS;

/** A subscription that has ended: the workspace may check out again. */
export function subscriptionEnded(status: SubscriptionStatus): boolean {
  return status === "CANCELLED" || status === "INCOMPLETE_EXPIRED";
}

/** Subscription status unpaid or incomplete shows the payment banner (spec 1 §4, spec 2 §4). */
export function paymentProblem(
  status: SubscriptionStatus | null | undefined,
): "unpaid" | "not-approved" | null {
  if (status === "UNPAID") return "unpaid";
  if (status === "INCOMPLETE") return "not-approved";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Who is Pro, who is on usage billing (spec 1 §6, spec 2 §4)

/** Workspace is Pro when its subscription status is ACTIVE, or on an on-premise install (spec 1 §6). */
export function isProWorkspace(subscriptionStatus: string | null | undefined, onPremise: boolean): boolean {
  return onPremise || subscriptionStatus === "ACTIVE";
}

/** Usage-based billing is active only when ubbBeta is set and friendOfCsb is not (spec 1 §6). */
export function usageBillingActive(flags: { ubbBeta: boolean; friendOfCsb: boolean } | null | undefined) {
  return Boolean(flags?.ubbBeta && !flags.friendOfCsb);
}

// ---------------------------------------------------------------------------------------------
// Subscription items: `flex`, `flex_annual`, `credits_500`, `credits_500_annual`, ...

const ANNUAL = "_annual";

/** The name of a subscription (schedule) item: the catalogue id, with `_annual` when billed yearly. */
export function subscriptionItemName(id: PaidPlanId | AddonId, interval: SubscriptionInterval): string {
  return interval === "YEARLY" ? `${id}${ANNUAL}` : id;
}

export type ParsedItem =
  | { kind: "plan"; id: PaidPlanId; interval: SubscriptionInterval }
  | { kind: "addon"; id: AddonId; interval: SubscriptionInterval };

export function parseSubscriptionItemName(name: string): ParsedItem | null {
  const interval: SubscriptionInterval = name.endsWith(ANNUAL) ? "YEARLY" : "MONTHLY";
  const id = interval === "YEARLY" ? name.slice(0, -ANNUAL.length) : name;
  if (isPaidPlanId(id)) return { kind: "plan", id, interval };
  if (isAddonId(id)) return { kind: "addon", id, interval };
  return null;
}

/** Pro plan type is 'flex' if the schedule item is named flex (also with an _annual suffix), otherwise 'builder' (spec 2 §4). */
export function proPlanType(items: readonly { name: string }[]): PaidPlanId {
  return items.some((i) => i.name === "flex" || i.name === `flex${ANNUAL}`) ? "flex" : "builder";
}

// ---------------------------------------------------------------------------------------------
// The checkout package (spec 2 §3 Subscription package, §4 Checkout): amounts in cents

export type PackageItem = { id: AddonId; credits: number; price: number; quantity: number };

export type SubscriptionPackage = {
  basePlan: { id: PaidPlanId; credits: number; price: number };
  addonItems: PackageItem[];
  billingInterval: SubscriptionInterval;
  /** The plan's credits plus each add-on's credits times its quantity, every cycle. */
  totalCredits: number;
  /** Cents for one billing cycle (a month, or a whole year). */
  totalPrice: number;
};

function priceFor(cost: { costMonth: number; costYear: number }, interval: SubscriptionInterval) {
  return interval === "YEARLY" ? cost.costYear : cost.costMonth;
}

function withTotals(pkg: Omit<SubscriptionPackage, "totalCredits" | "totalPrice">): SubscriptionPackage {
  const counted = pkg.addonItems.filter((i) => i.quantity > 0);
  return {
    ...pkg,
    totalCredits: pkg.basePlan.credits + counted.reduce((sum, i) => sum + i.credits * i.quantity, 0),
    totalPrice: pkg.basePlan.price + counted.reduce((sum, i) => sum + i.price * i.quantity, 0),
  };
}

/** Add-on ids as a checkout sends them (`["credits_500", "credits_500"]`) counted into quantities. */
export function countAddons(ids: readonly AddonId[]): { id: AddonId; quantity: number }[] {
  const counts = new Map<AddonId, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return ADDON_IDS.filter((id) => counts.has(id)).map((id) => ({ id, quantity: counts.get(id)! }));
}

/** A package of a plan, an interval and add-ons, with its totals. */
export function buildPackage(
  plan: PaidPlanId,
  interval: SubscriptionInterval,
  addons: readonly { id: AddonId; quantity: number }[] = [],
): SubscriptionPackage {
  const base = { id: plan, credits: PLANS[plan].credits ?? 0, price: priceFor(planCost(plan), interval) };
  const items: PackageItem[] = [];
  for (const { id, quantity } of addons) {
    if (quantity < 0) continue;
    const existing = items.find((i) => i.id === id);
    if (existing) existing.quantity += quantity;
    else
      items.push({
        id,
        credits: CREDIT_ADDONS[id].credits,
        price: priceFor(addonCost(id), interval),
        quantity,
      });
  }
  return withTotals({ basePlan: base, addonItems: items, billingInterval: interval });
}

/** Another base plan or interval, keeping the add-ons (their prices follow the interval). */
export function changeBase(
  pkg: SubscriptionPackage,
  plan: PaidPlanId,
  interval: SubscriptionInterval = pkg.billingInterval,
): SubscriptionPackage {
  return buildPackage(plan, interval, pkg.addonItems);
}

/** Sets an add-on's quantity; a quantity below zero removes the item (spec 2 §4); totals are recomputed. */
export function setAddonQuantity(
  pkg: SubscriptionPackage,
  id: AddonId,
  quantity: number,
): SubscriptionPackage {
  const others = pkg.addonItems.filter((i) => i.id !== id);
  if (quantity < 0) return withTotals({ ...pkg, addonItems: others });
  const existing = pkg.addonItems.find((i) => i.id === id);
  const item: PackageItem = existing
    ? { ...existing, quantity }
    : {
        id,
        credits: CREDIT_ADDONS[id].credits,
        price: priceFor(addonCost(id), pkg.billingInterval),
        quantity,
      };
  const order = (i: PackageItem) => ADDON_IDS.indexOf(i.id);
  return withTotals({ ...pkg, addonItems: [...others, item].sort((a, b) => order(a) - order(b)) });
}

/** The add-ons a package bills for (quantity above zero), as `{id, quantity}`. */
export function packageAddons(pkg: SubscriptionPackage): { id: AddonId; quantity: number }[] {
  return pkg.addonItems.filter((i) => i.quantity > 0).map((i) => ({ id: i.id, quantity: i.quantity }));
}

/** The subscription items of a package: the plan, then each add-on with its quantity. */
export function packageItems(pkg: SubscriptionPackage) {
  return [
    {
      name: subscriptionItemName(pkg.basePlan.id, pkg.billingInterval),
      quantity: 1,
      unitAmount: pkg.basePlan.price,
    },
    ...packageAddons(pkg).map((a) => ({
      name: subscriptionItemName(a.id, pkg.billingInterval),
      quantity: a.quantity,
      unitAmount: pkg.addonItems.find((i) => i.id === a.id)!.price,
    })),
  ];
}

/** The package subscription items describe (unknown names are left out); null without a plan item. */
export function packageFromItems(
  items: readonly { name: string; quantity: number }[],
): SubscriptionPackage | null {
  let plan: { id: PaidPlanId; interval: SubscriptionInterval } | null = null;
  const addons: { id: AddonId; quantity: number }[] = [];
  for (const item of items) {
    const parsed = parseSubscriptionItemName(item.name);
    if (parsed?.kind === "plan") plan = { id: parsed.id, interval: parsed.interval };
    if (parsed?.kind === "addon") addons.push({ id: parsed.id, quantity: item.quantity });
  }
  return plan ? buildPackage(plan.id, plan.interval, addons) : null;
}

// ---------------------------------------------------------------------------------------------
// Plan changes (spec 2 §4: upgrades take effect at once with a new cycle, downgrades at the end of it)

const PLAN_RANK: Record<PaidPlanId, number> = { flex: 1, builder: 2 };

/**
 * When a change of package takes effect: a higher plan, moving to yearly billing, or more credits
 * start at once (a new cycle begins, IMMEDIATELY); a lower plan, moving to monthly billing or fewer
 * credits wait for the next bill date. Null when nothing changes.
 */
export function planChangeMoment(
  current: SubscriptionPackage,
  next: SubscriptionPackage,
): UpdateMoment | null {
  const rank = PLAN_RANK[next.basePlan.id] - PLAN_RANK[current.basePlan.id];
  if (rank !== 0) return rank > 0 ? "IMMEDIATELY" : "NEXT_BILL_DATE";
  if (current.billingInterval !== next.billingInterval) {
    return next.billingInterval === "YEARLY" ? "IMMEDIATELY" : "NEXT_BILL_DATE";
  }
  if (next.totalCredits !== current.totalCredits) {
    return next.totalCredits > current.totalCredits ? "IMMEDIATELY" : "NEXT_BILL_DATE";
  }
  const same = (a: SubscriptionPackage, b: SubscriptionPackage) =>
    JSON.stringify(packageAddons(a)) === JSON.stringify(packageAddons(b));
  return same(current, next) ? null : "IMMEDIATELY";
}

/**
 * What starting `next` now costs when `current` (costing `currentPrice` cents for its whole cycle)
 * still has `remaining` of its cycle (0 to 1) left: the new cycle's price less the unused part of
 * the current one, never below zero. Cents.
 */
export function proratedCharge(nextPrice: number, currentPrice: number, remaining: number): number {
  const unused = Math.round(currentPrice * Math.min(1, Math.max(0, remaining)));
  return Math.max(0, nextPrice - unused);
}

// ---------------------------------------------------------------------------------------------
// Spending limit (spec 2 §5, §9)

export const SPENDING_LIMIT_MAX = { pro: 1000, free: 100 } as const;

export function spendingLimitMax(pro: boolean): number {
  return pro ? SPENDING_LIMIT_MAX.pro : SPENDING_LIMIT_MAX.free;
}

/** 'Please enter a valid amount between 0 and {max}' (spec 2 §5). */
export function spendingLimitInvalidMessage(max: number): string {
  return `Please enter a valid amount between 0 and ${max}`;
}

/** 'For the first two billing cycles, the maximum limit is ${max}. If you need a higher limit, contact us.' (spec 2 §5). */
export function spendingLimitTooHighMessage(max: number): string {
  return `For the first two billing cycles, the maximum limit is $${max}. If you need a higher limit, contact us.`;
}

/**
 * The problem with a spending limit as typed or sent, or null: numeric, at least 0 (else the
 * invalid-amount text), at most 1000 on Pro and 100 on Free (else the first-two-cycles text).
 */
export function spendingLimitProblem(value: string | number, pro: boolean): string | null {
  const max = spendingLimitMax(pro);
  const text = typeof value === "number" ? String(value) : value.trim();
  const number = Number(text);
  if (text === "" || !/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(number) || number < 0) {
    return spendingLimitInvalidMessage(max);
  }
  if (number > max) return spendingLimitTooHighMessage(max);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Credit states (spec 2 §4, §9; spec 1 §9)

/** Free: close to out of credits when fewer than 50 are left (spec 2 §9). */
export const LOW_CREDITS_LEFT = 50;
/** Pro: close to the limit when more than 0.9 of included plus on-demand credits are used (spec 2 §9). */
export const CLOSE_TO_LIMIT_RATIO = 0.9;

export const CREDIT_STATES = [
  "OK",
  "LOW_CREDITS",
  "OUT_OF_CREDITS",
  "CLOSE_TO_LIMIT",
  "LIMIT_REACHED",
] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

export type CreditInput = {
  pro: boolean;
  used: number;
  includedCredits: number;
  onDemandCreditLimit: number;
};

/** The most a workspace may use in a cycle: its included credits, plus its on-demand credits on Pro. */
export function creditMaximum(input: Omit<CreditInput, "used">): number {
  return input.includedCredits + (input.pro ? input.onDemandCreditLimit : 0);
}

/**
 * Low on credits (warning) or out of credits (error, frozen) on Free; close to the spending limit
 * (warning) or at it (error, frozen) on Pro (spec 2 §4).
 */
export function creditState(input: CreditInput): CreditState {
  const max = creditMaximum(input);
  if (!input.pro) {
    if (input.used >= input.includedCredits) return "OUT_OF_CREDITS";
    return input.includedCredits - input.used < LOW_CREDITS_LEFT ? "LOW_CREDITS" : "OK";
  }
  if (input.used >= max) return "LIMIT_REACHED";
  return max > 0 && input.used / max > CLOSE_TO_LIMIT_RATIO ? "CLOSE_TO_LIMIT" : "OK";
}

/** States in which the workspace is frozen until it upgrades, raises its limit or a new cycle starts. */
export function creditStateFreezes(state: CreditState): boolean {
  return state === "OUT_OF_CREDITS" || state === "LIMIT_REACHED";
}

/** The sidebar's credits block: used (capped at the maximum) over the maximum, and hours of runtime left (spec 1 §9). */
export function creditsDisplay(input: CreditInput): { used: number; max: number; hoursLeft: number } {
  const max = creditMaximum(input);
  const used = Math.min(Math.max(0, input.used), max);
  return { used, max, hoursLeft: hoursLeft(max - used) };
}

// ---------------------------------------------------------------------------------------------
// Refunds (spec 2 §9)

export const REFUND_RULE = {
  days: 14,
  regions: ["EU", "TR"],
  text: "Refunds within 14 days for customers in the EU and Turkey, except with larger VMs, over 400 credits, add-ons, or over 5 members.",
} as const;

/** Whether a purchase can be refunded: within 14 days, in the EU or Turkey, and none of the exclusions. */
export function refundEligible(input: {
  region: string;
  daysSincePurchase: number;
  largestVmTierUsed: number;
  creditsUsed: number;
  hasAddons: boolean;
  members: number;
}): boolean {
  return (
    (REFUND_RULE.regions as readonly string[]).includes(input.region) &&
    input.daysSincePurchase <= REFUND_RULE.days &&
    input.largestVmTierUsed <= PLANS.free.maxVmTier &&
    input.creditsUsed <= (PLANS.free.credits ?? 0) &&
    !input.hasAddons &&
    input.members <= PLANS.free.members
  );
}
