import { intervalParam, type PaidPlanId, type SubscriptionInterval } from "@boxyard/domain";

/** Links into the billing flows (spec 2 §2.10, spec 1 §2). */
export const billingPaths = {
  upgrade: (input: {
    workspace?: string | null;
    plan?: PaidPlanId;
    interval?: SubscriptionInterval;
    source?: string;
  }) => {
    const params = new URLSearchParams();
    if (input.workspace) params.set("workspace", input.workspace);
    if (input.plan) params.set("plan", input.plan);
    if (input.interval) params.set("interval", intervalParam(input.interval));
    if (input.source) params.set("source", input.source);
    const query = params.toString();
    return `/upgrade${query ? `?${query}` : ""}`;
  },
  manageSubscription: (workspace: string) =>
    `/manage-subscription?workspace=${encodeURIComponent(workspace)}`,
  manageAddons: (workspace: string) =>
    `/manage-subscription?workspace=${encodeURIComponent(workspace)}&flow=manage-addons`,
  plans: () => "/plans",
  billing: (workspace: string) => `/billing/${workspace}`,
  recent: (workspace?: string | null) =>
    workspace ? `/dashboard/recent?workspace=${encodeURIComponent(workspace)}` : "/dashboard/recent",
};
