import { PLAN_IDS, PLANS, vmTierPricePerHour } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { vmTiersQuery } from "../../api/queries/create.ts";
import { Skeleton } from "../../ui/Skeleton.tsx";
import styles from "./Billing.module.css";

/** The lowest plan that may use a tier (spec 2 §6: vm-3 and vm-4 from Pro, vm-5 and vm-6 on Enterprise). */
function lowestPlanFor(tier: number): string {
  const id = PLAN_IDS.find((plan) => PLANS[plan].maxVmTier >= tier);
  return id ? PLANS[id].name : "";
}

/** The virtual machine types table (spec 2 §2.8): the server's tier table. */
export function VmTypesTable() {
  const tiers = useQuery(vmTiersQuery());
  return (
    <section className={styles.section} aria-labelledby="vm-types">
      <h2 id="vm-types" className={styles.sectionTitle}>
        Virtual machine types
      </h2>
      {tiers.isPending ? (
        <Skeleton height={200} />
      ) : tiers.isError ? (
        <p className={styles.muted}>The virtual machine types could not be loaded.</p>
      ) : (
        // Seven columns scroll sideways on a phone; the keyboard can scroll them too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so the keyboard can scroll it.
        <section className={styles.tableScroll} tabIndex={0} aria-labelledby="vm-types">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">vCPUs</th>
                <th scope="col">RAM</th>
                <th scope="col">Disk</th>
                <th scope="col">Credits/hour</th>
                <th scope="col">Price/hour</th>
                <th scope="col">Available from</th>
              </tr>
            </thead>
            <tbody>
              {tiers.data.map((tier) => (
                <tr key={tier.shortid}>
                  <th scope="row">{tier.name}</th>
                  <td>{tier.cpu}</td>
                  <td>{tier.memory} GB</td>
                  <td>{tier.storage} GB</td>
                  <td>{tier.creditBasis}</td>
                  <td>${vmTierPricePerHour(tier).toFixed(2)}</td>
                  <td>{lowestPlanFor(tier.tier)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
