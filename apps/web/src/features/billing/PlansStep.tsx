import {
  type AddonId,
  changeBase,
  isPaidPlanId,
  PLANS,
  type PlanId,
  type SubscriptionInterval,
  type SubscriptionPackage,
  setAddonQuantity,
} from "@boxyard/domain";
import { useState } from "react";
import { config } from "../../app/config.ts";
import { Button } from "../../ui/Button.tsx";
import { AddonPicker } from "./AddonPicker.tsx";
import styles from "./Billing.module.css";
import { PlanCards } from "./PlanCards.tsx";
import { INTERVAL_OPTIONS, PLANS_TABS, type PlansTab, SegmentedToggle } from "./SegmentedToggle.tsx";

export type PlanSelection = { plan: PlanId; pkg: SubscriptionPackage };

/**
 * The plans step of the create-workspace and upgrade flows: SDK / Editor tab, interval, the plan
 * cards (Build only where the workspace may stay free), and the credit add-ons of a paid plan.
 */
export function PlansStep({
  selection,
  onChange,
  showBuild,
}: {
  selection: PlanSelection;
  onChange: (selection: PlanSelection) => void;
  showBuild: boolean;
}) {
  const { plan, pkg } = selection;
  const [tab, setTab] = useState<PlansTab>(pkg.basePlan.id === "builder" ? "sdk" : "editor");
  const paid = isPaidPlanId(plan);

  const choose = (id: PlanId) => {
    onChange({ plan: id, pkg: isPaidPlanId(id) ? changeBase(pkg, id) : pkg });
  };
  const setInterval = (interval: SubscriptionInterval) =>
    onChange({ plan, pkg: changeBase(pkg, pkg.basePlan.id, interval) });
  const setAddon = (id: AddonId, quantity: number) =>
    onChange({ plan, pkg: setAddonQuantity(pkg, id, quantity) });

  return (
    <>
      <div style={{ display: "flex", gap: 12, flexWrap: "wrap", alignItems: "center" }}>
        <SegmentedToggle label="Plan type" options={PLANS_TABS} value={tab} onChange={setTab} />
        <SegmentedToggle
          label="Billing interval"
          options={INTERVAL_OPTIONS}
          value={pkg.billingInterval}
          onChange={setInterval}
        />
      </div>
      <PlanCards
        tab={tab}
        interval={pkg.billingInterval}
        showBuild={showBuild}
        selected={plan}
        action={(id) =>
          id === "enterprise" ? (
            <a href={config.salesUrl}>Contact us</a>
          ) : (
            <Button
              variant={plan === id ? "primary" : "secondary"}
              block
              aria-pressed={plan === id}
              onClick={() => choose(id)}
            >
              {plan === id ? `${PLANS[id].name} selected` : `Choose ${PLANS[id].name}`}
            </Button>
          )
        }
      />
      {paid && (
        <section className={styles.section} aria-labelledby="addons-title">
          <h2 id="addons-title" className={styles.sectionTitle}>
            Add credits
          </h2>
          <p className={styles.muted}>Credit add-ons are billed with the plan every cycle.</p>
          <AddonPicker pkg={pkg} onChange={setAddon} />
        </section>
      )}
    </>
  );
}
