import { BILLING_MESSAGES, SUBSCRIPTION_INTERVALS } from "@boxyard/domain";
import { z } from "zod";
import { notFound } from "../../http/errors.ts";

/** The input rules of the billing commands and reads (spec 2 §5, §7; api-contract §13). */

const UUID = z.uuid();

/** A workspace by its id; one that is no UUID is a workspace not found (as the routes answered). */
export function workspaceIdOf(teamId: string): string {
  if (!UUID.safeParse(teamId).success) throw notFound("Workspace not found.");
  return teamId.toLowerCase();
}

export const teamInput = z.object({ teamId: z.string() });

/** A spending limit in whole dollars; its range is the spec's, checked by the command (spendingLimitProblem). */
const spendingLimit = z
  .number("The spending limit is a number.")
  .int("The spending limit is a whole number.");

/** `setTeamLimits(teamId, onDemandSpendingLimit)`. */
export const setTeamLimitsInput = z.object({ teamId: z.string(), onDemandSpendingLimit: spendingLimit });

const reportedAt = z.iso.datetime({ offset: true }).optional();

/** The runtime reports a devbox started: on its tier, or the one given; at `startedAt` (now by default). */
export const devboxStartedInput = z.object({
  sandboxId: z.string().min(1).max(200),
  vmTier: z.number().int().optional(),
  startedAt: reportedAt,
});

/** The runtime reports a devbox stopped at `stoppedAt` (now by default). */
export const devboxStoppedInput = z.object({
  sandboxId: z.string().min(1).max(200),
  stoppedAt: reportedAt,
});

/**
 * `POST /api/v1/checkout`: the variant comes from the API version (usage-based plans, or legacy
 * per-seat Pro); the other fields are checked by the command, each with its own text and field.
 */
export const checkoutInput = z.object({
  variant: z.enum(["usage", "legacy"]),
  teamId: z.string(BILLING_MESSAGES.teamRequired).regex(/^[0-9a-f-]{36}$/i, BILLING_MESSAGES.teamRequired),
  plan: z.unknown().optional(),
  billingInterval: z.unknown().optional(),
  recurringInterval: z.unknown().optional(),
  addons: z.unknown().optional(),
  successPath: z.unknown().optional(),
  cancelPath: z.unknown().optional(),
  /** The spending limit chosen with the plan, set when the checkout completes; omitted keeps the current one. */
  spendingLimit: spendingLimit.nullish(),
});

/** A checkout of the local adapter's checkout page, by its session id. */
export const checkoutSessionInput = z.object({ sessionId: z.string() });

/** The workspace's customer portal, and the path on this site it returns to (checked by the command). */
export const customerPortalInput = z.object({ teamId: z.string(), returnPath: z.unknown().optional() });

/**
 * A change of a subscription's plan, interval or add-ons (or a legacy one's conversion): the plan
 * and add-on ids are checked by the command, with the spec's texts.
 */
export const planChangeInput = z.object({
  teamId: z.string(),
  plan: z.string(),
  billingInterval: z.enum(SUBSCRIPTION_INTERVALS).nullish(),
  /** Add-on ids, one entry per add-on; omitted keeps the current ones (plan changes only). */
  addons: z.array(z.string()).nullish(),
});

/** A Stripe webhook delivery: the raw body as it came (the signature covers it) and its signature header. */
export const stripeDeliveryInput = z.object({
  payload: z.instanceof(Buffer),
  signature: z.string().optional(),
});
