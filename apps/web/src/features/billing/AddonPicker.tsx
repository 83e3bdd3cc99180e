import {
  ADDON_IDS,
  type AddonId,
  addonHours,
  CREDIT_ADDONS,
  type SubscriptionPackage,
} from "@boxyard/domain";
import { Button } from "../../ui/Button.tsx";
import styles from "./Billing.module.css";
import { formatCents, perInterval } from "./format.ts";

/** How many of an add-on a package holds. */
export function addonQuantity(pkg: SubscriptionPackage, id: AddonId): number {
  return pkg.addonItems.find((item) => item.id === id)?.quantity ?? 0;
}

/** Credit add-ons with a stepper each (spec 2 §4: a quantity below zero removes the item). */
export function AddonPicker({
  pkg,
  onChange,
}: {
  pkg: SubscriptionPackage;
  onChange: (id: AddonId, quantity: number) => void;
}) {
  return (
    <ul className={styles.addons} aria-label="Credit add-ons">
      {ADDON_IDS.map((id) => {
        const addon = CREDIT_ADDONS[id];
        const quantity = addonQuantity(pkg, id);
        const price = pkg.billingInterval === "YEARLY" ? addon.priceYearly * 100 : addon.priceMonthly * 100;
        const label = `${addon.credits.toLocaleString("en-US")} credits`;
        return (
          <li key={id} className={styles.addon} data-highlighted={addon.highlighted} aria-label={label}>
            <div>
              <p>
                <strong>{label}</strong>{" "}
                <span className={styles.muted}>(up to {addonHours(id).toLocaleString("en-US")} hours)</span>{" "}
                {addon.discount !== null && <span className={styles.badge}>{addon.discount}% off</span>}
              </p>
              <p className={styles.muted}>
                {formatCents(price)}
                {perInterval(pkg.billingInterval)}
                {addon.fullPrice !== null && pkg.billingInterval === "MONTHLY" && (
                  <>
                    {" "}
                    <s>${addon.fullPrice}</s>
                  </>
                )}
              </p>
            </div>
            <div className={styles.stepper}>
              <Button
                size="sm"
                aria-label={`Remove one ${label} add-on`}
                disabled={quantity === 0}
                onClick={() => onChange(id, quantity - 1 <= 0 ? -1 : quantity - 1)}
              >
                −
              </Button>
              <output className={styles.stepperValue} aria-label={`${label} quantity`}>
                {quantity}
              </output>
              <Button
                size="sm"
                aria-label={`Add one ${label} add-on`}
                onClick={() => onChange(id, quantity + 1)}
              >
                +
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
