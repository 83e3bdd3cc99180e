import { BILLING_MESSAGES, PLANS, proPlanType } from "@boxyard/domain";
import { useMutation } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import { customerPortalMutation } from "../../api/queries/billing.ts";
import { goToExternal } from "../../features/billing/CheckoutRedirect.tsx";
import { billingPaths } from "../../features/billing/paths.ts";
import { useWorkspaceBilling } from "../../features/billing/useWorkspaceBilling.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import styles from "./WorkspaceSettings.module.css";

/**
 * The workspace's plan and its way to the billing-portal overview (spec 1 §2 'Settings' and 'Invite
 * members'): Stripe's customer portal, or Boxyard's own billing page with the local adapter. Billing
 * managers open it; other members see the plan.
 */
export function BillingSection({ teamId }: { teamId: string }) {
  const { team, facts } = useWorkspaceBilling(teamId);
  const portal = useMutation(
    customerPortalMutation(teamId, `/workspace/${teamId}#billing`, { onSuccess: goToExternal }),
  );
  if (!team || !facts) return <Skeleton height={120} radius={8} />;
  const items = team.subscriptionSchedule?.current.items ?? [];
  const planName = facts.pro ? PLANS[items.length > 0 ? proPlanType(items) : "flex"].name : PLANS.free.name;
  return (
    <section id="billing" className={styles.section} aria-labelledby="billing-title">
      <div className={styles.sectionHeader}>
        <h2 id="billing-title" className={styles.sectionTitle}>
          Plan and billing
        </h2>
      </div>
      <p>
        {planName} plan ·{" "}
        <span className={styles.hint}>
          {facts.display.used.toLocaleString("en-US")} of {facts.display.max.toLocaleString("en-US")} credits
          used this cycle
        </span>
      </p>
      {facts.manager ? (
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <Button variant="primary" loading={portal.isPending} onClick={() => portal.mutate()}>
            Open billing portal
          </Button>
          {!facts.pro && (
            <ButtonLink to={billingPaths.upgrade({ workspace: teamId })}>
              {BILLING_MESSAGES.upgradeToPro}
            </ButtonLink>
          )}
        </div>
      ) : (
        <p className={styles.hint}>Only workspace admins and team managers can manage billing.</p>
      )}
      {portal.isError && (
        <p role="alert" style={{ color: "var(--color-danger)" }}>
          {getErrorMessage(portal.error)}
        </p>
      )}
    </section>
  );
}
