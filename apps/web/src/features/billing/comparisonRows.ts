import { isUnlimited, PLAN_IDS, PLANS, type Plan, type PlanId, vmTier } from "@boxyard/domain";
import { formatLimit } from "./format.ts";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function sessionLength(hours: number): string {
  if (isUnlimited(hours)) return "Unlimited";
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

function largestVm(plan: Plan): string {
  const tier = vmTier(plan.maxVmTier);
  return tier ? `Up to ${tier.cpu} vCPUs / ${tier.memory} GB RAM` : plan.vmType;
}

/** The plan-details comparison table's rows, in the spec's order (spec 2 §2.8). */
export const COMPARISON_ROWS: readonly { label: string; value: (plan: Plan) => string }[] = [
  { label: "Members", value: (p) => formatLimit(p.members) },
  { label: "Sandboxes", value: (p) => formatLimit(p.sandboxes) },
  { label: "Devboxes", value: (p) => formatLimit(p.devboxes) },
  { label: "SDK", value: (p) => yesNo(p.sdk) },
  { label: "Concurrent Devboxes", value: (p) => formatLimit(p.concurrentDevboxes) },
  { label: "Session Length", value: (p) => sessionLength(p.sessionLength) },
  { label: "Repositories", value: (p) => formatLimit(p.repositories) },
  { label: "Virtual machines", value: largestVm },
  { label: "Private projects", value: (p) => yesNo(p.privateProject) },
  { label: "Live sessions", value: (p) => yesNo(p.liveSessions) },
  { label: "Private NPM", value: (p) => yesNo(p.privateNPM) },
  { label: "SSO", value: (p) => yesNo(p.sso) },
  { label: "SOC 2", value: (p) => yesNo(p.soc2) },
  { label: "Private cloud", value: (p) => yesNo(p.privateCloud) },
  { label: "On-premise", value: (p) => yesNo(p.onPremise) },
];

/** The table's columns: every plan, Build only for free workspaces. */
export function comparisonPlans(showBuild: boolean): PlanId[] {
  return PLAN_IDS.filter((id) => showBuild || id !== "free");
}

export function comparisonCell(row: (typeof COMPARISON_ROWS)[number], plan: PlanId): string {
  return row.value(PLANS[plan]);
}
