import {
  buildPackage,
  packageFromItems,
  type SubscriptionPackage,
  type UpgradeQuery,
  type WorkspaceBillingKind,
} from "@boxyard/domain";
import type { TeamBilling } from "../../api/queries/billing.ts";
import type { PlanSelection } from "../../features/billing/PlansStep.tsx";

/** The package a workspace has now: its schedule's current phase, or null without a subscription. */
export function currentPackage(team: TeamBilling): SubscriptionPackage | null {
  return team.subscriptionSchedule ? packageFromItems(team.subscriptionSchedule.current.items) : null;
}

/**
 * What the upgrade flow starts with: the plan and interval of the query; otherwise, on usage
 * billing, the current package; otherwise Pro, monthly.
 */
export function initialSelection(
  query: UpgradeQuery,
  team: TeamBilling,
  kind: WorkspaceBillingKind,
): PlanSelection {
  const current = kind === "usage-pro" ? currentPackage(team) : null;
  const plan = query.plan ?? current?.basePlan.id ?? "flex";
  const interval = query.interval ?? current?.billingInterval ?? "MONTHLY";
  const addons = current?.addonItems ?? [];
  return { plan, pkg: buildPackage(plan, interval, addons) };
}
