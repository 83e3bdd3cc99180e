import { ADDON_IDS, PAID_PLAN_IDS } from "@boxyard/domain";

const INTERVALS = ["monthly", "yearly"] as const;

/**
 * The Stripe prices Boxyard sells, one per plan or add-on and interval (`flex_monthly`,
 * `credits_4000_yearly`, ...), and the legacy per-seat Pro (`legacy_pro_monthly`, optional).
 */
export const STRIPE_PRICE_KEYS = [
  ...[...PAID_PLAN_IDS, ...ADDON_IDS].flatMap((id) => INTERVALS.map((i) => `${id}_${i}` as const)),
  "legacy_pro_monthly",
  "legacy_pro_yearly",
] as const;
export type StripePriceKey = (typeof STRIPE_PRICE_KEYS)[number];

/** The environment variable of a price: `flex_monthly` → `STRIPE_PRICE_FLEX_MONTHLY`. */
export function stripePriceVariable(key: StripePriceKey): string {
  return `STRIPE_PRICE_${key.toUpperCase()}`;
}
