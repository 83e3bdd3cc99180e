/**
 * The web app's billing flows (spec 2 §2.9, §2.10, §4, §5, §6; spec 1 §4, §6): who may upgrade
 * which workspace, which finalize step a workspace takes, where a flow starts, and which billing
 * banner a workspace shows. Pure rules; the pages read them from here.
 */
import {
  type CreditState,
  paymentProblem,
  type SubscriptionInterval,
  type SubscriptionStatus,
  usageBillingActive,
} from "./billing.ts";
import type { PaidPlanId } from "./plans.ts";
import type { TeamMemberAuthorization } from "./roles.ts";

type Flags = { ubbBeta: boolean; friendOfCsb: boolean } | null | undefined;

export type BillingWorkspace = {
  subscription: { status: SubscriptionStatus } | null;
  featureFlags: Flags;
  userAuthorizations: readonly {
    userId: string;
    authorization: TeamMemberAuthorization;
    teamManager: boolean;
  }[];
};

/** Admins and team managers (billing managers) may upgrade and manage billing (spec 2 §6, spec 1 §6). */
export function isBillingManager(workspace: Pick<BillingWorkspace, "userAuthorizations">, userId: string) {
  const me = workspace.userAuthorizations.find((a) => a.userId === userId);
  return Boolean(me && (me.authorization === "ADMIN" || me.teamManager));
}

/**
 * The finalize step of the upgrade flow (spec 2 §2.10): a free workspace checks out with the
 * payment provider; a Pro one on usage billing reviews a plan change; a legacy Pro one reviews its
 * conversion to usage billing.
 */
export type WorkspaceBillingKind = "free" | "usage-pro" | "legacy-pro";

export function workspaceBillingKind(
  workspace: Pick<BillingWorkspace, "subscription" | "featureFlags">,
): WorkspaceBillingKind {
  if (workspace.subscription?.status !== "ACTIVE") return "free";
  return usageBillingActive(workspace.featureFlags) ? "usage-pro" : "legacy-pro";
}

/**
 * Workspaces the user may pick in the upgrade flow (spec 2 §5): billing managers only, and not
 * those already paying on an active usage-billing subscription.
 */
export function upgradeEligible(workspace: BillingWorkspace, userId: string): boolean {
  return isBillingManager(workspace, userId) && workspaceBillingKind(workspace) !== "usage-pro";
}

// ---------------------------------------------------------------------------------------------
// The upgrade flow's query and steps

export const UPGRADE_STEPS = ["select-workspace", "plans", "spending-limit", "finalize"] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];

export const CREATE_WORKSPACE_STEPS = ["create", "usecases", "plans", "spending-limit", "finalize"] as const;
export type CreateWorkspaceStep = (typeof CREATE_WORKSPACE_STEPS)[number];

export type UpgradeQuery = {
  workspace: string | null;
  plan: PaidPlanId | null;
  interval: SubscriptionInterval | null;
};

/** Query parameters: workspace, plan (flex or builder), interval (month or year) (spec 2 §2.10). */
export function parseUpgradeQuery(search: string | URLSearchParams): UpgradeQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const plan = params.get("plan");
  const interval = params.get("interval");
  return {
    workspace: params.get("workspace") || null,
    plan: plan === "flex" || plan === "builder" ? plan : null,
    interval: interval === "month" ? "MONTHLY" : interval === "year" ? "YEARLY" : null,
  };
}

/** The query value of an interval: month or year. */
export function intervalParam(interval: SubscriptionInterval): "month" | "year" {
  return interval === "YEARLY" ? "year" : "month";
}

/**
 * Where the upgrade flow starts (spec 2 §2.10): select-workspace when the query has no workspace;
 * at spending-limit, the plan preselected, when plan, interval and workspace are all given and no
 * subscription is being built; otherwise at plans.
 */
export function upgradeStartStep(query: UpgradeQuery, building: boolean): UpgradeStep {
  if (!query.workspace) return "select-workspace";
  if (query.plan && query.interval && !building) return "spending-limit";
  return "plans";
}

/** The step after `step`; the last one stays. */
export function nextStep<S extends string>(steps: readonly S[], step: S): S {
  const index = steps.indexOf(step);
  return steps[Math.min(steps.length - 1, index + 1)]!;
}

export function previousStep<S extends string>(steps: readonly S[], step: S): S | null {
  const index = steps.indexOf(step);
  return index > 0 ? steps[index - 1]! : null;
}

// ---------------------------------------------------------------------------------------------
// Billing banners (spec 2 §2.11, §4, §8; spec 1 §4)

export type BillingBanner =
  | { kind: "payment"; problem: "unpaid" | "not-approved" }
  | { kind: "credits"; state: Exclude<CreditState, "OK"> };

/**
 * The billing banner a workspace shows, the most pressing first: a payment problem (unpaid or not
 * yet approved), then its credit state (out of credits, at the limit, close to it, low).
 */
export function billingBanner(input: {
  subscriptionStatus: SubscriptionStatus | null | undefined;
  creditState: CreditState;
}): BillingBanner | null {
  const problem = paymentProblem(input.subscriptionStatus);
  if (problem) return { kind: "payment", problem };
  if (input.creditState === "OK") return null;
  return { kind: "credits", state: input.creditState };
}

/** Credit banners whose state is an error (the workspace is frozen) rather than a warning. */
export function bannerIsError(banner: BillingBanner): boolean {
  return banner.kind === "credits" && (banner.state === "OUT_OF_CREDITS" || banner.state === "LIMIT_REACHED");
}

// ---------------------------------------------------------------------------------------------
// The dashboard's welcome and upsell banners (spec 1 §4 'Banners', §9)

/** Workspaces created before this day see the usage-based billing welcome (spec 1 §9). */
export const USAGE_WELCOME_CUTOFF = "2024-02-01T00:00:00.000Z";

export type PlanNoticeBanner = "usage-billing-welcome" | "legacy-pro-conversion" | "pro-upsell";

/**
 * Which plan notice the recent page shows, if any (spec 1 §4): with usage billing, a workspace made
 * before 2024-02-01 sees the welcome (Pro or Free wording), a newer Free one that has visited before
 * sees the Pro upsell; without it, a Pro workspace sees the legacy conversion banner. A dismissed
 * banner stays hidden.
 */
export function planNoticeBanner(input: {
  usageBilling: boolean;
  pro: boolean;
  insertedAt: string;
  visitedBefore: boolean;
  dismissed: (banner: PlanNoticeBanner) => boolean;
}): PlanNoticeBanner | null {
  const pick = (banner: PlanNoticeBanner) => (input.dismissed(banner) ? null : banner);
  if (!input.usageBilling) return input.pro ? pick("legacy-pro-conversion") : null;
  if (new Date(input.insertedAt).getTime() < new Date(USAGE_WELCOME_CUTOFF).getTime()) {
    return pick("usage-billing-welcome");
  }
  return !input.pro && input.visitedBefore ? pick("pro-upsell") : null;
}
