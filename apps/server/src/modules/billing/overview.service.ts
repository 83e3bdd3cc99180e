import {
  BILLING_MESSAGES,
  type BillingOverview,
  creditMaximum,
  creditState,
  hoursLeft,
  PLANS,
  spendingLimitMax,
  subscriptionEnded,
  usageBillingActive,
} from "@boxyard/domain";
import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { billingInvoices, workspaces } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { conflict, invalid } from "../../http/errors.ts";
import type { LocalPayments } from "../../integrations/payments/local.adapter.ts";
import { command, query, type SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import { teamInput, workspaceIdOf } from "./billing.schema.ts";
import { applyBillingEvents } from "./billing-events.ts";
import { requireBillingManager } from "./billing-manager.service.ts";
import { paymentsFor } from "./checkout.service.ts";
import { creditsUsed, displayedCredits } from "./credits.service.ts";
import { snapshotOf } from "./plan-change.service.ts";
import { phasesOf, subscriptionView } from "./subscription-view.ts";
import { lockedSubscription, subscriptionItemsOf, workspacePlan } from "./workspace-plan.ts";

/**
 * The workspace's billing overview, for its billing managers (spec 1 §2 'Settings' and 'Invite
 * members'; the local adapter's customer portal): plan, subscription and schedule, spending limit,
 * the credits of the current cycle, and the invoices.
 */
export async function billingOverview(
  db: Db | Tx,
  deps: Pick<Deps, "config" | "payments">,
  userId: string,
  teamId: string,
): Promise<BillingOverview> {
  const { config } = deps;
  await requireBillingManager(db, userId, teamId);
  const now = new Date();
  const plan = await workspacePlan(db, config, teamId, now);
  const [workspace] = await db
    .select({ featureFlags: workspaces.featureFlags })
    .from(workspaces)
    .where(eq(workspaces.id, teamId));
  const used = (await creditsUsed(db, new Map([[teamId, plan.period]]), now)).get(teamId) ?? 0;
  const credits = {
    pro: plan.pro,
    used,
    includedCredits: plan.limits.includedCredits,
    onDemandCreditLimit: plan.limits.onDemandCreditLimit,
  };
  const max = creditMaximum(credits);
  const invoices = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.workspaceId, teamId))
    .orderBy(desc(billingInvoices.insertedAt))
    .limit(100);
  const subscription = plan.subscription;
  const live = subscription && !subscriptionEnded(subscription.status) ? subscription : null;
  const local = subscription?.provider === "local";
  return {
    provider: subscription?.provider ?? deps.payments.provider,
    plan: { id: plan.plan, name: PLANS[plan.plan].name },
    pro: plan.pro,
    usageBilling: usageBillingActive(workspace?.featureFlags),
    subscription: subscription ? subscriptionView(subscription, true) : null,
    schedule: live ? phasesOf(live, plan.items) : null,
    spendingLimit: plan.spendingLimit,
    spendingLimitMax: spendingLimitMax(plan.pro),
    credits: {
      periodStart: plan.period.start.toISOString(),
      periodEnd: plan.period.end.toISOString(),
      used: displayedCredits(used),
      included: plan.limits.includedCredits,
      onDemandLimit: plan.limits.onDemandCreditLimit,
      max,
      state: creditState(credits),
      hoursLeft: hoursLeft(max - Math.min(used, max)),
    },
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      currency: i.currency,
      total: i.total,
      totalExcludingTax: i.totalExcludingTax,
      periodStart: i.periodStart?.toISOString() ?? null,
      periodEnd: i.periodEnd?.toISOString() ?? null,
      lines: i.lines,
      hostedUrl: i.hostedUrl,
      insertedAt: i.insertedAt.toISOString(),
    })),
    canCancel: Boolean(local && live?.status === "ACTIVE" && !live.cancelAtPeriodEnd),
    canResume: Boolean(local && live?.status === "ACTIVE" && live.cancelAtPeriodEnd),
  };
}

/** `GET /api/v1/teams/:teamId/billing`. */
export const billing = query(teamInput, (ctx, { teamId }) =>
  billingOverview(ctx.db, ctx.deps, ctx.userId, workspaceIdOf(teamId)),
);

/**
 * Cancels a local subscription at the end of its cycle (the workspace stays Pro until then), or
 * resumes one set to cancel. Stripe subscriptions are cancelled in Stripe's customer portal.
 */
async function setCancellation(ctx: SignedIn<Ctx>, teamId: string, cancel: boolean, now = new Date()) {
  const { db: tx, deps, userId } = ctx;
  await requireBillingManager(tx, userId, teamId);
  const row = await lockedSubscription(tx, teamId);
  if (row?.status !== "ACTIVE") throw invalid(BILLING_MESSAGES.noSubscriptionToCancel);
  if (row.provider !== "local") throw invalid(BILLING_MESSAGES.managedByProvider);
  if (!cancel && !row.cancelAtPeriodEnd) throw conflict(BILLING_MESSAGES.notCancelling);
  if (cancel && row.cancelAtPeriodEnd) return;
  const local = paymentsFor(deps, "local") as LocalPayments;
  const event = local.setCancelAtPeriodEnd(
    snapshotOf(row, await subscriptionItemsOf(tx, row.id)),
    cancel,
    now,
  );
  await applyBillingEvents(tx, deps.config, "local", [event], now);
}

/** `POST /api/v1/teams/:teamId/billing/cancel`: the subscription ends with its period; answers the overview. */
export const cancelSubscription = command(teamInput, async (ctx, input) => {
  const teamId = workspaceIdOf(input.teamId);
  await setCancellation(ctx, teamId, true);
  return billingOverview(ctx.db, ctx.deps, ctx.userId, teamId);
});

/** `POST /api/v1/teams/:teamId/billing/resume`: a cancellation undone; answers the overview. */
export const resumeSubscription = command(teamInput, async (ctx, input) => {
  const teamId = workspaceIdOf(input.teamId);
  await setCancellation(ctx, teamId, false);
  return billingOverview(ctx.db, ctx.deps, ctx.userId, teamId);
});
