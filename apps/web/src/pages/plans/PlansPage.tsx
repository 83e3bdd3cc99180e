import { isPaidPlanId, isProWorkspace, type SubscriptionInterval } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { allTeamsQuery } from "../../api/queries/workspaces.ts";
import { config } from "../../app/config.ts";
import styles from "../../features/billing/Billing.module.css";
import { DiscountsBanner } from "../../features/billing/DiscountsBanner.tsx";
import { PlanCards } from "../../features/billing/PlanCards.tsx";
import { PlanComparisonTable } from "../../features/billing/PlanComparisonTable.tsx";
import { PlansFaq } from "../../features/billing/PlansFaq.tsx";
import { billingPaths } from "../../features/billing/paths.ts";
import {
  INTERVAL_OPTIONS,
  PLANS_TABS,
  type PlansTab,
  SegmentedToggle,
} from "../../features/billing/SegmentedToggle.tsx";
import { VmTypesTable } from "../../features/billing/VmTypesTable.tsx";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { getStoredWorkspaceId } from "../../features/session/storage.ts";
import { ButtonLink } from "../../ui/Button.tsx";

/** The workspace the plans page speaks for: the selected one, when the user is signed in. */
function useSelectedWorkspace() {
  const { isLoggedIn, features } = useSession();
  const teams = useQuery({ ...allTeamsQuery(), enabled: isLoggedIn, meta: { silent: true } });
  const list = teams.data?.me?.workspaces ?? [];
  const selected = list.find((w) => w.id === getStoredWorkspaceId()) ?? list[0] ?? null;
  const pro = selected ? isProWorkspace(selected.subscription?.status, features?.onPremise ?? false) : false;
  return { workspace: selected, pro };
}

/**
 * The plans page (spec 2 §2.8): SDK / Editor toggle, the plan cards (Build only for free
 * workspaces), the discounts banner, the comparison table, the VM types table and the FAQ.
 */
export function PlansPage() {
  const [tab, setTab] = useState<PlansTab>("editor");
  const [interval, setInterval] = useState<SubscriptionInterval>("MONTHLY");
  const { workspace, pro } = useSelectedWorkspace();
  const showBuild = !pro;

  return (
    <PublicPage title="Plans">
      <div
        style={{
          width: "100%",
          maxWidth: 1100,
          margin: "0 auto",
          padding: "40px 24px 64px",
          display: "flex",
          flexDirection: "column",
          gap: 32,
        }}
      >
        <header style={{ display: "flex", flexDirection: "column", gap: 12, alignItems: "center" }}>
          <h1 style={{ fontSize: 24 }}>Plans</h1>
          <p className={styles.muted}>
            Browser sandboxes are free. Devboxes and repositories run on VMs that use credits.
          </p>
          <div style={{ display: "flex", gap: 12 }}>
            <SegmentedToggle label="Plan type" options={PLANS_TABS} value={tab} onChange={setTab} />
            <SegmentedToggle
              label="Billing interval"
              options={INTERVAL_OPTIONS}
              value={interval}
              onChange={setInterval}
            />
          </div>
        </header>
        <PlanCards
          tab={tab}
          interval={interval}
          showBuild={showBuild}
          action={(id) =>
            id === "enterprise" ? (
              <a href={config.salesUrl}>Contact us</a>
            ) : isPaidPlanId(id) ? (
              <ButtonLink
                variant="primary"
                block
                to={billingPaths.upgrade({ workspace: workspace?.id, plan: id, interval })}
              >
                {pro ? "Change plan" : "Upgrade"}
              </ButtonLink>
            ) : (
              <ButtonLink block to={workspace ? billingPaths.recent(workspace.id) : "/signin"}>
                {workspace ? "Current plan" : "Get started"}
              </ButtonLink>
            )
          }
        />
        <DiscountsBanner />
        <PlanComparisonTable showBuild={showBuild} />
        <VmTypesTable />
        <PlansFaq />
      </div>
    </PublicPage>
  );
}
