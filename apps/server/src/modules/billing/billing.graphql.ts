import {
  SUBSCRIPTION_INTERVALS,
  SUBSCRIPTION_ORIGINS,
  SUBSCRIPTION_PAYMENT_PROVIDERS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  subscriptionEnded,
  UPDATE_MOMENTS,
  type WorkspaceLimits,
} from "@boxyard/domain";
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { Team } from "../workspaces/workspaces.graphql.ts";
import { canManageBilling } from "./billing.policy.ts";
import { creditsUsed, displayedCredits } from "./credits.service.ts";
import {
  applyConversion,
  applyPlanChange,
  previewConversion,
  previewPlanChange,
  setTeamLimits,
} from "./plan-change.service.ts";
import { phasesOf, subscriptionView } from "./subscription-view.ts";
import { type WorkspaceHoldings, type WorkspacePlan, workspacePlans } from "./workspace-plan.ts";

// ---------------------------------------------------------------------------------------------
// Loaders: the plans, holdings and credits of every workspace of a response, a query each

function createBillingLoaders(ctx: GraphQLContext) {
  const { db, config } = ctx.deps;
  // Plans, subscriptions and holdings of every workspace of a response, in one query.
  const plans = new BatchLoader<string, WorkspacePlan | null>(
    (ids) => workspacePlans(db, config, ids, new Date(), { holdings: true }),
    null,
  );
  // Credits of the current cycle: asked only when a response has usage.credits.
  const credits = new BatchLoader<string, number>(async (ids) => {
    const resolved = await Promise.all(ids.map((id) => plans.load(id)));
    const periods = new Map(ids.flatMap((id, i) => (resolved[i] ? [[id, resolved[i].period] as const] : [])));
    const used = await creditsUsed(db, periods);
    return new Map(ids.map((id) => [id, displayedCredits(used.get(id) ?? 0)]));
  }, 0);
  return { plans, credits };
}

const loaderSets = new WeakMap<GraphQLContext, ReturnType<typeof createBillingLoaders>>();
function billingLoaders(ctx: GraphQLContext) {
  let set = loaderSets.get(ctx);
  if (!set) {
    set = createBillingLoaders(ctx);
    loaderSets.set(ctx, set);
  }
  return set;
}

async function planOf(ctx: GraphQLContext, workspaceId: string): Promise<WorkspacePlan> {
  const plan = await billingLoaders(ctx).plans.load(workspaceId);
  if (!plan) throw new Error(`No plan for workspace ${workspaceId}.`);
  return plan;
}

async function viewerManagesBilling(ctx: GraphQLContext, workspaceId: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  const members = await ctx.loaders.members.load(workspaceId);
  const me = members.find((m) => m.userId === ctx.viewer!.userId);
  return Boolean(me && canManageBilling(me));
}

// ---------------------------------------------------------------------------------------------
// Types (api-contract §2, §3)

const SubscriptionStatusEnum = builder.enumType("SubscriptionStatus", { values: SUBSCRIPTION_STATUSES });
const SubscriptionIntervalEnum = builder.enumType("SubscriptionInterval", { values: SUBSCRIPTION_INTERVALS });
const SubscriptionOriginEnum = builder.enumType("SubscriptionOrigin", { values: SUBSCRIPTION_ORIGINS });
const SubscriptionTypeEnum = builder.enumType("SubscriptionType", { values: SUBSCRIPTION_TYPES });
const SubscriptionPaymentProviderEnum = builder.enumType("SubscriptionPaymentProvider", {
  values: SUBSCRIPTION_PAYMENT_PROVIDERS,
});
const UpdateMomentEnum = builder.enumType("SubscriptionUpdateMoment", { values: UPDATE_MOMENTS });

type SubscriptionValue = ReturnType<typeof subscriptionView>;
const ProSubscription = builder.objectRef<SubscriptionValue>("ProSubscription").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.field({ type: SubscriptionTypeEnum, resolve: (s) => s.type }),
    status: t.field({ type: SubscriptionStatusEnum, resolve: (s) => s.status }),
    origin: t.field({ type: SubscriptionOriginEnum, nullable: true, resolve: (s) => s.origin }),
    paymentProvider: t.field({
      type: SubscriptionPaymentProviderEnum,
      nullable: true,
      description: "STRIPE; null when the install bills through its local adapter.",
      resolve: (s) => s.paymentProvider,
    }),
    billingInterval: t.field({ type: SubscriptionIntervalEnum, resolve: (s) => s.billingInterval }),
    currency: t.exposeString("currency"),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.exposeInt("unitPrice", { description: "Cents: the plan's price for one cycle." }),
    nextBillDate: t.exposeString("nextBillDate", { nullable: true }),
    cancelAt: t.exposeString("cancelAt", { nullable: true }),
    cancelAtPeriodEnd: t.exposeBoolean("cancelAtPeriodEnd"),
    paymentMethodAttached: t.exposeBoolean("paymentMethodAttached"),
    trialStart: t.exposeString("trialStart", { nullable: true }),
    trialEnd: t.exposeString("trialEnd", { nullable: true }),
    updateBillingUrl: t.exposeString("updateBillingUrl", {
      nullable: true,
      description: "Where to pay an unpaid invoice; null for members who do not manage billing.",
    }),
  }),
});

type Phase = ReturnType<typeof phasesOf>["current"];
const PhaseItem = builder.objectRef<Phase["items"][number]>("SubscriptionPhaseItem").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    quantity: t.exposeInt("quantity"),
    unitAmount: t.exposeInt("unitAmount", { description: "Cents for one cycle." }),
    unitAmountDecimal: t.exposeString("unitAmountDecimal"),
  }),
});
const SubscriptionPhase = builder.objectRef<Phase>("SubscriptionPhase").implement({
  fields: (t) => ({
    startDate: t.exposeString("startDate"),
    endDate: t.exposeString("endDate"),
    items: t.field({ type: [PhaseItem], resolve: (p) => p.items }),
  }),
});
const SubscriptionSchedule = builder
  .objectRef<ReturnType<typeof phasesOf>>("SubscriptionSchedule")
  .implement({
    fields: (t) => ({
      billingInterval: t.field({ type: SubscriptionIntervalEnum, resolve: (s) => s.billingInterval }),
      current: t.field({ type: SubscriptionPhase, resolve: (s) => s.current }),
      upcoming: t.field({ type: SubscriptionPhase, nullable: true, resolve: (s) => s.upcoming }),
    }),
  });

const LIMIT_FIELDS = [
  "includedCredits",
  "includedDrafts",
  "includedMembers",
  "includedPrivateSandboxes",
  "includedPublicSandboxes",
  "includedSandboxes",
  "includedStorage",
  "includedVmTier",
  "maxEditors",
  "maxPrivateProjects",
  "maxPrivateSandboxes",
  "maxPublicProjects",
  "maxPublicSandboxes",
  "onDemandCreditLimit",
  "onDemandSpendingLimit",
] as const satisfies readonly (keyof WorkspaceLimits)[];

const TeamLimits = builder.objectRef<WorkspaceLimits>("TeamLimits").implement({
  description: "What the workspace's plan allows; 2147483647 means Unlimited.",
  fields: (t) => Object.fromEntries(LIMIT_FIELDS.map((field) => [field, t.exposeInt(field)])),
});

/** A workspace's usage; each field is loaded for all the workspaces of a response at once. */
const TeamUsage = builder.objectRef<{ workspaceId: string }>("TeamUsage").implement({
  fields: (t) => {
    const holding = (field: keyof WorkspaceHoldings) =>
      t.int({
        resolve: async ({ workspaceId }, _args, ctx) => (await planOf(ctx, workspaceId)).holdings[field],
      });
    return {
      sandboxes: holding("sandboxes"),
      credits: t.int({
        description: "Credits used in the current billing cycle.",
        resolve: ({ workspaceId }, _args, ctx) => billingLoaders(ctx).credits.load(workspaceId),
      }),
      editorsQuantity: t.int({
        description: "Members who may edit (admins and editors).",
        resolve: async ({ workspaceId }, _args, ctx) =>
          (await ctx.loaders.members.load(workspaceId)).filter((m) => m.authorization !== "READ").length,
      }),
      publicSandboxesQuantity: holding("publicSandboxesQuantity"),
      privateSandboxesQuantity: holding("privateSandboxesQuantity"),
      restrictedSandboxes: holding("restrictedSandboxes"),
      unrestrictedSandboxes: holding("unrestrictedSandboxes"),
      publicProjectsQuantity: holding("publicProjectsQuantity"),
      privateProjectsQuantity: holding("privateProjectsQuantity"),
    };
  },
});

builder.objectFields(Team, (t) => ({
  limits: t.field({
    type: TeamLimits,
    resolve: async (w, _args, ctx) => (await planOf(ctx, w.id)).limits,
  }),
  usage: t.field({ type: TeamUsage, resolve: (w) => ({ workspaceId: w.id }) }),
  subscription: t.field({
    type: ProSubscription,
    nullable: true,
    description: "The workspace's subscription; an ended one only with includeCancelled.",
    args: { includeCancelled: t.arg.boolean() },
    resolve: async (w, args, ctx) => {
      const { subscription } = await planOf(ctx, w.id);
      if (!subscription) return null;
      if (subscriptionEnded(subscription.status) && !args.includeCancelled) return null;
      return subscriptionView(subscription, await viewerManagesBilling(ctx, w.id));
    },
  }),
  subscriptionSchedule: t.field({
    type: SubscriptionSchedule,
    nullable: true,
    description: "The current phase and the upcoming one (a change waiting for the next bill date).",
    resolve: async (w, _args, ctx) => {
      const { subscription, items } = await planOf(ctx, w.id);
      if (!subscription || subscriptionEnded(subscription.status)) return null;
      return phasesOf(subscription, items);
    },
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations (api-contract §12)

const ChargePreview = builder
  .objectRef<{ total: number; totalExcludingTax: number; updateMoment: "IMMEDIATELY" | "NEXT_BILL_DATE" }>(
    "SubscriptionChargePreview",
  )
  .implement({
    description: "What a change charges (cents) and when it takes effect.",
    fields: (t) => ({
      total: t.exposeInt("total"),
      totalExcludingTax: t.exposeInt("totalExcludingTax"),
      updateMoment: t.field({ type: UpdateMomentEnum, resolve: (p) => p.updateMoment }),
    }),
  });

builder.mutationField("setTeamLimits", (t) =>
  t.boolean({
    description:
      "The on-demand spending limit in dollars: 0 to 1000 on Pro, to 100 on Free. Admins and team managers.",
    args: {
      teamId: t.arg({ type: "UUID4", required: true }),
      onDemandSpendingLimit: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, setTeamLimits, args),
  }),
);

const changeArgs = (
  t: Parameters<Parameters<typeof builder.mutationField>[1]>[0],
  addonsRequired: boolean,
) => ({
  teamId: t.arg({ type: "UUID4", required: true }),
  plan: t.arg.string({ required: true }),
  billingInterval: t.arg({ type: SubscriptionIntervalEnum }),
  addons: t.arg.stringList({
    required: addonsRequired,
    description: addonsRequired
      ? "Add-on ids, one entry per add-on."
      : "Add-on ids, one entry per add-on; omitted, the current add-ons stay.",
  }),
});

builder.mutationField("previewUpdateUsageSubscriptionPlan", (t) =>
  t.field({
    type: ChargePreview,
    description:
      "What changing a usage-based subscription's plan, interval or add-ons would charge, and when.",
    args: changeArgs(t, false),
    resolve: (_root, args, ctx) => runQuery(ctx.deps, ctx.viewer, previewPlanChange, args),
  }),
);

builder.mutationField("updateUsageSubscriptionPlan", (t) =>
  t.boolean({
    description:
      "Changes a usage-based subscription: upgrades at once (a new cycle), downgrades at the next bill date.",
    args: changeArgs(t, false),
    resolve: (_root, args, ctx) => runQuery(ctx.deps, ctx.viewer, applyPlanChange, args),
  }),
);

builder.mutationField("previewConvertToUsageBilling", (t) =>
  t.field({
    type: ChargePreview,
    description: "What converting a legacy Pro subscription to usage billing would charge.",
    args: changeArgs(t, true),
    resolve: (_root, args, ctx) => runQuery(ctx.deps, ctx.viewer, previewConversion, args),
  }),
);

builder.mutationField("convertToUsageBilling", (t) =>
  t.boolean({
    description: "Converts a legacy Pro subscription to usage billing, at once with a new cycle.",
    args: changeArgs(t, true),
    resolve: (_root, args, ctx) => runQuery(ctx.deps, ctx.viewer, applyConversion, args),
  }),
);
