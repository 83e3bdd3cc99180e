/** Test helpers of billing: a workspace subscribed through the local adapter's own code path. */

import { randomBytes } from "node:crypto";
import {
  type AddonId,
  buildPackage,
  countAddons,
  type PaidPlanId,
  type SubscriptionInterval,
} from "@boxyard/domain";
import type { TestApp } from "../../../test/app.ts";
import { gql, type TestUser } from "../../../test/factories.ts";
import { LocalPayments } from "../../integrations/payments/local.adapter.ts";
import { applyBillingEvents } from "./billing-events.ts";

/**
 * Subscribes a workspace as confirming a local checkout does (the same events), so that it is Pro
 * from `now`. Answers the subscription's provider id.
 */
export async function subscribe(
  app: TestApp,
  workspaceId: string,
  options: {
    plan?: PaidPlanId;
    interval?: SubscriptionInterval;
    addons?: AddonId[];
    legacySeats?: number;
    now?: Date;
  } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const local = new LocalPayments(app.deps.config.publicUrl);
  const events = local.completeCheckout(
    {
      id: `cs_test_${randomBytes(8).toString("hex")}`,
      workspaceId,
      package: buildPackage(
        options.plan ?? "flex",
        options.interval ?? "MONTHLY",
        countAddons(options.addons ?? []),
      ),
      legacy: options.legacySeats ? { quantity: options.legacySeats } : null,
    },
    now,
  );
  await app.deps.db.transaction((tx) => applyBillingEvents(tx, app.deps.config, "local", events, now));
  const first = events[0]!;
  if (first.type !== "checkout.completed") throw new Error("expected a completed checkout");
  return first.subscription.providerSubscriptionId;
}

export const TEAM_BILLING = `query GetTeam($teamId: UUID4!) { me { id team(id: $teamId) { id frozen
  subscription(includeCancelled: true) { id type status origin paymentProvider billingInterval currency quantity
    unitPrice nextBillDate cancelAt cancelAtPeriodEnd paymentMethodAttached trialStart trialEnd updateBillingUrl }
  subscriptionSchedule { billingInterval current { startDate endDate items { name quantity unitAmount unitAmountDecimal } }
    upcoming { startDate endDate items { name quantity unitAmount unitAmountDecimal } } }
  limits { includedCredits includedDrafts includedMembers includedPrivateSandboxes includedPublicSandboxes
    includedSandboxes includedStorage includedVmTier maxEditors maxPrivateProjects maxPrivateSandboxes
    maxPublicProjects maxPublicSandboxes onDemandCreditLimit onDemandSpendingLimit }
  usage { sandboxes credits editorsQuantity privateSandboxesQuantity publicSandboxesQuantity restrictedSandboxes
    unrestrictedSandboxes publicProjectsQuantity privateProjectsQuantity }
  featureFlags { ubbBeta friendOfCsb } } } }`;

export type PhaseView = {
  startDate: string;
  endDate: string;
  items: { name: string; quantity: number; unitAmount: number; unitAmountDecimal: string }[];
};
export type TeamBilling = {
  id: string;
  frozen: boolean;
  subscription: Record<string, unknown> & { status: string; nextBillDate: string | null };
  subscriptionSchedule: { billingInterval: string; current: PhaseView; upcoming: PhaseView | null } | null;
  limits: Record<string, number>;
  usage: Record<string, number>;
  featureFlags: { ubbBeta: boolean; friendOfCsb: boolean };
};

/** The billing fields of a workspace as a member reads them (GetTeam). */
export async function teamBilling(app: TestApp, user: TestUser, teamId: string): Promise<TeamBilling> {
  const r = await gql<{ me: { team: TeamBilling } }>(app, user, TEAM_BILLING, { teamId });
  if (r.errors) throw new Error(r.errors[0]!.message);
  return r.data!.me.team;
}
