import type {
  CreditState,
  SubscriptionInterval,
  SubscriptionOrigin,
  SubscriptionPackage,
  SubscriptionPaymentProvider,
  SubscriptionStatus,
  SubscriptionType,
} from "./billing.ts";
import type { PaidPlanId, PlanId } from "./plans.ts";

// The billing answers of the REST API, as the server writes them and the web app reads them.

/** A workspace's subscription as the API shows it (spec 1 §3, api-contract §3 TeamInfo). */
export type SubscriptionView = {
  id: string;
  type: SubscriptionType;
  status: SubscriptionStatus;
  origin: SubscriptionOrigin | null;
  /** STRIPE, or null for the local adapter of a self-hosted install. */
  paymentProvider: SubscriptionPaymentProvider | null;
  billingInterval: SubscriptionInterval;
  currency: string;
  quantity: number;
  /** Cents: the plan's price for one cycle. */
  unitPrice: number;
  /** When the next invoice comes; null when the subscription ends or has ended. */
  nextBillDate: string | null;
  cancelAt: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethodAttached: boolean;
  trialStart: string | null;
  trialEnd: string | null;
  /** Where to pay an unpaid invoice; only billing managers see it. */
  updateBillingUrl: string | null;
};

export type SchedulePhase = {
  startDate: string;
  endDate: string;
  items: { name: string; quantity: number; unitAmount: number; unitAmountDecimal: string }[];
};

export type InvoiceLine = { description: string; quantity: number; unitAmount: number; amount: number };

export type InvoiceView = {
  id: string;
  number: string | null;
  status: string;
  currency: string;
  total: number;
  totalExcludingTax: number;
  periodStart: string | null;
  periodEnd: string | null;
  lines: InvoiceLine[];
  hostedUrl: string | null;
  insertedAt: string;
};

export type BillingOverview = {
  /** Who bills this workspace: Stripe, or the install itself (the local adapter). */
  provider: "stripe" | "local";
  plan: { id: PlanId; name: string };
  pro: boolean;
  usageBilling: boolean;
  subscription: SubscriptionView | null;
  schedule: { current: SchedulePhase; upcoming: SchedulePhase | null } | null;
  spendingLimit: number;
  spendingLimitMax: number;
  credits: {
    periodStart: string;
    periodEnd: string;
    used: number;
    included: number;
    onDemandLimit: number;
    max: number;
    state: CreditState;
    hoursLeft: number;
  };
  /** Newest first: everything the workspace was charged. */
  invoices: InvoiceView[];
  /** The billing page may cancel (or resume) a local subscription; Stripe's are managed in its portal. */
  canCancel: boolean;
  canResume: boolean;
};

/** An order on the checkout page of the local payments adapter. */
export type CheckoutView = {
  id: string;
  status: "open" | "complete" | "cancelled" | "expired";
  provider: "stripe" | "local";
  workspace: { id: string; name: string };
  plan: PaidPlanId;
  planName: string;
  billingInterval: SubscriptionInterval;
  usageBased: boolean;
  /** Members billed, for a legacy per-seat subscription; 1 otherwise. */
  quantity: number;
  package: SubscriptionPackage;
  /** Cents for the first cycle. */
  amountTotal: number;
  /** The spending limit in dollars chosen with the plan, set when the order is confirmed; null keeps the current one. */
  spendingLimit: number | null;
  currency: string;
  expiresAt: string;
  successUrl: string;
  cancelUrl: string;
};
