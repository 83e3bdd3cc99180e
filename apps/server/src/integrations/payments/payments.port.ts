import type {
  InvoiceLine,
  PaidPlanId,
  SubscriptionInterval,
  SubscriptionOrigin,
  SubscriptionPackage,
  SubscriptionStatus,
  UpdateMoment,
} from "@boxyard/domain";
import type { PaymentProviderId } from "../../db/schema/index.ts";

/**
 * The payments port: checkout, the customer portal, plan changes with their preview, and the
 * provider's events. Two adapters: Stripe (its SDK; webhooks verified by signature) and the local
 * one for self-hosted installs without Stripe (Boxyard's own checkout page). Both turn what the
 * provider says into the same BillingEvents, which the billing service applies exactly once.
 */

export type SnapshotItem = { name: string; quantity: number; unitAmount: number };

/** A subscription as its provider last described it. */
export type SubscriptionSnapshot = {
  provider: PaymentProviderId;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** undefined: unchanged. */
  providerScheduleId?: string | null;
  /** The workspace, when the provider knows it (metadata); else found by the subscription or customer. */
  workspaceId: string | null;
  status: SubscriptionStatus;
  /** LEGACY for a per-seat Pro subscription; null for a usage-based one. */
  origin: SubscriptionOrigin | null;
  usageBased: boolean;
  plan: PaidPlanId;
  billingInterval: SubscriptionInterval;
  currency: string;
  quantity: number;
  /** Cents: the plan item's price for one cycle. */
  unitPrice: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAt: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  paymentMethodAttached: boolean;
  /** The items of the current phase. */
  items: SnapshotItem[];
  /** The upcoming phase: undefined leaves it as it is, null removes it. */
  upcoming?: { startsAt: Date; items: SnapshotItem[] } | null;
};

export type InvoiceSnapshot = {
  provider: PaymentProviderId;
  providerInvoiceId: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  workspaceId: string | null;
  number: string | null;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  /** True when collecting it failed (the billing manager has to update the payment method). */
  paymentFailed: boolean;
  currency: string;
  total: number;
  totalExcludingTax: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  lines: InvoiceLine[];
  hostedUrl: string | null;
};

export type BillingEvent =
  | { id: string; type: "checkout.completed"; checkoutSessionId: string; subscription: SubscriptionSnapshot }
  | { id: string; type: "subscription.updated"; subscription: SubscriptionSnapshot }
  | { id: string; type: "invoice.updated"; invoice: InvoiceSnapshot }
  | {
      id: string;
      type: "schedule.updated";
      providerSubscriptionId: string;
      providerScheduleId: string | null;
      upcoming: { startsAt: Date; items: SnapshotItem[] } | null;
    }
  /** An event of the provider Boxyard has nothing to do with; recorded as seen. */
  | { id: string; type: "ignored"; providerType: string };

export type CheckoutInput = {
  workspace: { id: string; name: string };
  /** Who checks out: the customer's e-mail at the provider. */
  email: string;
  /** The workspace's customer at the provider, when it has one already. */
  customerId: string | null;
  package: SubscriptionPackage;
  /** A legacy per-seat Pro subscription for `quantity` members instead of a usage-based package. */
  legacy: { quantity: number } | null;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutStarted = {
  sessionId: string;
  url: string;
  expiresAt: Date;
  customerId: string | null;
};

/** A subscription to move to `next`, at `moment` (a new cycle at once, or from the next bill date). */
export type ChangeInput = {
  /** The subscription as it is now. */
  subscription: SubscriptionSnapshot & { workspaceId: string };
  current: SubscriptionPackage | null;
  /** What the current cycle costs in all (cents): the base of the proration. */
  currentCycleTotal: number;
  next: SubscriptionPackage;
  moment: UpdateMoment;
  now: Date;
};

export type ChargePreview = { total: number; totalExcludingTax: number };

export interface PaymentsAdapter {
  readonly provider: PaymentProviderId;
  createCheckout(input: CheckoutInput): Promise<CheckoutStarted>;
  /** Where the workspace's billing is managed (payment method, invoices, cancelling). */
  customerPortal(input: {
    workspaceId: string;
    customerId: string | null;
    email: string;
    name: string;
    returnUrl: string;
  }): Promise<{ url: string; customerId: string | null }>;
  previewChange(input: ChangeInput): Promise<ChargePreview>;
  /** Makes the change at the provider; answers the events describing the result. */
  applyChange(input: ChangeInput): Promise<BillingEvent[]>;
  /** Verifies and reads a webhook delivery (Stripe); the local adapter has none. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}
