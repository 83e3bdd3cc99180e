import { CREDIT_ADDONS, PLANS, type SubscriptionPackage } from "@boxyard/domain";
import styles from "./Billing.module.css";
import { formatCents, intervalLabel, perInterval } from "./format.ts";

/** The checkout summary panel: the plan, add-ons, interval and totals (spec 2 §2.10). */
export function CheckoutSummary({ pkg, title = "Summary" }: { pkg: SubscriptionPackage; title?: string }) {
  const per = perInterval(pkg.billingInterval);
  const addons = pkg.addonItems.filter((item) => item.quantity > 0);
  return (
    <aside className={styles.summary} aria-label="Checkout summary">
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.summaryRow}>
        <span>
          {PLANS[pkg.basePlan.id].name} plan{" "}
          <span className={styles.muted}>({pkg.basePlan.credits.toLocaleString("en-US")} credits)</span>
        </span>
        <span>
          {formatCents(pkg.basePlan.price)}
          {per}
        </span>
      </div>
      {addons.map((item) => (
        <div key={item.id} className={styles.summaryRow}>
          <span>
            {item.quantity} × {CREDIT_ADDONS[item.id].credits.toLocaleString("en-US")} credits
          </span>
          <span>
            {formatCents(item.price * item.quantity)}
            {per}
          </span>
        </div>
      ))}
      <div className={styles.summaryRow}>
        <span className={styles.muted}>Billing</span>
        <span>{intervalLabel(pkg.billingInterval)}</span>
      </div>
      <div className={styles.summaryRow}>
        <span className={styles.muted}>Credits every cycle</span>
        <span data-testid="summary-credits">{pkg.totalCredits.toLocaleString("en-US")}</span>
      </div>
      <div className={styles.summaryTotal}>
        <span>Total</span>
        <span data-testid="summary-total">
          {formatCents(pkg.totalPrice)}
          {per}
        </span>
      </div>
    </aside>
  );
}
