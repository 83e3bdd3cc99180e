import { notFound } from "../../http/errors.ts";
import { openQuery } from "../../service/command.ts";
import { type Ctx, runCommand } from "../../service/context.ts";
import { stripeDeliveryInput } from "./billing.schema.ts";
import { applyBillingEvents } from "./billing-events.ts";

/**
 * A Stripe event, verified with the webhook signing secret on the raw body, applied once (a
 * delivery repeated or replayed changes nothing the second time). Only with Stripe configured. The
 * signature is checked with no transaction open; the event is applied by a command of its own.
 */
export const receiveStripeEvent = openQuery(stripeDeliveryInput, async (ctx, input) => {
  const { deps } = ctx;
  if (deps.payments.provider !== "stripe") throw notFound("Not found.");
  const event = await deps.payments.parseWebhook(input.payload, input.signature);
  const applied = await runCommand(
    deps,
    ctx.actor,
    (write: Ctx) => applyBillingEvents(write.db, deps.config, "stripe", [event]),
    undefined,
  );
  return { id: event.id, type: event.type, duplicate: applied.length === 0 };
});
