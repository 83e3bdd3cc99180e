import { isUnlimited } from "@boxyard/domain";
import { Link } from "react-router";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import styles from "./CreditsBlock.module.css";
import { billingPaths } from "./paths.ts";
import { type BillingFacts, useWorkspaceBilling } from "./useWorkspaceBilling.ts";

/**
 * The sidebar's credits block (spec 1 §2, §9; spec 2 §5): credits used, capped at the maximum,
 * over the maximum, and hours of runtime left; admins see Upgrade (Free) or Manage (Pro).
 */
export function CreditsBlock() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const { facts } = useWorkspaceBilling(teamId);
  // Unmetered credits (an on-premise install runs on its own machines) have nothing to count.
  if (!teamId || !facts || isUnlimited(facts.display.max)) return null;
  return <CreditsBlockView teamId={teamId} facts={facts} />;
}

export function CreditsBlockView({ teamId, facts }: { teamId: string; facts: BillingFacts }) {
  const { used, max, hoursLeft } = facts.display;
  const ratio = max > 0 ? used / max : 1;
  const tone = ratio >= 1 ? "danger" : ratio > 0.9 ? "warning" : "ok";
  return (
    <section className={styles.block} aria-label="Credits">
      <div className={styles.row}>
        <span className={styles.title}>Credits</span>
        {facts.manager && (
          <Link
            className={styles.action}
            to={
              facts.pro
                ? billingPaths.manageSubscription(teamId)
                : billingPaths.upgrade({ workspace: teamId })
            }
          >
            {facts.pro ? "Manage" : "Upgrade"}
          </Link>
        )}
      </div>
      <p className={styles.amount}>
        <span data-testid="credits-used">{used.toLocaleString("en-US")}</span>
        <span className={styles.max}> / {max.toLocaleString("en-US")}</span>
      </p>
      <meter
        className={styles.meter}
        aria-label="Credits used"
        min={0}
        max={max || 1}
        value={used}
        data-tone={tone}
      />
      <p className={styles.hours}>
        {hoursLeft === 1 ? "1 hour" : `${hoursLeft.toLocaleString("en-US")} hours`} of runtime left
      </p>
    </section>
  );
}
