import { randomUUID } from "node:crypto";
import {
  BILLING_MESSAGES,
  packageItems,
  parseSubscriptionItemName,
  type SubscriptionInterval,
  type SubscriptionStatus,
} from "@boxyard/domain";
import type Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import { AppError, invalid } from "../../http/errors.ts";
import { legacyItemName } from "./local.adapter.ts";
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
import type { StripePriceKey } from "./price-keys.ts";

/** Stripe's subscription statuses as Boxyard's (api-contract §2): past_due is a payment problem, UNPAID. */
const STATUSES: Record<string, SubscriptionStatus> = {
  active: "ACTIVE",
  trialing: "TRIALING",
  past_due: "UNPAID",
  unpaid: "UNPAID",
  incomplete: "INCOMPLETE",
  incomplete_expired: "INCOMPLETE_EXPIRED",
  canceled: "CANCELLED",
  paused: "PAUSED",
};

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  value ? (typeof value === "string" ? value : value.id) : null;

/** The price key of a subscription item name: `flex_annual` → `flex_yearly`, `team_pro` → `legacy_pro_monthly`. */
function priceKeyOf(name: string): StripePriceKey | null {
  if (name === legacyItemName("MONTHLY")) return "legacy_pro_monthly";
  if (name === legacyItemName("YEARLY")) return "legacy_pro_yearly";
  const parsed = parseSubscriptionItemName(name);
  if (!parsed) return null;
  return `${parsed.id}_${parsed.interval === "YEARLY" ? "yearly" : "monthly"}` as StripePriceKey;
}

/** The subscription item name of a price key: `credits_500_yearly` → `credits_500_annual`. */
function itemNameOf(key: StripePriceKey): string {
  if (key === "legacy_pro_monthly") return legacyItemName("MONTHLY");
  if (key === "legacy_pro_yearly") return legacyItemName("YEARLY");
  return key.replace(/_monthly$/, "").replace(/_yearly$/, "_annual");
}

/**
 * Payments through Stripe, with its official SDK (loaded on first use). Checkout sessions and the
 * customer portal are Stripe's pages; plan changes go through subscription updates (a new cycle at
 * once, with prorations) or a subscription schedule (from the next bill date); webhooks are verified
 * with the signing secret. Prices are the ones configured per plan, add-on and interval.
 */
export class StripePayments implements PaymentsAdapter {
  readonly provider = "stripe" as const;
  private client: Promise<Stripe> | undefined;
  private readonly keyOfPrice: Map<string, StripePriceKey>;

  constructor(private readonly config: StripeConfig) {
    this.keyOfPrice = new Map(
      Object.entries(config.prices).map(([key, price]) => [price, key as StripePriceKey]),
    );
  }

  private stripe(): Promise<Stripe> {
    this.client ??= import("stripe").then(
      ({ default: StripeClient }) =>
        new StripeClient(this.config.secretKey, {
          maxNetworkRetries: 1,
          timeout: 20_000,
          appInfo: { name: "Boxyard" },
          ...(this.config.api ?? {}),
        }),
    );
    return this.client;
  }

  private priceOf(name: string): string {
    const key = priceKeyOf(name);
    const price = key ? this.config.prices[key] : undefined;
    if (!price) {
      throw new AppError(
        "INVALID",
        key?.startsWith("legacy_") ? BILLING_MESSAGES.legacyUnavailable : BILLING_MESSAGES.unknownPlan(name),
      );
    }
    return price;
  }

  private lineItems(items: readonly SnapshotItem[]) {
    return items.map((i) => ({ price: this.priceOf(i.name), quantity: i.quantity }));
  }

  private async call<T>(work: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = await this.stripe();
    try {
      return await work(stripe);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("INTERNAL", BILLING_MESSAGES.providerFailed, undefined, { cause: error });
    }
  }

  private async ensureCustomer(
    stripe: Stripe,
    input: { customerId: string | null; workspaceId: string; name: string; email: string },
  ): Promise<string> {
    if (input.customerId) return input.customerId;
    const customer = await stripe.customers.create({
      name: input.name,
      email: input.email,
      metadata: { workspace_id: input.workspaceId },
    });
    return customer.id;
  }

  async createCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
    return this.call(async (stripe) => {
      const items = input.legacy
        ? [
            {
              name: legacyItemName(input.package.billingInterval),
              quantity: input.legacy.quantity,
              unitAmount: 0,
            },
          ]
        : packageItems(input.package);
      const lineItems = this.lineItems(items);
      const customer = await this.ensureCustomer(stripe, {
        customerId: input.customerId,
        workspaceId: input.workspace.id,
        name: input.workspace.name,
        email: input.email,
      });
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        client_reference_id: input.workspace.id,
        line_items: lineItems,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { workspace_id: input.workspace.id },
        subscription_data: {
          metadata: { workspace_id: input.workspace.id, usage_based: String(!input.legacy) },
        },
      });
      if (!session.url) throw new AppError("INTERNAL", BILLING_MESSAGES.checkoutUrlFailed);
      return {
        sessionId: session.id,
        url: session.url,
        expiresAt: date(session.expires_at) ?? new Date(Date.now() + 24 * 3600_000),
        customerId: customer,
      };
    });
  }

  async customerPortal(input: {
    workspaceId: string;
    customerId: string | null;
    email: string;
    name: string;
    returnUrl: string;
  }) {
    return this.call(async (stripe) => {
      const customer = await this.ensureCustomer(stripe, input);
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: input.returnUrl });
      return { url: session.url, customerId: customer };
    });
  }

  /** The items param of an update: every current item removed, the new ones added. */
  private async replacementItems(stripe: Stripe, input: ChangeInput) {
    const current = await stripe.subscriptions.retrieve(input.subscription.providerSubscriptionId);
    return {
      current,
      items: [
        ...current.items.data.map((i) => ({ id: i.id, deleted: true as const })),
        ...this.lineItems(packageItems(input.next)),
      ],
    };
  }

  async previewChange(input: ChangeInput): Promise<ChargePreview> {
    return this.call(async (stripe) => {
      const { current, items } = await this.replacementItems(stripe, input);
      const immediately = input.moment === "IMMEDIATELY";
      const preview = await stripe.invoices.createPreview({
        customer: idOf(current.customer) ?? undefined,
        subscription: current.id,
        subscription_details: {
          items,
          proration_behavior: immediately ? "always_invoice" : "none",
          ...(immediately ? { billing_cycle_anchor: { type: "now" as const } } : {}),
        },
      });
      return { total: preview.total, totalExcludingTax: preview.total_excluding_tax ?? preview.total };
    });
  }

  async applyChange(input: ChangeInput): Promise<BillingEvent[]> {
    return this.call(async (stripe) => {
      const { current, items } = await this.replacementItems(stripe, input);
      const scheduleId = idOf(current.schedule);
      if (input.moment === "IMMEDIATELY") {
        if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
        const updated = await stripe.subscriptions.update(current.id, {
          items,
          proration_behavior: "always_invoice",
          billing_cycle_anchor: { type: "now" },
          metadata: { workspace_id: input.subscription.workspaceId, usage_based: "true" },
        });
        return [
          {
            id: `api_${randomUUID()}`,
            type: "subscription.updated",
            subscription: { ...this.snapshot(updated), upcoming: null },
          },
        ];
      }
      const schedule = scheduleId
        ? await stripe.subscriptionSchedules.retrieve(scheduleId)
        : await stripe.subscriptionSchedules.create({ from_subscription: current.id });
      const phase = schedule.phases[0];
      const end = input.subscription.currentPeriodEnd;
      const nextItems = packageItems(input.next);
      const updated = await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: "release",
        proration_behavior: "none",
        phases: [
          {
            items: current.items.data.map((i) => ({ price: i.price.id, quantity: i.quantity ?? 1 })),
            ...(phase ? { start_date: phase.start_date } : {}),
            end_date: Math.floor(end.getTime() / 1000),
          },
          {
            items: this.lineItems(nextItems),
            duration: {
              interval: input.next.billingInterval === "YEARLY" ? "year" : "month",
              interval_count: 1,
            },
          },
        ],
      });
      return [
        {
          id: `api_${randomUUID()}`,
          type: "schedule.updated",
          providerSubscriptionId: current.id,
          providerScheduleId: updated.id,
          upcoming: { startsAt: end, items: nextItems },
        },
      ];
    });
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    const stripe = await this.stripe();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? "", this.config.webhookSecret);
    } catch {
      throw invalid(BILLING_MESSAGES.webhookSignature);
    }
    return this.call(async (client) => this.translate(client, event));
  }

  private async translate(stripe: Stripe, event: Stripe.Event): Promise<BillingEvent> {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== "subscription" || !subscriptionId) {
          return { id: event.id, type: "ignored", providerType: event.type };
        }
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const snapshot = this.snapshot(subscription);
        return {
          id: event.id,
          type: "checkout.completed",
          checkoutSessionId: session.id,
          subscription: {
            ...snapshot,
            workspaceId:
              snapshot.workspaceId ?? session.metadata?.workspace_id ?? session.client_reference_id,
          },
        };
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
      case "customer.subscription.paused":
      case "customer.subscription.resumed":
        return { id: event.id, type: "subscription.updated", subscription: this.snapshot(event.data.object) };
      case "invoice.finalized":
      case "invoice.paid":
      case "invoice.payment_succeeded":
      case "invoice.payment_failed":
      case "invoice.voided":
      case "invoice.marked_uncollectible":
        return {
          id: event.id,
          type: "invoice.updated",
          invoice: this.invoice(event.data.object, event.type === "invoice.payment_failed"),
        };
      case "subscription_schedule.updated":
      case "subscription_schedule.released":
      case "subscription_schedule.canceled":
      case "subscription_schedule.completed": {
        const schedule = event.data.object;
        const subscriptionId = idOf(schedule.subscription) ?? idOf(schedule.released_subscription);
        if (!subscriptionId) return { id: event.id, type: "ignored", providerType: event.type };
        const active = event.type === "subscription_schedule.updated" && schedule.status === "active";
        const now = Date.now() / 1000;
        const next = active ? schedule.phases.find((p) => p.start_date > now) : undefined;
        return {
          id: event.id,
          type: "schedule.updated",
          providerSubscriptionId: subscriptionId,
          providerScheduleId: active ? schedule.id : null,
          upcoming: next
            ? {
                startsAt: new Date(next.start_date * 1000),
                items: next.items.map((i) => ({
                  name: this.nameOfPrice(idOf(i.price)),
                  quantity: i.quantity ?? 1,
                  unitAmount:
                    typeof i.price === "object" && "unit_amount" in i.price ? (i.price.unit_amount ?? 0) : 0,
                })),
              }
            : null,
        };
      }
      default:
        return { id: event.id, type: "ignored", providerType: event.type };
    }
  }

  private nameOfPrice(priceId: string | null): string {
    const key = priceId ? this.keyOfPrice.get(priceId) : undefined;
    return key ? itemNameOf(key) : (priceId ?? "unknown");
  }

  /** A Stripe subscription as Boxyard keeps it. */
  snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
    const items: SnapshotItem[] = sub.items.data.map((i) => ({
      name: this.nameOfPrice(i.price.id),
      quantity: i.quantity ?? 1,
      unitAmount: i.price.unit_amount ?? 0,
    }));
    const legacy = items.some((i) => i.name.startsWith("team_pro"));
    const planItem =
      items.find(
        (i) => i.name.startsWith("team_pro") || parseSubscriptionItemName(i.name)?.kind === "plan",
      ) ?? items[0];
    const interval: SubscriptionInterval =
      planItem?.name.endsWith("_annual") || sub.items.data[0]?.price.recurring?.interval === "year"
        ? "YEARLY"
        : "MONTHLY";
    const starts = sub.items.data.map((i) => i.current_period_start);
    const ends = sub.items.data.map((i) => i.current_period_end);
    const usageBased = !legacy && sub.metadata?.usage_based !== "false";
    return {
      provider: "stripe",
      providerSubscriptionId: sub.id,
      providerCustomerId: idOf(sub.customer),
      providerScheduleId: idOf(sub.schedule),
      workspaceId: sub.metadata?.workspace_id ?? null,
      status: STATUSES[sub.status] ?? "UNKNOWN",
      origin: usageBased ? null : "LEGACY",
      usageBased,
      plan: planItem?.name.startsWith("builder") ? "builder" : "flex",
      billingInterval: interval,
      currency: sub.currency,
      quantity: planItem?.quantity ?? 1,
      unitPrice: planItem?.unitAmount ?? 0,
      currentPeriodStart: date(starts.length > 0 ? Math.min(...starts) : sub.start_date)!,
      currentPeriodEnd: date(ends.length > 0 ? Math.max(...ends) : sub.start_date)!,
      cancelAt: date(sub.cancel_at),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      canceledAt: date(sub.canceled_at),
      trialStart: date(sub.trial_start),
      trialEnd: date(sub.trial_end),
      paymentMethodAttached: Boolean(sub.default_payment_method ?? sub.default_source),
      items,
    };
  }

  private invoice(invoice: Stripe.Invoice, paymentFailed: boolean): InvoiceSnapshot {
    const subscription = invoice.parent?.subscription_details?.subscription;
    const status = (invoice.status ?? "draft") as InvoiceSnapshot["status"];
    return {
      provider: "stripe",
      providerInvoiceId: invoice.id ?? `in_${randomUUID()}`,
      providerSubscriptionId: idOf(subscription),
      providerCustomerId: idOf(invoice.customer),
      workspaceId: invoice.parent?.subscription_details?.metadata?.workspace_id ?? null,
      number: invoice.number,
      status,
      paymentFailed,
      currency: invoice.currency,
      total: invoice.total,
      totalExcludingTax: invoice.total_excluding_tax ?? invoice.total,
      periodStart: date(invoice.period_start),
      periodEnd: date(invoice.period_end),
      lines: invoice.lines.data.map((l) => ({
        description: l.description ?? "",
        quantity: l.quantity ?? 1,
        unitAmount: l.quantity ? Math.round(l.amount / l.quantity) : l.amount,
        amount: l.amount,
      })),
      hostedUrl: invoice.hosted_invoice_url ?? null,
    };
  }
}
