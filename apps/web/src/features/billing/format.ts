import { isUnlimited, type SubscriptionInterval } from "@boxyard/domain";

/** Cents as dollars: `$12`, `$9.50`. */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** A plan limit: the maximum integer means Unlimited (spec 2 §3). */
export function formatLimit(value: number | null, custom = "Custom"): string {
  if (value === null) return custom;
  return isUnlimited(value) ? "Unlimited" : value.toLocaleString("en-US");
}

export function intervalLabel(interval: SubscriptionInterval): string {
  return interval === "YEARLY" ? "Yearly" : "Monthly";
}

/** What one cycle's price reads as: `/month` or `/year`. */
export function perInterval(interval: SubscriptionInterval): string {
  return interval === "YEARLY" ? "/year" : "/month";
}

export function formatDate(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
