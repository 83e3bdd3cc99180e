import { isPaidPlanId, PLANS, type PlanId, type SubscriptionInterval } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type Prices, pricesQuery } from "../../api/queries/billing.ts";
import styles from "./Billing.module.css";
import type { PlansTab } from "./SegmentedToggle.tsx";

/**
 * The plans of a tab (spec 2 §2.8): Build only for free workspaces; Pro on the Editor tab; Scale
 * and Enterprise on the SDK tab.
 */
export function plansOfTab(tab: PlansTab, showBuild: boolean): PlanId[] {
  const paid: PlanId[] = tab === "editor" ? ["flex"] : ["builder", "enterprise"];
  return showBuild ? ["free", ...paid] : paid;
}

/**
 * A plan's price a month in dollars: the server's live prices when they came (cents; a year's
 * price shown per month as yearly/12, spec 2 §7), otherwise the catalogue's. Null: contact sales.
 */
export function monthlyPrice(plan: PlanId, interval: SubscriptionInterval, prices: Prices | undefined) {
  const { priceMonthly, priceYearly } = PLANS[plan];
  if (priceMonthly === null || priceYearly === null) return null;
  const live = isPaidPlanId(plan) ? prices?.base?.[plan] : undefined;
  if (live && Number.isFinite(live.costMonth) && Number.isFinite(live.costYear)) {
    return interval === "YEARLY" ? Math.round(live.costYear / 12) / 100 : live.costMonth / 100;
  }
  return interval === "YEARLY" ? priceYearly : priceMonthly;
}

function PlanPrice({ plan, interval }: { plan: PlanId; interval: SubscriptionInterval }) {
  const prices = useQuery(pricesQuery());
  const perMonth = monthlyPrice(plan, interval, prices.data);
  if (perMonth === null) {
    return <p className={styles.price}>Custom</p>;
  }
  return (
    <div>
      <p className={styles.price}>
        ${perMonth}
        <span className={styles.priceNote}> /month</span>
      </p>
      <p className={styles.priceNote}>
        {perMonth === 0 ? "Free forever" : interval === "YEARLY" ? "billed yearly" : "billed monthly"}
      </p>
    </div>
  );
}

/** The plan cards; the caller gives each card its action (choose, upgrade, contact us). */
export function PlanCards({
  tab,
  interval,
  showBuild,
  selected,
  action,
}: {
  tab: PlansTab;
  interval: SubscriptionInterval;
  showBuild: boolean;
  selected?: PlanId | null;
  action: (plan: PlanId) => ReactNode;
}) {
  return (
    <ul className={styles.cards} aria-label="Plans">
      {plansOfTab(tab, showBuild).map((id) => {
        const plan = PLANS[id];
        return (
          <li key={id} className={styles.card} data-selected={selected === id} aria-label={plan.name}>
            <div className={styles.cardHeader}>
              <h3 className={styles.cardName}>{plan.name}</h3>
            </div>
            <PlanPrice plan={id} interval={interval} />
            <ul className={styles.list}>
              {[...plan.usage, ...plan.features].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div className={styles.cardFooter}>{action(id)}</div>
          </li>
        );
      })}
    </ul>
  );
}
