import { randomBytes, randomUUID } from "node:crypto";
import type { InvoiceLine } from "@boxyard/domain";
import {
  BILLING_MESSAGES,
  CREDIT_PRICE_USD,
  packageItems,
  proratedCharge,
  type SubscriptionInterval,
  type SubscriptionPackage,
} from "@boxyard/domain";
import { invalid } from "../../http/errors.ts";
import type {
  BillingEvent,
  ChangeInput,
  ChargePreview,
  CheckoutInput,
  CheckoutStarted,
  InvoiceSnapshot,
  PaymentsAdapter,
  SnapshotItem,
  SubscriptionSnapshot,
} from "./payments.port.ts";

/** A local checkout stays open for a day. */
export const LOCAL_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** `date` plus one billing interval; the 31st of January plus a month is the 28th (or 29th) of February. */
export function addInterval(date: Date, interval: SubscriptionInterval): Date {
  const months = interval === "YEARLY" ? 12 : 1;
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** How much of the cycle [start, end) is still ahead at `now`, 0 to 1. */
export function remainingFraction(start: Date, end: Date, now: Date): number {
  const length = end.getTime() - start.getTime();
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / length));
}

/** The item of a legacy per-seat Pro subscription. */
export function legacyItemName(interval: SubscriptionInterval): string {
  return interval === "YEARLY" ? "team_pro_annual" : "team_pro";
}

const eventId = () => `local_evt_${randomUUID()}`;
const invoiceNumber = () => `BOX-${randomBytes(4).toString("hex").toUpperCase()}`;

function itemLines(items: readonly SnapshotItem[]): InvoiceLine[] {
  return items.map((i) => ({
    description: i.name,
    quantity: i.quantity,
    unitAmount: i.unitAmount,
    amount: i.unitAmount * i.quantity,
  }));
}

function paidInvoice(
  subscription: { providerSubscriptionId: string; workspaceId: string },
  lines: InvoiceLine[],
  period: { start: Date; end: Date },
): InvoiceSnapshot {
  const total = Math.max(
    0,
    lines.reduce((sum, l) => sum + l.amount, 0),
  );
  return {
    provider: "local",
    providerInvoiceId: `local_in_${randomUUID()}`,
    providerSubscriptionId: subscription.providerSubscriptionId,
    providerCustomerId: null,
    workspaceId: subscription.workspaceId,
    number: invoiceNumber(),
    status: "paid",
    paymentFailed: false,
    currency: "usd",
    total,
    totalExcludingTax: total,
    periodStart: period.start,
    periodEnd: period.end,
    lines,
    hostedUrl: null,
  };
}

/**
 * The payments adapter of a self-hosted install without Stripe. Its checkout is Boxyard's own page
 * (`/billing/checkout/{sessionId}`), where an admin confirms the order; its customer portal is
 * Boxyard's billing page (`/billing/{workspaceId}`). No card is charged: confirming records the
 * subscription and a paid invoice, so that the install's operator keeps a history of what each
 * workspace bought. It fires the same events as Stripe's webhooks.
 */
export class LocalPayments implements PaymentsAdapter {
  readonly provider = "local" as const;

  constructor(private readonly publicUrl: string) {}

  async createCheckout(_input: CheckoutInput): Promise<CheckoutStarted> {
    const sessionId = `cs_local_${randomBytes(16).toString("hex")}`;
    return {
      sessionId,
      url: `${this.publicUrl}/billing/checkout/${sessionId}`,
      expiresAt: new Date(Date.now() + LOCAL_CHECKOUT_LIFETIME_MS),
      customerId: null,
    };
  }

  async customerPortal(input: { workspaceId: string; returnUrl: string }) {
    const back = new URL(input.returnUrl);
    const query = new URLSearchParams({ return_path: `${back.pathname}${back.search}` });
    return { url: `${this.publicUrl}/billing/${input.workspaceId}?${query}`, customerId: null };
  }

  async previewChange(input: ChangeInput): Promise<ChargePreview> {
    const total = this.chargeFor(input);
    return { total, totalExcludingTax: total };
  }

  async applyChange(input: ChangeInput): Promise<BillingEvent[]> {
    const sub = input.subscription;
    const items = packageItems(input.next);
    if (input.moment === "NEXT_BILL_DATE") {
      return [
        {
          id: eventId(),
          type: "schedule.updated",
          providerSubscriptionId: sub.providerSubscriptionId,
          providerScheduleId: null,
          upcoming: { startsAt: sub.currentPeriodEnd, items },
        },
      ];
    }
    const start = input.now;
    const end = addInterval(start, input.next.billingInterval);
    const snapshot = this.withPackage(sub, input.next, { start, end });
    // The new cycle's items, less what the unused part of the current cycle was worth.
    const credit = input.next.totalPrice - this.chargeFor(input);
    const lines = itemLines(items);
    if (credit > 0) {
      lines.push({
        description: "Unused time of the previous cycle",
        quantity: 1,
        unitAmount: -credit,
        amount: -credit,
      });
    }
    return [
      { id: eventId(), type: "subscription.updated", subscription: { ...snapshot, upcoming: null } },
      { id: eventId(), type: "invoice.updated", invoice: paidInvoice(sub, lines, { start, end }) },
    ];
  }

  async parseWebhook(): Promise<BillingEvent> {
    throw invalid(BILLING_MESSAGES.webhookSignature);
  }

  // ---------------------------------------------------------------------------------------------
  // What the local checkout page and billing page do

  /** Confirming a checkout: an ACTIVE subscription whose first cycle starts now, and its paid invoice. */
  completeCheckout(
    session: {
      id: string;
      workspaceId: string;
      package: SubscriptionPackage;
      legacy: { quantity: number } | null;
    },
    now: Date,
  ): BillingEvent[] {
    const start = now;
    const end = addInterval(start, session.package.billingInterval);
    const base: SubscriptionSnapshot & { workspaceId: string } = {
      provider: "local",
      providerSubscriptionId: `local_sub_${randomBytes(12).toString("hex")}`,
      providerCustomerId: null,
      providerScheduleId: null,
      workspaceId: session.workspaceId,
      status: "ACTIVE",
      origin: null,
      usageBased: true,
      plan: session.package.basePlan.id,
      billingInterval: session.package.billingInterval,
      currency: "usd",
      quantity: 1,
      unitPrice: session.package.basePlan.price,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAt: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      trialStart: null,
      trialEnd: null,
      paymentMethodAttached: true,
      items: [],
      upcoming: null,
    };
    const subscription = session.legacy
      ? this.legacy(base, session.package, session.legacy.quantity)
      : this.withPackage(base, session.package, { start, end });
    return [
      {
        id: `local_checkout_${session.id}`,
        type: "checkout.completed",
        checkoutSessionId: session.id,
        subscription,
      },
      {
        id: eventId(),
        type: "invoice.updated",
        invoice: paidInvoice(base, itemLines(subscription.items), { start, end }),
      },
    ];
  }

  /**
   * The end of a cycle: a subscription set to cancel ends; otherwise the next cycle starts (with the
   * upcoming phase's items when there is one) and is invoiced, with the on-demand credits the ended
   * cycle used beyond its included ones.
   */
  renew(
    subscription: SubscriptionSnapshot & { workspaceId: string },
    upcoming: readonly SnapshotItem[] | null,
    onDemandCredits: number,
  ): BillingEvent[] {
    if (
      subscription.cancelAtPeriodEnd ||
      (subscription.cancelAt && subscription.cancelAt <= subscription.currentPeriodEnd)
    ) {
      return [
        {
          id: eventId(),
          type: "subscription.updated",
          subscription: {
            ...subscription,
            status: "CANCELLED",
            canceledAt: subscription.currentPeriodEnd,
            upcoming: null,
          },
        },
      ];
    }
    const items = upcoming && upcoming.length > 0 ? [...upcoming] : subscription.items;
    const planItem = items.find((i) => !i.name.startsWith("credits_")) ?? items[0]!;
    const interval: SubscriptionInterval = planItem.name.endsWith("_annual") ? "YEARLY" : "MONTHLY";
    const start = subscription.currentPeriodEnd;
    const end = addInterval(start, interval);
    const next: SubscriptionSnapshot = {
      ...subscription,
      items,
      plan: planItem.name.startsWith("builder") ? "builder" : "flex",
      billingInterval: interval,
      unitPrice: planItem.unitAmount,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      upcoming: null,
    };
    const lines = itemLines(items);
    if (onDemandCredits > 0) {
      const unit = Math.round(CREDIT_PRICE_USD * 100 * 1000) / 1000;
      lines.push({
        description: `On-demand credits of the previous cycle (${onDemandCredits})`,
        quantity: onDemandCredits,
        unitAmount: unit,
        amount: Math.round(onDemandCredits * unit),
      });
    }
    return [
      { id: eventId(), type: "subscription.updated", subscription: next },
      { id: eventId(), type: "invoice.updated", invoice: paidInvoice(subscription, lines, { start, end }) },
    ];
  }

  /** Cancelling from the billing page: the subscription runs to the end of its cycle (or resumes). */
  setCancelAtPeriodEnd(subscription: SubscriptionSnapshot, cancel: boolean, now: Date): BillingEvent {
    return {
      id: eventId(),
      type: "subscription.updated",
      subscription: {
        ...subscription,
        cancelAtPeriodEnd: cancel,
        cancelAt: cancel ? subscription.currentPeriodEnd : null,
        canceledAt: cancel ? now : null,
      },
    };
  }

  private chargeFor(input: ChangeInput): number {
    if (input.moment === "NEXT_BILL_DATE") return input.next.totalPrice;
    const sub = input.subscription;
    const remaining = remainingFraction(sub.currentPeriodStart, sub.currentPeriodEnd, input.now);
    return proratedCharge(input.next.totalPrice, input.currentCycleTotal, remaining);
  }

  private withPackage(
    base: SubscriptionSnapshot,
    pkg: SubscriptionPackage,
    period: { start: Date; end: Date },
  ): SubscriptionSnapshot {
    return {
      ...base,
      status: "ACTIVE",
      origin: null,
      usageBased: true,
      plan: pkg.basePlan.id,
      billingInterval: pkg.billingInterval,
      quantity: 1,
      unitPrice: pkg.basePlan.price,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      items: packageItems(pkg),
    };
  }

  /** A legacy per-seat Pro subscription: the Pro price for each member. */
  private legacy(
    base: SubscriptionSnapshot,
    pkg: SubscriptionPackage,
    quantity: number,
  ): SubscriptionSnapshot {
    return {
      ...base,
      usageBased: false,
      origin: "LEGACY",
      plan: "flex",
      quantity,
      unitPrice: pkg.basePlan.price,
      items: [{ name: legacyItemName(pkg.billingInterval), quantity, unitAmount: pkg.basePlan.price }],
    };
  }
}
