import type { Config } from "../../config.ts";
import { LocalPayments } from "./local.adapter.ts";
import type { PaymentsAdapter } from "./payments.port.ts";
import { StripePayments } from "./stripe.adapter.ts";

/** Stripe when STRIPE_SECRET_KEY is set, else the local adapter (Boxyard's own checkout page). */
export function createPayments(config: Pick<Config, "payments" | "publicUrl">): PaymentsAdapter {
  return config.payments.kind === "stripe"
    ? new StripePayments(config.payments)
    : new LocalPayments(config.publicUrl);
}
