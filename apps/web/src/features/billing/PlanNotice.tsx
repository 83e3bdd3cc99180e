import {
  BILLING_MESSAGES,
  type PlanNoticeBanner,
  planNoticeBanner,
  usageBillingActive,
} from "@boxyard/domain";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { TeamBilling } from "../../api/queries/billing.ts";
import { Button } from "../../ui/Button.tsx";
import { CloseIcon } from "../../ui/Icon.tsx";
import { dismissBanner, isBannerDismissed, visitDashboard } from "../session/dashboardState.ts";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import styles from "./PlanNotice.module.css";
import { billingPaths } from "./paths.ts";
import { type BillingFacts, useWorkspaceBilling } from "./useWorkspaceBilling.ts";

/** The recent page's welcome, upsell or conversion notice of the active workspace (spec 1 §2, §4). */
export function PlanNotice() {
  const { activeWorkspace } = useActiveWorkspace();
  const { team, facts } = useWorkspaceBilling(activeWorkspace?.id);
  const [visitedBefore] = useState(() => visitDashboard().visitedBefore);
  if (!team || !facts) return null;
  return <PlanNoticeView team={team} facts={facts} visitedBefore={visitedBefore} />;
}

export function PlanNoticeView({
  team,
  facts,
  visitedBefore,
}: {
  team: TeamBilling;
  facts: BillingFacts;
  visitedBefore: boolean;
}) {
  const [dismissedNow, setDismissedNow] = useState<PlanNoticeBanner | null>(null);
  const banner = planNoticeBanner({
    usageBilling: usageBillingActive(team.featureFlags),
    pro: facts.pro,
    insertedAt: team.insertedAt,
    visitedBefore,
    dismissed: (b) => b === dismissedNow || isBannerDismissed(b, team.id),
  });
  if (!banner) return null;

  const upgrade = billingPaths.upgrade({ workspace: team.id, source: "banner" });
  let title: string;
  let body: ReactNode;
  let action: ReactNode = null;
  if (banner === "usage-billing-welcome") {
    title = BILLING_MESSAGES.usageWelcomeTitle;
    const lines = facts.pro ? BILLING_MESSAGES.usageWelcomePro : BILLING_MESSAGES.usageWelcomeFree;
    body = (
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    );
    action = <Link to={billingPaths.plans()}>See plans</Link>;
  } else if (banner === "pro-upsell") {
    title = BILLING_MESSAGES.proUpsellTitle;
    body = <p className={styles.text}>{BILLING_MESSAGES.proUpsellText}</p>;
    if (facts.manager) action = <Link to={upgrade}>{BILLING_MESSAGES.upgradeToPro}</Link>;
  } else {
    title = BILLING_MESSAGES.legacyConversionTitle;
    body = <p className={styles.text}>{BILLING_MESSAGES.legacyConversionText}</p>;
    if (facts.manager) action = <Link to={upgrade}>{BILLING_MESSAGES.reviewConversion}</Link>;
  }

  return (
    <aside className={styles.notice} aria-label={title}>
      <div className={styles.content}>
        <h2 className={styles.title}>{title}</h2>
        {body}
      </div>
      <div className={styles.actions}>
        {action}
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={BILLING_MESSAGES.dismiss}
          onClick={() => {
            dismissBanner(banner, team.id);
            setDismissedNow(banner);
          }}
        >
          <CloseIcon size={14} />
        </Button>
      </div>
    </aside>
  );
}
