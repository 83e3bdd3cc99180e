import type {
  AddonId,
  InvoiceLine,
  PaidPlanId,
  SubscriptionInterval,
  SubscriptionOrigin,
  SubscriptionStatus,
  SubscriptionType,
} from "@boxyard/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sandboxes } from "./sandboxes.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/** Which payments adapter a subscription, checkout or invoice belongs to. */
export type PaymentProviderId = "stripe" | "local";

/**
 * A workspace's billing settings: its spending limit (dollars, setTeamLimits), whether billing froze
 * it for running out of credits (so that only billing unfreezes what billing froze), and its
 * customer at Stripe.
 */
export const workspaceBilling = pgTable(
  "workspace_billing",
  {
    workspaceId: uuid("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    spendingLimit: integer("spending_limit").notNull().default(0),
    frozenForCredits: boolean("frozen_for_credits").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("workspace_billing_stripe_customer_idx").on(t.stripeCustomerId)],
);

/**
 * A workspace's subscription as its payment provider last told us (Stripe webhooks, or the local
 * adapter). A workspace's newest subscription is its subscription; ended ones stay as history.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProviderId>().notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    /** The Stripe subscription schedule carrying an upcoming phase, if any. */
    providerScheduleId: text("provider_schedule_id"),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    type: text("type").$type<SubscriptionType>().notNull().default("TEAM_PRO"),
    origin: text("origin").$type<SubscriptionOrigin>(),
    /** False for a legacy per-seat Pro subscription (convertToUsageBilling turns it into usage billing). */
    usageBased: boolean("usage_based").notNull().default(true),
    plan: text("plan").$type<PaidPlanId>().notNull(),
    billingInterval: text("billing_interval").$type<SubscriptionInterval>().notNull(),
    currency: text("currency").notNull().default("usd"),
    quantity: integer("quantity").notNull().default(1),
    /** Cents, the plan item's unit price for one cycle. */
    unitPrice: integer("unit_price").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    /** When the upcoming phase (items in phase 'upcoming') starts; null without one. */
    upcomingStartsAt: timestamp("upcoming_starts_at", { withTimezone: true }),
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    trialStart: timestamp("trial_start", { withTimezone: true }),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    paymentMethodAttached: boolean("payment_method_attached").notNull().default(false),
    /** Where a billing manager pays an unpaid invoice (Stripe's hosted invoice page). */
    updateBillingUrl: text("update_billing_url"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_id_idx").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_workspace_idx").on(t.workspaceId, t.insertedAt),
  ],
);

/** The items of a subscription's current phase and of its upcoming one (schedule phases). */
export const subscriptionItems = pgTable(
  "subscription_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    phase: text("phase").$type<"current" | "upcoming">().notNull(),
    position: integer("position").notNull(),
    /** `flex`, `builder_annual`, `credits_500`, ... (packages/domain subscriptionItemName). */
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    /** Cents for one cycle. */
    unitAmount: integer("unit_amount").notNull(),
  },
  (t) => [index("subscription_items_subscription_idx").on(t.subscriptionId, t.phase, t.position)],
);

/** Every status a subscription went through, and what moved it. */
export const subscriptionStatusChanges = pgTable(
  "subscription_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<SubscriptionStatus>(),
    toStatus: text("to_status").$type<SubscriptionStatus>().notNull(),
    /** The provider event that moved it (a Stripe event id, or the local adapter's). */
    eventId: text("event_id"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscription_status_changes_subscription_idx").on(t.subscriptionId, t.changedAt)],
);

/**
 * The provider events already applied: a webhook delivered twice (or replayed) finds its id here
 * and changes nothing the second time. Recorded in the transaction that applies the event.
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    provider: text("provider").$type<PaymentProviderId>().notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type CheckoutAddon = { id: AddonId; quantity: number };

/** A checkout started for a workspace: at Stripe, or the local adapter's own checkout page. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider").$type<PaymentProviderId>().notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    plan: text("plan").$type<PaidPlanId>().notNull(),
    billingInterval: text("billing_interval").$type<SubscriptionInterval>().notNull(),
    addons: jsonb("addons").$type<CheckoutAddon[]>().notNull().default([]),
    usageBased: boolean("usage_based").notNull().default(true),
    /** Members billed for a legacy per-seat subscription; 1 otherwise. */
    quantity: integer("quantity").notNull().default(1),
    /** Cents for the first cycle. */
    amountTotal: integer("amount_total").notNull(),
    /** The spending limit (dollars) chosen with the plan, set when the checkout completes; null keeps it. */
    spendingLimit: integer("spending_limit"),
    url: text("url").notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    status: text("status").$type<"open" | "complete" | "cancelled" | "expired">().notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("checkout_sessions_workspace_idx").on(t.workspaceId, t.insertedAt)],
);

/** What a workspace was charged: Stripe's invoices (from webhooks) and the local adapter's. */
export const billingInvoices = pgTable(
  "billing_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    provider: text("provider").$type<PaymentProviderId>().notNull(),
    providerInvoiceId: text("provider_invoice_id").notNull(),
    number: text("number"),
    status: text("status").$type<"draft" | "open" | "paid" | "void" | "uncollectible">().notNull(),
    currency: text("currency").notNull().default("usd"),
    /** Cents. */
    total: integer("total").notNull(),
    totalExcludingTax: integer("total_excluding_tax").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull().default([]),
    hostedUrl: text("hosted_url"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_invoices_provider_id_idx").on(t.provider, t.providerInvoiceId),
    index("billing_invoices_workspace_idx").on(t.workspaceId, t.insertedAt),
  ],
);

/**
 * A devbox's time on a VM: started (with its tier and that tier's credit basis) and, once it has
 * stopped, stopped. Credits = minutes × credit basis / 60, counted per billing period.
 */
export const devboxRuns = pgTable(
  "devbox_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sandboxId: text("sandbox_id").references(() => sandboxes.id, { onDelete: "set null" }),
    vmTier: integer("vm_tier").notNull(),
    creditBasis: integer("credit_basis").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  },
  (t) => [
    index("devbox_runs_workspace_idx").on(t.workspaceId, t.startedAt),
    uniqueIndex("devbox_runs_running_idx").on(t.sandboxId).where(sql`${t.stoppedAt} is null`),
  ],
);
