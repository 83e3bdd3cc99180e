import {
  type AddonId,
  BILLING_MESSAGES,
  buildPackage,
  CHECKOUT_INTERVALS,
  type CheckoutView,
  countAddons,
  isAddonId,
  isPaidPlanId,
  type PaidPlanId,
  PLANS,
  RECURRING_INTERVALS,
  type SubscriptionInterval,
  type SubscriptionPackage,
  spendingLimitProblem,
  subscriptionEnded,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { count, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  checkoutSessions,
  users,
  workspaceBilling,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { conflict, invalid, notFound } from "../../http/errors.ts";
import { LocalPayments } from "../../integrations/payments/local.adapter.ts";
import type { PaymentsAdapter } from "../../integrations/payments/payments.port.ts";
import { command, query } from "../../service/command.ts";
import { type Ctx, runCommand } from "../../service/context.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { authorizeBilling } from "./billing.policy.ts";
import { checkoutInput, checkoutSessionInput, customerPortalInput, workspaceIdOf } from "./billing.schema.ts";
import { applyBillingEvents } from "./billing-events.ts";
import { requireBillingManager } from "./billing-manager.service.ts";
import { lockedSubscription, workspacePlan } from "./workspace-plan.ts";

export type BillingDeps = Pick<Deps, "db" | "config" | "payments" | "plans">;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
type CheckoutSessionInsert = typeof checkoutSessions.$inferInsert;

/** The adapter of an existing subscription's provider: a local subscription stays local when Stripe comes. */
export function paymentsFor(
  deps: Pick<Deps, "payments" | "config">,
  provider: "stripe" | "local",
): PaymentsAdapter {
  if (provider === deps.payments.provider) return deps.payments;
  if (provider === "local") return new LocalPayments(deps.config.publicUrl);
  throw invalid(BILLING_MESSAGES.managedByProvider);
}

/** A return path on this site: one leading '/', no scheme, host or backslash; at most 2000 characters. */
export function returnPath(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === "") return fallback;
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\") ||
    value.length > 2000 ||
    [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  ) {
    throw invalid(BILLING_MESSAGES.pathInvalid, "successPath");
  }
  return value;
}

function parsePlan(value: unknown): PaidPlanId {
  if (typeof value !== "string" || !isPaidPlanId(value))
    throw invalid(BILLING_MESSAGES.unknownPlan(String(value ?? "")), "plan");
  return value;
}

/** Add-on ids from a request: a list of known ids (one entry per add-on bought). */
export function parseAddons(value: unknown): AddonId[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length > 100)
    throw invalid(BILLING_MESSAGES.unknownAddon(String(value)), "addons");
  for (const id of list) {
    if (typeof id !== "string" || !isAddonId(id))
      throw invalid(BILLING_MESSAGES.unknownAddon(String(id)), "addons");
  }
  return list as AddonId[];
}

/**
 * Starts a checkout for a workspace the user administers (or manages billing of) that has no
 * subscription running (spec 2 §7): the usage-based variant (API version 2024-01-20) buys a plan,
 * an interval and credit add-ons; the legacy variant buys per-seat Pro for the workspace's members
 * (`recurring_interval` month or year). The provider is asked outside any transaction; the session
 * it answers is recorded after, with the spending limit chosen with the plan (set when the checkout
 * completes). Answers the provider's checkout address.
 */
// A remote command (as modules/repositories/remote-command.ts): it reads, asks the provider with no
// transaction open, then writes in a command of its own.
export const startCheckout = query(
  checkoutInput,
  async (ctx, request): Promise<{ url: string; sessionId: string }> => {
    const { db, deps, userId } = ctx;
    const { config } = deps;
    const variant = request.variant;
    const teamId = request.teamId.toLowerCase();
    let plan: PaidPlanId = "flex";
    let interval: SubscriptionInterval;
    let addons: AddonId[] = [];
    if (variant === "usage") {
      plan = parsePlan(request.plan);
      const key = request.billingInterval ?? "monthly";
      if (typeof key !== "string" || !(key in CHECKOUT_INTERVALS))
        throw invalid(BILLING_MESSAGES.unknownInterval, "billingInterval");
      interval = CHECKOUT_INTERVALS[key as keyof typeof CHECKOUT_INTERVALS];
      addons = parseAddons(request.addons);
    } else {
      const key = request.recurringInterval ?? "month";
      if (typeof key !== "string" || !(key in RECURRING_INTERVALS))
        throw invalid(BILLING_MESSAGES.unknownInterval, "recurringInterval");
      interval = RECURRING_INTERVALS[key as keyof typeof RECURRING_INTERVALS];
    }
    const spendingLimit = request.spendingLimit ?? null;
    // A checkout buys a paid plan: its limit goes up to a paid plan's maximum (1,000), not Free's.
    const limitProblem = spendingLimit === null ? null : spendingLimitProblem(spendingLimit, true);
    if (limitProblem) throw invalid(limitProblem, "spendingLimit");
    const successPath = returnPath(request.successPath, `/dashboard/recent?workspace=${teamId}`);
    const cancelPath = returnPath(request.cancelPath, `/upgrade?workspace=${teamId}`);

    await requireBillingManager(db, userId, teamId);
    const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, teamId));
    if (!workspace) throw notFound(WORKSPACE_MESSAGES.notFound);
    const current = (await workspacePlan(db, config, teamId)).subscription;
    if (current && !subscriptionEnded(current.status)) throw conflict(BILLING_MESSAGES.alreadySubscribed);
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const [billing] = await db
      .select()
      .from(workspaceBilling)
      .where(eq(workspaceBilling.workspaceId, teamId));
    const [seats] = await db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, teamId));
    const pkg = buildPackage(plan, interval, countAddons(addons));
    const legacy = variant === "legacy" ? { quantity: Math.max(1, seats?.n ?? 1) } : null;

    const started = await deps.payments.createCheckout({
      workspace: { id: workspace.id, name: workspace.name },
      email: user?.email ?? "",
      customerId: billing?.stripeCustomerId ?? null,
      package: pkg,
      legacy,
      successUrl: `${config.publicUrl}${successPath}`,
      cancelUrl: `${config.publicUrl}${cancelPath}`,
    });
    const session: CheckoutSessionInsert = {
      id: started.sessionId,
      provider: deps.payments.provider,
      workspaceId: teamId,
      createdById: userId,
      plan,
      billingInterval: interval,
      addons: countAddons(addons),
      usageBased: !legacy,
      quantity: legacy?.quantity ?? 1,
      amountTotal: legacy ? pkg.basePlan.price * legacy.quantity : pkg.totalPrice,
      spendingLimit,
      url: started.url,
      successUrl: `${config.publicUrl}${successPath}`,
      cancelUrl: `${config.publicUrl}${cancelPath}`,
      expiresAt: started.expiresAt,
    };
    const customerId = deps.payments.provider === "stripe" ? started.customerId : null;
    await runCommand(deps, ctx.actor, (write: Ctx) => recordCheckout(write, session, customerId), undefined);
    return { url: started.url, sessionId: started.sessionId };
  },
);

/** The checkout session the provider opened, and the Stripe customer it made for the workspace. */
async function recordCheckout(
  ctx: Ctx,
  session: CheckoutSessionInsert,
  customerId: string | null | undefined,
) {
  if (customerId) await saveStripeCustomer(ctx.db, session.workspaceId, customerId);
  await ctx.db.insert(checkoutSessions).values(session);
}

/** The workspace's Stripe customer, made at a checkout or at the customer portal. */
async function saveStripeCustomer(tx: Tx, workspaceId: string, customerId: string) {
  await tx
    .insert(workspaceBilling)
    .values({ workspaceId, stripeCustomerId: customerId })
    .onConflictDoUpdate({ target: workspaceBilling.workspaceId, set: { stripeCustomerId: customerId } });
}

// ---------------------------------------------------------------------------------------------
// The local checkout page: read the order, confirm it, abandon it

function statusOf(row: CheckoutSessionRow, now: Date): CheckoutView["status"] {
  return row.status === "open" && row.expiresAt <= now ? "expired" : row.status;
}

function packageOf(row: CheckoutSessionRow): SubscriptionPackage {
  return buildPackage(row.plan, row.billingInterval, row.addons);
}

/** A checkout a billing manager of its workspace may see; anyone else is told it does not exist. */
async function loadCheckout(db: Db | Tx, userId: string, sessionId: string, lock: boolean) {
  const query = db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(BILLING_MESSAGES.checkoutNotFound);
  const membership = await membershipOf(db, userId, row.workspaceId);
  if (!membership) throw notFound(BILLING_MESSAGES.checkoutNotFound);
  authorizeBilling(membership);
  return row;
}

/** `GET /api/v1/billing/checkout/:sessionId`: the order as the local checkout page shows it. */
export const checkoutView = query(checkoutSessionInput, async (ctx, { sessionId }): Promise<CheckoutView> => {
  const { db, userId } = ctx;
  const row = await loadCheckout(db, userId, sessionId, false);
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, row.workspaceId));
  return {
    id: row.id,
    status: statusOf(row, new Date()),
    provider: row.provider,
    workspace: workspace!,
    plan: row.plan,
    planName: PLANS[row.plan].name,
    billingInterval: row.billingInterval,
    usageBased: row.usageBased,
    quantity: row.quantity,
    package: packageOf(row),
    amountTotal: row.amountTotal,
    spendingLimit: row.spendingLimit,
    currency: "usd",
    expiresAt: row.expiresAt.toISOString(),
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
  };
});

/**
 * Confirms a local checkout (the local adapter's page): the workspace gets its subscription through
 * the same events a Stripe webhook fires, in one transaction. A checkout confirms once.
 */
export const confirmCheckout = command(checkoutSessionInput, async (ctx, { sessionId }) => {
  const { db: tx, deps, userId } = ctx;
  const now = new Date();
  const row = await loadCheckout(tx, userId, sessionId, true);
  if (row.provider !== "local") throw invalid(BILLING_MESSAGES.managedByProvider);
  const status = statusOf(row, now);
  if (status === "expired") {
    await tx.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, row.id));
    throw invalid(BILLING_MESSAGES.checkoutExpired);
  }
  if (status !== "open") throw conflict(BILLING_MESSAGES.checkoutClosed);
  const current = await lockedSubscription(tx, row.workspaceId);
  if (current && !subscriptionEnded(current.status)) throw conflict(BILLING_MESSAGES.alreadySubscribed);
  const local = paymentsFor(deps, "local") as LocalPayments;
  const events = local.completeCheckout(
    {
      id: row.id,
      workspaceId: row.workspaceId,
      package: packageOf(row),
      legacy: row.usageBased ? null : { quantity: row.quantity },
    },
    now,
  );
  await applyBillingEvents(tx, deps.config, "local", events, now);
  return { redirectUrl: row.successUrl };
});

/** Abandons an open local checkout; abandoning it again answers the same. */
export const cancelCheckout = command(checkoutSessionInput, async (ctx, { sessionId }) => {
  const { db: tx, userId } = ctx;
  const row = await loadCheckout(tx, userId, sessionId, true);
  if (row.provider !== "local") throw invalid(BILLING_MESSAGES.managedByProvider);
  if (row.status === "complete") throw conflict(BILLING_MESSAGES.checkoutClosed);
  if (row.status === "open") {
    await tx.update(checkoutSessions).set({ status: "cancelled" }).where(eq(checkoutSessions.id, row.id));
  }
  return { redirectUrl: row.cancelUrl };
});

/**
 * The address of the workspace's billing portal (spec 2 §7 customer_portal): Stripe's customer
 * portal, or Boxyard's own billing page for a local subscription or an install without Stripe.
 */
export const customerPortal = query(customerPortalInput, async (ctx, input): Promise<string> => {
  const { db, deps, userId } = ctx;
  const teamId = workspaceIdOf(input.teamId);
  const path = returnPath(input.returnPath, `/dashboard/recent?workspace=${teamId}`);
  await requireBillingManager(db, userId, teamId);
  const plan = await workspacePlan(db, deps.config, teamId);
  const adapter = paymentsFor(deps, plan.subscription?.provider ?? deps.payments.provider);
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, teamId));
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [billing] = await db.select().from(workspaceBilling).where(eq(workspaceBilling.workspaceId, teamId));
  const portal = await adapter.customerPortal({
    workspaceId: teamId,
    customerId: billing?.stripeCustomerId ?? null,
    email: user?.email ?? "",
    name: workspace?.name ?? "",
    returnUrl: `${deps.config.publicUrl}${path}`,
  });
  const customerId = portal.customerId;
  if (customerId && adapter.provider === "stripe" && customerId !== billing?.stripeCustomerId) {
    await runCommand(
      deps,
      ctx.actor,
      (write: Ctx) => saveStripeCustomer(write.db, teamId, customerId),
      undefined,
    );
  }
  return portal.url;
});
