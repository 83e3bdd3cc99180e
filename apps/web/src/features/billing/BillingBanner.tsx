import { type BillingBanner as Banner, BILLING_MESSAGES, LOW_CREDITS_LEFT } from "@boxyard/domain";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { TeamBilling } from "../../api/queries/billing.ts";
import { Button } from "../../ui/Button.tsx";
import { CloseIcon } from "../../ui/Icon.tsx";
import { type DismissibleBanner, dismissBanner, isBannerDismissed } from "../session/dashboardState.ts";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import styles from "./BillingBanner.module.css";
import { billingPaths } from "./paths.ts";
import { type BillingFacts, useWorkspaceBilling } from "./useWorkspaceBilling.ts";

type BannerText = {
  title: string;
  text: string;
  tone: "warning" | "danger";
  dismissible: DismissibleBanner | null;
};

/** The words of a banner (spec 2 §8 for the payment ones; ours where the spec gives none). */
export function bannerText(banner: Banner): BannerText {
  if (banner.kind === "payment") {
    return banner.problem === "unpaid"
      ? {
          title: BILLING_MESSAGES.paymentIssues,
          text: BILLING_MESSAGES.paymentIssuesAdvice,
          tone: "danger",
          dismissible: null,
        }
      : {
          title: BILLING_MESSAGES.paymentNotApproved,
          text: BILLING_MESSAGES.paymentNotApprovedAdvice,
          tone: "warning",
          dismissible: null,
        };
  }
  switch (banner.state) {
    case "OUT_OF_CREDITS":
      return {
        title: BILLING_MESSAGES.outOfCreditsTitle,
        text: BILLING_MESSAGES.outOfCreditsText,
        tone: "danger",
        dismissible: null,
      };
    case "LOW_CREDITS":
      return {
        title: BILLING_MESSAGES.lowCreditsTitle,
        text: BILLING_MESSAGES.lowCreditsText(LOW_CREDITS_LEFT),
        tone: "warning",
        dismissible: "low-credits",
      };
    case "CLOSE_TO_LIMIT":
      return {
        title: BILLING_MESSAGES.closeToLimitTitle,
        text: BILLING_MESSAGES.closeToLimitText,
        tone: "warning",
        dismissible: "close-to-limit",
      };
    case "LIMIT_REACHED":
      return {
        title: BILLING_MESSAGES.limitReachedTitle,
        text: BILLING_MESSAGES.limitReachedText,
        tone: "danger",
        dismissible: null,
      };
  }
}

/**
 * The shell's top banner (spec 1 §2, §4; spec 2 §2.11): a payment problem, or the workspace's credit
 * state. Only billing managers see its actions (Update payment, Upgrade to Pro, Change spending
 * limit); the others are told to ask an admin. Warnings can be dismissed, per workspace.
 */
export function BillingBanner() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const { team, facts } = useWorkspaceBilling(teamId);
  if (!teamId || !team || !facts) return null;
  return <BillingBannerView teamId={teamId} team={team} facts={facts} />;
}

export function BillingBannerView({
  teamId,
  team,
  facts,
}: {
  teamId: string;
  team: TeamBilling;
  facts: BillingFacts;
}) {
  const [, rerender] = useState(0);
  if (!facts.banner) return null;
  const words = bannerText(facts.banner);
  if (words.dismissible && isBannerDismissed(words.dismissible, teamId)) return null;
  const banner = facts.banner;

  let action: ReactNode = <span className={styles.note}>{BILLING_MESSAGES.askAdmin}</span>;
  if (banner.kind === "payment") {
    action =
      facts.manager && team.subscription?.updateBillingUrl ? (
        <a className={styles.action} href={team.subscription.updateBillingUrl}>
          {BILLING_MESSAGES.updatePayment}
        </a>
      ) : (
        <span className={styles.note}>{BILLING_MESSAGES.paymentContactAdmin}</span>
      );
  } else if (facts.manager) {
    action = facts.pro ? (
      <Link className={styles.action} to={`${billingPaths.billing(teamId)}#spending-limit`}>
        {BILLING_MESSAGES.changeSpendingLimit}
      </Link>
    ) : (
      <Link className={styles.action} to={billingPaths.upgrade({ workspace: teamId, source: "banner" })}>
        {BILLING_MESSAGES.upgradeToPro}
      </Link>
    );
  }

  return (
    <div className={styles.banner} data-tone={words.tone} role={words.tone === "danger" ? "alert" : "status"}>
      <p className={styles.text}>
        <strong>{words.title}</strong> {words.text}
      </p>
      {action}
      {words.dismissible && (
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={BILLING_MESSAGES.dismiss}
          onClick={() => {
            dismissBanner(words.dismissible!, teamId);
            rerender((n) => n + 1);
          }}
        >
          <CloseIcon size={14} />
        </Button>
      )}
    </div>
  );
}
