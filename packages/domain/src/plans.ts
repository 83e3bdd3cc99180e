/**
 * The plan catalogue (spec 2 §3, §6, §9; api-contract §15): the one place for every fact about the
 * plans and the credit add-ons. The server's plan resolver, `GET /api/v1/prices`, checkout, the
 * limits (Team.limits) and the web app's plans page all read it from here.
 */
import { CREDIT_PRICE_USD, hoursLeft, VM_TIERS, type VmTier } from "./vm-tiers.ts";

/** The largest 32-bit integer: plan limits use it for "Unlimited" (spec 2 §3). */
export const UNLIMITED = 2_147_483_647;

export function isUnlimited(value: number): boolean {
  return value >= UNLIMITED;
}

export const PLAN_IDS = ["free", "flex", "builder", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans a workspace can buy through checkout (Enterprise is reached by contacting sales). */
export const PAID_PLAN_IDS = ["flex", "builder"] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export function isPaidPlanId(value: string): value is PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(value);
}

/**
 * How many credits `dollars` buy at the credit price ($0.015), rounded down (100 → 6666). Counted
 * in tenths of a cent, so that no floating-point rounding creeps in.
 */
export function creditsForDollars(dollars: number): number {
  const milli = Math.round(Math.max(0, dollars) * 1000);
  return Math.floor(milli / Math.round(CREDIT_PRICE_USD * 1000));
}

export type Plan = {
  id: PlanId;
  name: string;
  /** Members (and pending invitations) the workspace may have. */
  members: number;
  sandboxes: number;
  devboxes: number;
  /** Devboxes running at once; null means custom (Enterprise, agreed with sales). */
  concurrentDevboxes: number | null;
  /** Hours a devbox keeps running in one session before it hibernates. */
  sessionLength: number;
  repositories: number;
  /** The largest VM tier the plan may use (vm-3 and vm-4 from Pro, vm-5 and vm-6 on Enterprise). */
  maxVmTier: number;
  /** The shortid of that tier, e.g. `vm-2`. */
  vmType: string;
  /** Credits included every billing cycle; null for Enterprise (agreed with sales). */
  credits: number | null;
  /** GB of storage; null for Enterprise. */
  storage: number | null;
  privateSandboxes: number;
  /** Drafts each member may keep. */
  drafts: number;
  sdk: boolean;
  privateProject: boolean;
  shareableLinks: boolean;
  privateNPM: boolean;
  liveSessions: boolean;
  apiAccess: boolean;
  protectedPreviews: boolean;
  sso: boolean;
  soc2: boolean;
  privateCloud: boolean;
  onPremise: boolean;
  instantEnvironmentResume: boolean;
  instantEnvironmentShare: boolean;
  /** Dollars a month, billed monthly; null: contact sales. */
  priceMonthly: number | null;
  /** Dollars a month, billed yearly (the plans table's "$/month billed yearly"); null: contact sales. */
  priceYearly: number | null;
  /** What the plan includes, one line each, for the plans page. */
  usage: string[];
  features: string[];
};

const ALL_PLANS_FEATURES = {
  sdk: true,
  privateProject: true,
  shareableLinks: true,
  privateNPM: true,
  liveSessions: true,
  apiAccess: true,
  soc2: true,
  instantEnvironmentResume: true,
  instantEnvironmentShare: true,
} as const;

const SELF_SERVE_ONLY = {
  protectedPreviews: false,
  sso: false,
  privateCloud: false,
  onPremise: false,
} as const;

function tierOf(tier: number): VmTier {
  return VM_TIERS.find((t) => t.tier === tier)!;
}

function creditsLine(credits: number): string {
  return `${credits} credits/month (up to ${hoursLeft(credits)} hours on Nano VMs)`;
}

function vmLine(tier: number): string {
  const t = tierOf(tier);
  return `VM sizes up to ${t.cpu} vCPUs and ${t.memory} GB RAM`;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Build",
    members: 5,
    sandboxes: UNLIMITED,
    devboxes: UNLIMITED,
    concurrentDevboxes: 10,
    sessionLength: 1,
    repositories: UNLIMITED,
    maxVmTier: 2,
    vmType: "vm-2",
    credits: 400,
    storage: 20,
    privateSandboxes: 5,
    drafts: 20,
    ...ALL_PLANS_FEATURES,
    ...SELF_SERVE_ONLY,
    priceMonthly: 0,
    priceYearly: 0,
    usage: [creditsLine(400), "20 GB storage", "Up to 10 concurrent VMs", vmLine(2)],
    features: [
      "Private sandboxes and devboxes",
      "Live collaboration with up to 5 members",
      "AI features",
      "The editor extension",
    ],
  },
  flex: {
    id: "flex",
    name: "Pro",
    members: 20,
    sandboxes: UNLIMITED,
    devboxes: UNLIMITED,
    concurrentDevboxes: 10,
    sessionLength: 24,
    repositories: UNLIMITED,
    maxVmTier: 4,
    vmType: "vm-4",
    credits: 1000,
    storage: 50,
    privateSandboxes: UNLIMITED,
    drafts: UNLIMITED,
    ...ALL_PLANS_FEATURES,
    ...SELF_SERVE_ONLY,
    priceMonthly: 12,
    priceYearly: 9,
    usage: [creditsLine(1000), "50 GB storage", "Up to 10 concurrent VMs", vmLine(4)],
    features: [
      "Up to 20 members at no extra cost",
      "Purchasable credits",
      "Unlimited devboxes and personal drafts",
      "On-demand credits at $0.15 an hour",
    ],
  },
  builder: {
    id: "builder",
    name: "Scale",
    members: 20,
    sandboxes: UNLIMITED,
    devboxes: UNLIMITED,
    concurrentDevboxes: 250,
    sessionLength: 24,
    repositories: UNLIMITED,
    maxVmTier: 4,
    vmType: "vm-4",
    credits: 1600,
    storage: 50,
    privateSandboxes: UNLIMITED,
    drafts: UNLIMITED,
    ...ALL_PLANS_FEATURES,
    ...SELF_SERVE_ONLY,
    priceMonthly: 170,
    priceYearly: 119,
    usage: [creditsLine(1600), "50 GB storage", "Up to 250 concurrent VMs", vmLine(4)],
    features: [
      "Built for the SDK: run many VMs at once",
      "Up to 20 members at no extra cost",
      "Purchasable credits",
      "On-demand credits at $0.15 an hour",
    ],
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    members: UNLIMITED,
    sandboxes: UNLIMITED,
    devboxes: UNLIMITED,
    concurrentDevboxes: null,
    sessionLength: UNLIMITED,
    repositories: UNLIMITED,
    maxVmTier: 6,
    vmType: "vm-6",
    credits: null,
    storage: null,
    privateSandboxes: UNLIMITED,
    drafts: UNLIMITED,
    ...ALL_PLANS_FEATURES,
    protectedPreviews: true,
    sso: true,
    privateCloud: true,
    onPremise: true,
    priceMonthly: null,
    priceYearly: null,
    usage: ["Custom credits", "Custom concurrency", vmLine(6)],
    features: ["Unlimited members", "Protected previews", "SSO", "Private cloud", "On-premise"],
  },
};

/** The largest tier each plan may use (spec 2 §6), from the catalogue. */
export const PLAN_MAX_VM_TIER: Record<PlanId, number> = {
  free: PLANS.free.maxVmTier,
  flex: PLANS.flex.maxVmTier,
  builder: PLANS.builder.maxVmTier,
  enterprise: PLANS.enterprise.maxVmTier,
};

/** What a paid plan costs, in cents: a month billed monthly, and a whole year billed yearly. */
export function planCost(id: PaidPlanId): { costMonth: number; costYear: number } {
  const plan = PLANS[id];
  return { costMonth: plan.priceMonthly! * 100, costYear: plan.priceYearly! * 12 * 100 };
}

// ---------------------------------------------------------------------------------------------
// Credit add-ons (spec 2 §9, api-contract §15)

export const ADDON_IDS = ["credits_500", "credits_4000", "credits_24000"] as const;
export type AddonId = (typeof ADDON_IDS)[number];

export function isAddonId(value: string): value is AddonId {
  return (ADDON_IDS as readonly string[]).includes(value);
}

export type CreditAddon = {
  id: AddonId;
  credits: number;
  /** Dollars a month, billed monthly. */
  priceMonthly: number;
  /** Dollars for a year, billed yearly. */
  priceYearly: number;
  /** Dollars a month the credits would cost without the discount; null when there is none. */
  fullPrice: number | null;
  /** Percent off the full price; null when there is none. */
  discount: number | null;
  /** Shown highlighted on the plans page (credits_4000). */
  highlighted: boolean;
};

export const CREDIT_ADDONS: Record<AddonId, CreditAddon> = {
  credits_500: {
    id: "credits_500",
    credits: 500,
    priceMonthly: 9,
    priceYearly: 108,
    fullPrice: null,
    discount: null,
    highlighted: false,
  },
  credits_4000: {
    id: "credits_4000",
    credits: 4000,
    priceMonthly: 50,
    priceYearly: 600,
    fullPrice: 72,
    discount: 30,
    highlighted: true,
  },
  credits_24000: {
    id: "credits_24000",
    credits: 24000,
    priceMonthly: 216,
    priceYearly: 2592,
    fullPrice: 432,
    discount: 50,
    highlighted: false,
  },
};

/** What an add-on costs, in cents: a month billed monthly, and a whole year billed yearly. */
export function addonCost(id: AddonId): { costMonth: number; costYear: number } {
  const addon = CREDIT_ADDONS[id];
  return { costMonth: addon.priceMonthly * 100, costYear: addon.priceYearly * 100 };
}

/** An add-on shows credits/10 hours (spec 2 §9: 10 credits per VM-hour). */
export function addonHours(id: AddonId): number {
  return hoursLeft(CREDIT_ADDONS[id].credits);
}

// ---------------------------------------------------------------------------------------------
// Limits

export type WorkspaceLimits = {
  includedCredits: number;
  includedVmTier: number;
  /** Credits a Pro workspace may use beyond the included ones: its spending limit at the credit price. */
  onDemandCreditLimit: number;
  /** The spending limit in dollars (setTeamLimits), whatever the plan. */
  onDemandSpendingLimit: number;
  includedPublicSandboxes: number;
  includedPrivateSandboxes: number;
  includedSandboxes: number;
  includedDrafts: number;
  includedMembers: number;
  /** GB. */
  includedStorage: number;
  maxEditors: number;
  maxPrivateProjects: number;
  maxPublicProjects: number;
  maxPrivateSandboxes: number;
  maxPublicSandboxes: number;
};

/**
 * A workspace's limits: its plan's, plus the credits of its add-ons, plus (on Pro) the credits its
 * spending limit buys (spec 1 §6: Pro workspaces add onDemandCreditLimit to the credit maximum).
 * `unmeteredCredits` (on-premise installs run on their own machines) makes the credits unlimited.
 */
export function workspaceLimits(input: {
  plan: PlanId;
  pro: boolean;
  addonCredits?: number;
  spendingLimit?: number;
  unmeteredCredits?: boolean;
}): WorkspaceLimits {
  const plan = PLANS[input.plan];
  const included = (plan.credits ?? 0) + (input.addonCredits ?? 0);
  const spendingLimit = Math.max(0, input.spendingLimit ?? 0);
  return {
    includedCredits: input.unmeteredCredits || plan.credits === null ? UNLIMITED : included,
    includedVmTier: plan.maxVmTier,
    onDemandCreditLimit: input.pro && !input.unmeteredCredits ? creditsForDollars(spendingLimit) : 0,
    onDemandSpendingLimit: spendingLimit,
    includedPublicSandboxes: plan.sandboxes,
    includedPrivateSandboxes: plan.privateSandboxes,
    includedSandboxes: plan.sandboxes,
    includedDrafts: plan.drafts,
    includedMembers: plan.members,
    includedStorage: plan.storage ?? UNLIMITED,
    maxEditors: plan.members,
    maxPrivateProjects: plan.repositories,
    maxPublicProjects: plan.repositories,
    maxPrivateSandboxes: plan.privateSandboxes,
    maxPublicSandboxes: plan.sandboxes,
  };
}

/** What a workspace on the free Build plan may use (spec 2 §6 and §9). */
export const FREE_LIMITS: WorkspaceLimits = workspaceLimits({ plan: "free", pro: false });

/**
 * The highest tier a workspace may use: up to its `limits.includedVmTier`, and never beyond what
 * its plan allows (api-contract §14).
 */
export function highestVmTier(includedVmTier: number, plan: PlanId): number {
  const max = Math.min(includedVmTier, PLAN_MAX_VM_TIER[plan], VM_TIERS[VM_TIERS.length - 1]!.tier);
  return Math.max(VM_TIERS[0]!.tier, Math.floor(max));
}

/** The tier a new devbox gets: 1 on a free workspace, 2 on a paid one (spec 2 §6, §9). */
export function defaultVmTier(plan: PlanId): number {
  return plan === "free" ? 1 : 2;
}
