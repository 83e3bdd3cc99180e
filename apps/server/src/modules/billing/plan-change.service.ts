import {
  BILLING_MESSAGES,
  buildPackage,
  countAddons,
  isPaidPlanId,
  packageAddons,
  packageFromItems,
  planChangeMoment,
  spendingLimitProblem,
  type UpdateMoment,
} from "@boxyard/domain";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { invalid } from "../../http/errors.ts";
import type { ChangeInput, SubscriptionSnapshot } from "../../integrations/payments/payments.port.ts";
import { command, query } from "../../service/command.ts";
import { type Ctx, runCommand } from "../../service/context.ts";
import { planChangeInput, setTeamLimitsInput, workspaceIdOf } from "./billing.schema.ts";
import { applyBillingEvents } from "./billing-events.ts";
import { requireBillingManager } from "./billing-manager.service.ts";
import { type BillingDeps, parseAddons, paymentsFor } from "./checkout.service.ts";
import { refreshCreditFreeze } from "./credits.service.ts";
import { saveSpendingLimit } from "./spending-limit.ts";
import {
  itemsOfPhase,
  lockedSubscription,
  type SubscriptionItemRow,
  type SubscriptionRow,
  subscriptionItemsOf,
  workspacePlan,
} from "./workspace-plan.ts";

/** A subscription row and its current items as the snapshot its adapter starts a change from. */
export function snapshotOf(
  row: SubscriptionRow,
  items: readonly SubscriptionItemRow[],
): SubscriptionSnapshot & { workspaceId: string } {
  return {
    provider: row.provider,
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    providerScheduleId: row.providerScheduleId,
    workspaceId: row.workspaceId,
    status: row.status,
    origin: row.origin,
    usageBased: row.usageBased,
    plan: row.plan,
    billingInterval: row.billingInterval,
    currency: row.currency,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAt: row.cancelAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    trialStart: row.trialStart,
    trialEnd: row.trialEnd,
    paymentMethodAttached: row.paymentMethodAttached,
    items: itemsOfPhase(items, "current").map((i) => ({
      name: i.name,
      quantity: i.quantity,
      unitAmount: i.unitAmount,
    })),
  };
}

export type PlanChangeArgs = z.output<typeof planChangeInput>;

type Kind = "usage" | "convert";

/**
 * Checks a change of plan and works out what it is: who asks (admins and team managers), the plan
 * and add-ons asked for, a subscription that is ACTIVE and usage-based (a plan change) or legacy
 * (a conversion), and when it takes effect (spec 2 §4: upgrades at once with a new cycle,
 * downgrades at the next bill date; a conversion at once).
 */
async function prepare(
  tx: Tx,
  deps: BillingDeps,
  userId: string,
  args: PlanChangeArgs,
  kind: Kind,
  now: Date,
) {
  if (!isPaidPlanId(args.plan)) throw invalid(BILLING_MESSAGES.unknownPlan(args.plan), "plan");
  const addonIds = args.addons === undefined || args.addons === null ? null : parseAddons(args.addons);
  await requireBillingManager(tx, userId, args.teamId);
  const row = await lockedSubscription(tx, args.teamId);
  if (row?.status !== "ACTIVE") throw invalid(BILLING_MESSAGES.noUsageSubscription);
  if (kind === "usage" && !row.usageBased) throw invalid(BILLING_MESSAGES.notUsageBased);
  if (kind === "convert" && row.usageBased) throw invalid(BILLING_MESSAGES.notLegacy);
  const items = await subscriptionItemsOf(tx, row.id);
  const current = kind === "usage" ? packageFromItems(itemsOfPhase(items, "current")) : null;
  const addons = addonIds ? countAddons(addonIds) : current ? packageAddons(current) : [];
  const next = buildPackage(args.plan, args.billingInterval ?? row.billingInterval, addons);
  const moment: UpdateMoment | null = current ? planChangeMoment(current, next) : "IMMEDIATELY";
  if (!moment) throw invalid(BILLING_MESSAGES.nothingToChange);
  const input: ChangeInput = {
    subscription: snapshotOf(row, items),
    current,
    currentCycleTotal: itemsOfPhase(items, "current").reduce((sum, i) => sum + i.unitAmount * i.quantity, 0),
    next,
    moment,
    now,
  };
  return { input, adapter: paymentsFor(deps, row.provider) };
}

export type ChangePreview = { total: number; totalExcludingTax: number; updateMoment: UpdateMoment };

/**
 * What a change would charge (cents) and when it would take effect; nothing changes. The change is
 * checked in a transaction of its own; the provider is asked after, with none open.
 */
function previewChange(kind: Kind) {
  return query(planChangeInput, async (ctx, args): Promise<ChangePreview> => {
    const now = new Date();
    const { input, adapter } = await runCommand(
      ctx.deps,
      ctx.actor,
      (write: Ctx) => prepare(write.db, ctx.deps, ctx.userId, args, kind, now),
      undefined,
    );
    const charge = await adapter.previewChange(input);
    return { ...charge, updateMoment: input.moment };
  });
}

/**
 * Makes the change at the provider and records what it answers. A local subscription changes in
 * one transaction; a Stripe one is changed at Stripe first (no transaction is held over the call),
 * then recorded (its webhooks later confirm the same state, once).
 */
function applyChange(kind: Kind) {
  return query(planChangeInput, async (ctx, args): Promise<true> => {
    const { deps, userId } = ctx;
    const now = new Date();
    const remote = await runCommand(
      deps,
      ctx.actor,
      async (write: Ctx) => {
        const prepared = await prepare(write.db, deps, userId, args, kind, now);
        if (prepared.adapter.provider !== "local") return prepared;
        const events = await prepared.adapter.applyChange(prepared.input);
        await applyBillingEvents(write.db, deps.config, "local", events, now);
        return null;
      },
      undefined,
    );
    if (remote) {
      const events = await remote.adapter.applyChange(remote.input);
      await runCommand(
        deps,
        ctx.actor,
        (write: Ctx) => applyBillingEvents(write.db, deps.config, remote.adapter.provider, events, now),
        undefined,
      );
    }
    return true as const;
  });
}

/** `previewUpdateUsageSubscriptionPlan`: what a usage-based subscription's change would charge. */
export const previewPlanChange = previewChange("usage");
/** `updateUsageSubscriptionPlan`: upgrades at once (a new cycle), downgrades at the next bill date. */
export const applyPlanChange = applyChange("usage");
/** `previewConvertToUsageBilling`: what converting a legacy Pro subscription would charge. */
export const previewConversion = previewChange("convert");
/** `convertToUsageBilling`: a legacy Pro subscription converted to usage billing, at once. */
export const applyConversion = applyChange("convert");

// ---------------------------------------------------------------------------------------------
// The spending limit (spec 2 §5)

/**
 * Sets the on-demand spending limit in dollars: a number from 0 to 1000 on Pro, to 100 on Free,
 * with the spec's texts otherwise. A raised limit unfreezes a workspace frozen at its limit; a
 * lowered one may freeze it.
 */
export const setTeamLimits = command(setTeamLimitsInput, async (ctx, input) => {
  const { db: tx, deps, userId } = ctx;
  const teamId = workspaceIdOf(input.teamId);
  const value = input.onDemandSpendingLimit;
  const now = new Date();
  await requireBillingManager(tx, userId, teamId);
  const { pro } = await workspacePlan(tx, deps.config, teamId, now);
  const problem = spendingLimitProblem(value, pro);
  if (problem) throw invalid(problem, "onDemandSpendingLimit");
  await saveSpendingLimit(tx, teamId, value, now);
  await refreshCreditFreeze(tx, deps.config, [teamId], now);
  return true as const;
});
