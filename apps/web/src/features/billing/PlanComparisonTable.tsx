import { PLANS } from "@boxyard/domain";
import styles from "./Billing.module.css";
import { COMPARISON_ROWS, comparisonCell, comparisonPlans } from "./comparisonRows.ts";

/** The plan-details comparison table (spec 2 §2.8). */
export function PlanComparisonTable({ showBuild }: { showBuild: boolean }) {
  const plans = comparisonPlans(showBuild);
  return (
    <section className={styles.section} aria-labelledby="plan-details">
      <h2 id="plan-details" className={styles.sectionTitle}>
        Plan details
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so the keyboard can scroll it. */}
      <section className={styles.tableScroll} tabIndex={0} aria-labelledby="plan-details">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {plans.map((id) => (
                <th key={id} scope="col">
                  {PLANS[id].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {plans.map((id) => (
                  <td key={id}>{comparisonCell(row, id)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
