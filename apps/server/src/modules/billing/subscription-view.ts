import {
  parseSubscriptionItemName,
  type SchedulePhase,
  type SubscriptionInterval,
  type SubscriptionView,
  subscriptionEnded,
} from "@boxyard/domain";
import { addInterval } from "../../integrations/payments/local.adapter.ts";
import { itemsOfPhase, type SubscriptionItemRow, type SubscriptionRow } from "./workspace-plan.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function subscriptionView(row: SubscriptionRow, billingManager: boolean): SubscriptionView {
  const ending = subscriptionEnded(row.status) || row.cancelAtPeriodEnd;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    origin: row.origin,
    paymentProvider: row.provider === "stripe" ? "STRIPE" : null,
    billingInterval: row.billingInterval,
    currency: row.currency,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    nextBillDate: ending ? null : row.currentPeriodEnd.toISOString(),
    cancelAt: iso(row.cancelAt),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethodAttached: row.paymentMethodAttached,
    trialStart: iso(row.trialStart),
    trialEnd: iso(row.trialEnd),
    updateBillingUrl: billingManager ? row.updateBillingUrl : null,
  };
}

function phaseItems(items: readonly SubscriptionItemRow[]) {
  return items.map((i) => ({
    name: i.name,
    quantity: i.quantity,
    unitAmount: i.unitAmount,
    unitAmountDecimal: String(i.unitAmount),
  }));
}

/** The interval of an upcoming phase, read from its items' names (`_annual` is yearly). */
function intervalOf(
  items: readonly SubscriptionItemRow[],
  fallback: SubscriptionInterval,
): SubscriptionInterval {
  for (const item of items) {
    const parsed = parseSubscriptionItemName(item.name);
    if (parsed?.kind === "plan") return parsed.interval;
  }
  return fallback;
}

/** The subscription schedule: the current phase (this cycle) and the upcoming one, if a change waits. */
export function phasesOf(
  row: SubscriptionRow,
  items: readonly SubscriptionItemRow[],
): { billingInterval: SubscriptionInterval; current: SchedulePhase; upcoming: SchedulePhase | null } {
  const upcomingItems = itemsOfPhase(items, "upcoming");
  const upcomingStart = row.upcomingStartsAt;
  return {
    billingInterval: row.billingInterval,
    current: {
      startDate: row.currentPeriodStart.toISOString(),
      endDate: row.currentPeriodEnd.toISOString(),
      items: phaseItems(itemsOfPhase(items, "current")),
    },
    upcoming:
      upcomingStart && upcomingItems.length > 0
        ? {
            startDate: upcomingStart.toISOString(),
            endDate: addInterval(upcomingStart, intervalOf(upcomingItems, row.billingInterval)).toISOString(),
            items: phaseItems(upcomingItems),
          }
        : null,
  };
}
