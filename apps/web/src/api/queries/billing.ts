import {
  BILLING_MESSAGES,
  type BillingOverview,
  type CheckoutInterval,
  type CheckoutView,
  type PaidPlanId,
  type SubscriptionInterval,
  type UpdateMoment,
} from "@boxyard/domain";
import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { graphql, type ResultOf, request } from "../graphql.ts";
import { cacheMutation, invalidatingMutation, plainMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import { workspaceKeys } from "./workspaces.ts";

export const billingKeys = {
  all: ["billing"] as const,
  team: (teamId: string) => ["billing", "team", teamId] as const,
  overview: (teamId: string) => ["billing", "overview", teamId] as const,
  checkout: (sessionId: string) => ["billing", "checkout", sessionId] as const,
};

// ---------------------------------------------------------------------------------------------
// A workspace's plan, subscription, schedule, limits and usage (TeamInfo's billing fields)

export const SCHEDULE_PHASE = graphql(`fragment SchedulePhase on SubscriptionPhase {
  startDate endDate items { name quantity unitAmount }
}`);
export const TEAM_BILLING = graphql(
  `query TeamBilling($teamId: UUID4!) { me { id team(id: $teamId) {
  id name frozen insertedAt
  userAuthorizations { userId authorization teamManager }
  featureFlags { ubbBeta friendOfCsb }
  subscription { id status origin paymentProvider billingInterval nextBillDate cancelAtPeriodEnd updateBillingUrl }
  subscriptionSchedule { billingInterval current { ...SchedulePhase } upcoming { ...SchedulePhase } }
  limits { includedCredits includedVmTier onDemandCreditLimit onDemandSpendingLimit }
  usage { credits }
} } }`,
  [SCHEDULE_PHASE],
);

/** A workspace's billing fields (TeamBilling). */
export type TeamBilling = NonNullable<NonNullable<ResultOf<typeof TEAM_BILLING>["me"]>["team"]>;

/** The billing fields of one workspace: the credits block, the banners and the upgrade flow read them. */
export const teamBillingQuery = (teamId: string) =>
  queryOptions({
    queryKey: billingKeys.team(teamId),
    queryFn: async ({ signal }) => {
      const data = await request(TEAM_BILLING, { teamId }, signal);
      return data.me?.team ?? null;
    },
    staleTime: 30 * 1000,
    // Credits are spent while devboxes run and no live event announces it: the block and the
    // banners catch up every minute.
    refetchInterval: 60 * 1000,
    retry: false,
  });

// ---------------------------------------------------------------------------------------------
// Prices (spec 2 §7; api-contract §15): cents; the dashboard's version answers camelCase keys

export const PRICES_API_VERSION = "2024-12-09";

type Cost = { costMonth: number; costYear: number; credits: number };
export type Prices = { base: Record<PaidPlanId, Cost>; addons: Record<string, Cost> };

export const pricesQuery = () =>
  queryOptions({
    queryKey: [...billingKeys.all, "prices"] as const,
    queryFn: ({ signal }) =>
      rest.get<Prices>("/api/v1/prices", {
        signal,
        headers: { "x-boxyard-api-version": PRICES_API_VERSION },
      }),
    staleTime: 60 * 60 * 1000,
    retry: false,
    // Price fetch errors are ignored (spec 2 §8): the catalogue's prices are shown instead.
    meta: { silent: true },
  });

// ---------------------------------------------------------------------------------------------
// Spending limit, plan changes and conversion (api-contract §12)

export const SET_TEAM_LIMITS =
  graphql(`mutation SetTeamLimits($teamId: UUID4!, $onDemandSpendingLimit: Int!) {
      setTeamLimits(teamId: $teamId, onDemandSpendingLimit: $onDemandSpendingLimit) }`);

export function setTeamLimits(vars: { teamId: string; onDemandSpendingLimit: number }) {
  return request(SET_TEAM_LIMITS, vars);
}

export type PlanChange = {
  teamId: string;
  plan: PaidPlanId;
  billingInterval: SubscriptionInterval;
  /** One entry per add-on bought. */
  addons: string[];
};

export type ChargePreview = { total: number; totalExcludingTax: number; updateMoment: UpdateMoment };

export const PREVIEW_UPDATE_USAGE_SUBSCRIPTION_PLAN = graphql(`mutation PreviewUpdateUsageSubscriptionPlan(
  $teamId: UUID4!, $plan: String!, $billingInterval: SubscriptionInterval, $addons: [String!]!
) {
  previewUpdateUsageSubscriptionPlan(teamId: $teamId, plan: $plan, billingInterval: $billingInterval, addons: $addons) {
    total totalExcludingTax updateMoment
  }
}`);

export const PREVIEW_CONVERT_TO_USAGE_BILLING = graphql(`mutation PreviewConvertToUsageBilling(
  $teamId: UUID4!, $plan: String!, $billingInterval: SubscriptionInterval, $addons: [String!]!
) {
  previewConvertToUsageBilling(teamId: $teamId, plan: $plan, billingInterval: $billingInterval, addons: $addons) {
    total totalExcludingTax updateMoment
  }
}`);

export const UPDATE_USAGE_SUBSCRIPTION_PLAN = graphql(`mutation UpdateUsageSubscriptionPlan(
  $teamId: UUID4!, $plan: String!, $billingInterval: SubscriptionInterval, $addons: [String!]!
) {
  updateUsageSubscriptionPlan(teamId: $teamId, plan: $plan, billingInterval: $billingInterval, addons: $addons)
}`);

export const CONVERT_TO_USAGE_BILLING = graphql(`mutation ConvertToUsageBilling(
  $teamId: UUID4!, $plan: String!, $billingInterval: SubscriptionInterval, $addons: [String!]!
) {
  convertToUsageBilling(teamId: $teamId, plan: $plan, billingInterval: $billingInterval, addons: $addons)
}`);

/** What a change of a usage-based subscription (or a legacy one's conversion) charges, and when. */
export async function previewPlanChange(
  change: PlanChange,
  kind: "usage" | "convert",
): Promise<ChargePreview> {
  if (kind === "usage") {
    return (await request(PREVIEW_UPDATE_USAGE_SUBSCRIPTION_PLAN, change)).previewUpdateUsageSubscriptionPlan;
  }
  return (await request(PREVIEW_CONVERT_TO_USAGE_BILLING, change)).previewConvertToUsageBilling;
}

export async function applyPlanChange(change: PlanChange, kind: "usage" | "convert"): Promise<boolean> {
  if (kind === "usage")
    return (await request(UPDATE_USAGE_SUBSCRIPTION_PLAN, change)).updateUsageSubscriptionPlan;
  return (await request(CONVERT_TO_USAGE_BILLING, change)).convertToUsageBilling;
}

export const SET_TEAM_METADATA = graphql(`mutation SetTeamMetadata($teamId: UUID4!, $useCases: [String!]!) {
      setTeamMetadata(teamId: $teamId, metadata: { useCases: $useCases }) { id } }`);

export function setTeamMetadata(vars: { teamId: string; useCases: string[] }) {
  return request(SET_TEAM_METADATA, vars);
}

// ---------------------------------------------------------------------------------------------
// Checkout and the customer portal (spec 2 §7; api-contract §13)

/** The usage-based checkout's API version (spec 2 §7). */
export const CHECKOUT_API_VERSION = "2024-01-20";

export type CheckoutRequest = {
  teamId: string;
  plan: PaidPlanId;
  billingInterval: CheckoutInterval;
  addons: string[];
  successPath: string;
  cancelPath: string;
  /** The spending limit chosen with the plan, set by the server when the checkout completes. */
  spendingLimit?: number;
};

export function startCheckout(body: CheckoutRequest) {
  return rest.post<{ stripeCheckoutUrl: string | null }>("/api/checkout", body, {
    headers: { "x-boxyard-api-version": CHECKOUT_API_VERSION },
  });
}

/** The checkout answered without an address. */
export class NoCheckoutUrlError extends Error {
  constructor() {
    super(BILLING_MESSAGES.checkoutUrlFailed);
  }
}

export function customerPortal(teamId: string, returnPath: string) {
  return rest.get<{ stripeCustomerPortalUrl: string }>(`/api/v1/teams/${teamId}/customer_portal`, {
    query: { returnPath },
  });
}

// ---------------------------------------------------------------------------------------------
// Boxyard's own checkout page and billing page (the local payments adapter)

export const localCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: ({ signal }) => rest.get<CheckoutView>(`/api/v1/billing/checkout/${sessionId}`, { signal }),
    retry: false,
  });

export function confirmLocalCheckout(sessionId: string) {
  return rest.post<{ redirectUrl: string }>(`/api/v1/billing/checkout/${sessionId}/confirm`);
}

export function cancelLocalCheckout(sessionId: string) {
  return rest.post<{ redirectUrl: string }>(`/api/v1/billing/checkout/${sessionId}/cancel`);
}

export const billingOverviewQuery = (teamId: string) =>
  queryOptions({
    queryKey: billingKeys.overview(teamId),
    queryFn: ({ signal }) => rest.get<BillingOverview>(`/api/v1/teams/${teamId}/billing`, { signal }),
    retry: false,
  });

export function setSubscriptionCancellation(teamId: string, cancel: boolean) {
  return rest.post<BillingOverview>(`/api/v1/teams/${teamId}/billing/${cancel ? "cancel" : "resume"}`);
}

/* ---------------------------------------------------------------------------------------------
 * Mutation options: each change says which queries it makes stale
 * ------------------------------------------------------------------------------------------- */

/** The spending limit: the workspace's billing and its record (frozen or not) change. */
export const setTeamLimitsMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<
    Awaited<ReturnType<typeof setTeamLimits>>,
    { teamId: string; onDemandSpendingLimit: number }
  >,
) =>
  invalidatingMutation(
    queryClient,
    setTeamLimits,
    { keys: (_data, vars) => [billingKeys.all, workspaceKeys.team(vars.teamId)] },
    ui,
  );

/**
 * Applies a plan change, refreshes billing and the workspaces, and answers the customer portal's
 * address to go on to.
 */
export const applyPlanChangeMutation = (
  queryClient: QueryClient,
  change: () => { change: PlanChange; kind: "usage" | "convert"; returnPath: string },
  ui?: UiCallbacks<string, void>,
) =>
  invalidatingMutation(
    queryClient,
    async () => {
      const { change: planChange, kind, returnPath } = change();
      await applyPlanChange(planChange, kind);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      return (await customerPortal(planChange.teamId, returnPath)).stripeCustomerPortalUrl;
    },
    { keys: () => [] },
    ui,
  );

/** Cancels or resumes a subscription at the period's end; the answer is the billing page's overview. */
export const subscriptionCancellationMutation = (
  queryClient: QueryClient,
  teamId: string,
  ui?: UiCallbacks<BillingOverview, boolean>,
) =>
  cacheMutation(
    queryClient,
    (cancel: boolean) => setSubscriptionCancellation(teamId, cancel),
    {
      update: (overview) => queryClient.setQueryData(billingKeys.overview(teamId), overview),
      invalidate: { keys: () => [billingKeys.team(teamId)], wait: false },
    },
    ui,
  );

/** A checkout to start; without a workspace (the flow has none) it fails as an invalid workspace. */
export type CheckoutStart = Omit<CheckoutRequest, "teamId"> & { teamId: string | null };

/** Starts a checkout and answers the payment provider's address to go on to. */
export const checkoutMutation = (checkout: () => CheckoutStart, ui?: UiCallbacks<string, void>) =>
  plainMutation(async () => {
    const { teamId, ...order } = checkout();
    if (!teamId) throw new Error(BILLING_MESSAGES.invalidWorkspace);
    const { stripeCheckoutUrl } = await startCheckout({ teamId, ...order });
    if (!stripeCheckoutUrl) throw new NoCheckoutUrlError();
    return stripeCheckoutUrl;
  }, ui);

/** The customer portal's address for a workspace, coming back to `returnPath`. */
export const customerPortalMutation = (teamId: string, returnPath: string, ui?: UiCallbacks<string, void>) =>
  plainMutation(async () => (await customerPortal(teamId, returnPath)).stripeCustomerPortalUrl, ui);

/** The use cases chosen while creating a workspace (nothing cached shows them). */
export const setTeamMetadataMutation = (
  ui?: UiCallbacks<Awaited<ReturnType<typeof setTeamMetadata>>, { teamId: string; useCases: string[] }>,
) => plainMutation(setTeamMetadata, ui);

/** Confirms or cancels a local checkout session; both answer where to go next. */
export const localCheckoutMutation = (
  sessionId: string,
  outcome: "confirm" | "cancel",
  ui?: UiCallbacks<{ redirectUrl: string }, void>,
) => plainMutation(() => (outcome === "confirm" ? confirmLocalCheckout : cancelLocalCheckout)(sessionId), ui);
