import { config } from "../../app/config.ts";
import styles from "./Billing.module.css";

/** The discounts banner of the plans page (spec 2 §2.8). */
export function DiscountsBanner() {
  return (
    <aside className={styles.banner} aria-label="Discounts">
      <p>
        <strong>Discounts for education, open source and non-profits.</strong>{" "}
        <span className={styles.muted}>Tell us about your project and we will find a plan that fits.</span>
      </p>
      <a href={config.salesUrl} style={{ marginLeft: "auto", whiteSpace: "nowrap" }}>
        Contact us
      </a>
    </aside>
  );
}
