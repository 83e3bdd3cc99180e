import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  billingEvents,
  billingInvoices,
  checkoutSessions,
  type PaymentProviderId,
  subscriptionItems,
  subscriptionStatusChanges,
  subscriptions,
  workspaceBilling,
  workspaces,
} from "../../db/schema/index.ts";
import type {
  BillingEvent,
  InvoiceSnapshot,
  SnapshotItem,
  SubscriptionSnapshot,
} from "../../integrations/payments/payments.port.ts";
import { setUsageBillingBeta } from "../workspaces/workspace-billing-flags.service.ts";
import { refreshCreditFreeze } from "./credits.service.ts";
import { saveSpendingLimit } from "./spending-limit.ts";
import type { PlanSettings, SubscriptionRow } from "./workspace-plan.ts";

/**
 * Applies a payment provider's events (Stripe webhooks, the local adapter, the answers of plan
 * changes) in the caller's transaction. Each event id is recorded with the change it makes, so an
 * event delivered twice, or replayed, changes the state once. Answers the ids applied now.
 */
export async function applyBillingEvents(
  tx: Tx,
  settings: PlanSettings,
  provider: PaymentProviderId,
  events: readonly BillingEvent[],
  now = new Date(),
): Promise<string[]> {
  const applied: string[] = [];
  const touched = new Set<string>();
  for (const event of events) {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ provider, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: billingEvents.eventId });
    if (!fresh) continue;
    applied.push(event.id);
    const workspaceId = await applyOne(tx, provider, event);
    if (workspaceId) touched.add(workspaceId);
  }
  // An upgrade, a new cycle or a cancellation changes what the workspace may use: freeze or unfreeze.
  await refreshCreditFreeze(tx, settings, [...touched], now);
  return applied;
}

async function applyOne(tx: Tx, provider: PaymentProviderId, event: BillingEvent): Promise<string | null> {
  switch (event.type) {
    case "checkout.completed": {
      const row = await upsertSubscription(tx, event.subscription, event.id);
      const [session] = await tx
        .update(checkoutSessions)
        .set({ status: "complete", completedAt: new Date() })
        .where(and(eq(checkoutSessions.id, event.checkoutSessionId), eq(checkoutSessions.provider, provider)))
        .returning({
          workspaceId: checkoutSessions.workspaceId,
          spendingLimit: checkoutSessions.spendingLimit,
        });
      if (row) await setUsageBillingBeta(tx, row.workspaceId, row.usageBased);
      // The spending limit chosen with the plan starts with it (checked against the plan's maximum at checkout).
      if (row && session?.workspaceId === row.workspaceId && session.spendingLimit !== null) {
        await saveSpendingLimit(tx, row.workspaceId, session.spendingLimit);
      }
      return row?.workspaceId ?? null;
    }
    case "subscription.updated": {
      const row = await upsertSubscription(tx, event.subscription, event.id);
      if (row) await setUsageBillingBeta(tx, row.workspaceId, row.usageBased);
      return row?.workspaceId ?? null;
    }
    case "schedule.updated": {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, provider),
            eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId),
          ),
        )
        .for("update");
      if (!row) return null;
      await replaceItems(tx, row.id, "upcoming", event.upcoming?.items ?? []);
      await tx
        .update(subscriptions)
        .set({
          providerScheduleId: event.providerScheduleId,
          upcomingStartsAt: event.upcoming?.startsAt ?? null,
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, row.id));
      return row.workspaceId;
    }
    case "invoice.updated":
      return recordInvoice(tx, event.invoice);
    case "ignored":
      return null;
  }
}

/** The workspace of a provider's subscription or customer, when Boxyard knows it (and it still exists). */
async function workspaceOf(
  tx: Tx,
  hint: { workspaceId: string | null; providerCustomerId: string | null },
): Promise<string | null> {
  let id = hint.workspaceId;
  if (!id && hint.providerCustomerId) {
    const [billing] = await tx
      .select({ workspaceId: workspaceBilling.workspaceId })
      .from(workspaceBilling)
      .where(eq(workspaceBilling.stripeCustomerId, hint.providerCustomerId));
    id = billing?.workspaceId ?? null;
  }
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [workspace] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
  return workspace?.id ?? null;
}

async function replaceItems(
  tx: Tx,
  subscriptionId: string,
  phase: "current" | "upcoming",
  items: readonly SnapshotItem[],
) {
  await tx
    .delete(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(subscriptionItems.phase, phase)));
  if (items.length > 0) {
    await tx.insert(subscriptionItems).values(
      items.map((item, position) => ({
        subscriptionId,
        phase,
        position,
        name: item.name,
        quantity: item.quantity,
        unitAmount: item.unitAmount,
      })),
    );
  }
}

/**
 * Creates or updates the subscription a snapshot describes, records a change of status, and
 * replaces its items. An upcoming phase whose start the new cycle has reached is over.
 */
async function upsertSubscription(
  tx: Tx,
  snapshot: SubscriptionSnapshot,
  eventId: string,
): Promise<SubscriptionRow | null> {
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, snapshot.provider),
        eq(subscriptions.providerSubscriptionId, snapshot.providerSubscriptionId),
      ),
    )
    .for("update");
  const workspaceId =
    existing?.workspaceId ??
    (await workspaceOf(tx, {
      workspaceId: snapshot.workspaceId,
      providerCustomerId: snapshot.providerCustomerId,
    }));
  if (!workspaceId) return null;
  const now = new Date();
  const values = {
    providerCustomerId: snapshot.providerCustomerId,
    status: snapshot.status,
    origin: snapshot.origin,
    usageBased: snapshot.usageBased,
    plan: snapshot.plan,
    billingInterval: snapshot.billingInterval,
    currency: snapshot.currency,
    quantity: snapshot.quantity,
    unitPrice: snapshot.unitPrice,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAt: snapshot.cancelAt,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    canceledAt: snapshot.canceledAt,
    trialStart: snapshot.trialStart,
    trialEnd: snapshot.trialEnd,
    paymentMethodAttached: snapshot.paymentMethodAttached,
    ...(snapshot.providerScheduleId !== undefined ? { providerScheduleId: snapshot.providerScheduleId } : {}),
    updatedAt: now,
  };
  let row: SubscriptionRow;
  if (existing) {
    [row] = (await tx
      .update(subscriptions)
      .set(values)
      .where(eq(subscriptions.id, existing.id))
      .returning()) as [SubscriptionRow];
  } else {
    [row] = (await tx
      .insert(subscriptions)
      .values({
        ...values,
        workspaceId,
        provider: snapshot.provider,
        providerSubscriptionId: snapshot.providerSubscriptionId,
      })
      .returning()) as [SubscriptionRow];
  }
  if (existing?.status !== row.status) {
    await tx.insert(subscriptionStatusChanges).values({
      subscriptionId: row.id,
      fromStatus: existing?.status ?? null,
      toStatus: row.status,
      eventId,
    });
  }
  await replaceItems(tx, row.id, "current", snapshot.items);
  const phaseBegan =
    snapshot.upcoming === undefined &&
    existing?.upcomingStartsAt &&
    snapshot.currentPeriodStart.getTime() >= existing.upcomingStartsAt.getTime();
  if (snapshot.upcoming !== undefined || phaseBegan || row.status === "CANCELLED") {
    const upcoming = row.status === "CANCELLED" ? null : (snapshot.upcoming ?? null);
    await replaceItems(tx, row.id, "upcoming", upcoming?.items ?? []);
    [row] = (await tx
      .update(subscriptions)
      .set({ upcomingStartsAt: upcoming?.startsAt ?? null })
      .where(eq(subscriptions.id, row.id))
      .returning()) as [SubscriptionRow];
  }
  if (snapshot.provider === "stripe" && snapshot.providerCustomerId) {
    await tx
      .insert(workspaceBilling)
      .values({ workspaceId, stripeCustomerId: snapshot.providerCustomerId })
      .onConflictDoUpdate({
        target: workspaceBilling.workspaceId,
        set: {
          stripeCustomerId: sql`coalesce(${workspaceBilling.stripeCustomerId}, excluded.stripe_customer_id)`,
        },
      });
  }
  return row;
}

/**
 * Records an invoice. One whose collection failed gives the subscription its update-billing URL (the
 * provider's page to pay it); a paid one clears it.
 */
async function recordInvoice(tx: Tx, invoice: InvoiceSnapshot): Promise<string | null> {
  const [subscription] = invoice.providerSubscriptionId
    ? await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, invoice.provider),
            eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId),
          ),
        )
    : [];
  const workspaceId =
    subscription?.workspaceId ??
    (await workspaceOf(tx, {
      workspaceId: invoice.workspaceId,
      providerCustomerId: invoice.providerCustomerId,
    }));
  if (!workspaceId) return null;
  const values = {
    workspaceId,
    subscriptionId: subscription?.id ?? null,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    totalExcludingTax: invoice.totalExcludingTax,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    lines: invoice.lines,
    hostedUrl: invoice.hostedUrl,
  };
  await tx
    .insert(billingInvoices)
    .values({ ...values, provider: invoice.provider, providerInvoiceId: invoice.providerInvoiceId })
    .onConflictDoUpdate({
      target: [billingInvoices.provider, billingInvoices.providerInvoiceId],
      set: values,
    });
  if (subscription) {
    if (invoice.paymentFailed && invoice.hostedUrl) {
      await tx
        .update(subscriptions)
        .set({ updateBillingUrl: invoice.hostedUrl })
        .where(eq(subscriptions.id, subscription.id));
    } else if (invoice.status === "paid" && subscription.updateBillingUrl) {
      await tx
        .update(subscriptions)
        .set({ updateBillingUrl: null })
        .where(eq(subscriptions.id, subscription.id));
    }
  }
  return workspaceId;
}
