import {
  BILLING_MESSAGES,
  type BillingOverview,
  CREDIT_ADDONS,
  isAddonId,
  PLANS,
  parseSubscriptionItemName,
} from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation, useParams } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { billingOverviewQuery, subscriptionCancellationMutation } from "../../api/queries/billing.ts";
import styles from "../../features/billing/Billing.module.css";
import { formatCents, formatDate, intervalLabel } from "../../features/billing/format.ts";
import { billingPaths } from "../../features/billing/paths.ts";
import { SpendingLimitField } from "../../features/billing/SpendingLimitField.tsx";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { PageSpinner } from "../../ui/Spinner.tsx";

/** A schedule item's name as people read it: `Pro`, `4,000 credits`. */
function itemLabel(name: string): string {
  const parsed = parseSubscriptionItemName(name);
  if (!parsed) return name;
  if (parsed.kind === "plan") return `${PLANS[parsed.id].name} plan`;
  return isAddonId(parsed.id) ? `${CREDIT_ADDONS[parsed.id].credits.toLocaleString("en-US")} credits` : name;
}

function Credits({ overview }: { overview: BillingOverview }) {
  const { credits } = overview;
  return (
    <section className={styles.summary} aria-labelledby="credits-title">
      <h2 id="credits-title" className={styles.sectionTitle}>
        Credits this cycle
      </h2>
      <p className={styles.muted}>
        {formatDate(credits.periodStart)} – {formatDate(credits.periodEnd)}
      </p>
      <div className={styles.summaryRow}>
        <span>Used</span>
        <span data-testid="billing-credits-used">
          {Math.min(credits.used, credits.max).toLocaleString("en-US")} /{" "}
          {credits.max.toLocaleString("en-US")}
        </span>
      </div>
      <div className={styles.summaryRow}>
        <span className={styles.muted}>Included</span>
        <span>{credits.included.toLocaleString("en-US")}</span>
      </div>
      {overview.pro && (
        <div className={styles.summaryRow}>
          <span className={styles.muted}>On-demand (spending limit)</span>
          <span>{credits.onDemandLimit.toLocaleString("en-US")}</span>
        </div>
      )}
      <div className={styles.summaryRow}>
        <span className={styles.muted}>Runtime left</span>
        <span>{credits.hoursLeft.toLocaleString("en-US")} hours</span>
      </div>
    </section>
  );
}

function Plan({ overview, teamId }: { overview: BillingOverview; teamId: string }) {
  const queryClient = useQueryClient();
  const cancellation = useMutation(subscriptionCancellationMutation(queryClient, teamId));
  const { subscription, schedule } = overview;
  return (
    <section className={styles.summary} aria-labelledby="plan-title">
      <h2 id="plan-title" className={styles.sectionTitle}>
        {overview.plan.name} plan
      </h2>
      {subscription ? (
        <>
          <div className={styles.summaryRow}>
            <span className={styles.muted}>Status</span>
            <span>{subscription.status}</span>
          </div>
          <div className={styles.summaryRow}>
            <span className={styles.muted}>Billing</span>
            <span>{intervalLabel(subscription.billingInterval)}</span>
          </div>
          {subscription.cancelAtPeriodEnd ? (
            <p role="status">
              Cancels on {formatDate(subscription.cancelAt)}; the workspace stays Pro until then.
            </p>
          ) : (
            subscription.nextBillDate && (
              <div className={styles.summaryRow}>
                <span className={styles.muted}>Next bill</span>
                <span>{formatDate(subscription.nextBillDate)}</span>
              </div>
            )
          )}
        </>
      ) : (
        <p className={styles.muted}>This workspace is on the free plan.</p>
      )}
      {schedule?.current.items.map((item) => (
        <div key={item.name} className={styles.summaryRow}>
          <span>
            {item.quantity > 1 ? `${item.quantity} × ` : ""}
            {itemLabel(item.name)}
          </span>
          <span>{formatCents(item.unitAmount * item.quantity)}</span>
        </div>
      ))}
      {schedule?.upcoming && (
        <p className={styles.muted}>
          From {formatDate(schedule.upcoming.startDate)}:{" "}
          {schedule.upcoming.items.map((i) => itemLabel(i.name)).join(", ")}
        </p>
      )}
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        {overview.pro ? (
          <>
            <ButtonLink to={billingPaths.manageSubscription(teamId)}>Change plan</ButtonLink>
            {overview.usageBilling && (
              <ButtonLink to={billingPaths.manageAddons(teamId)}>Add credits</ButtonLink>
            )}
          </>
        ) : (
          <ButtonLink variant="primary" to={billingPaths.upgrade({ workspace: teamId })}>
            {BILLING_MESSAGES.upgradeToPro}
          </ButtonLink>
        )}
        {overview.canCancel && (
          <Button variant="danger" loading={cancellation.isPending} onClick={() => cancellation.mutate(true)}>
            Cancel subscription
          </Button>
        )}
        {overview.canResume && (
          <Button loading={cancellation.isPending} onClick={() => cancellation.mutate(false)}>
            Resume subscription
          </Button>
        )}
      </div>
      {cancellation.isError && (
        <p role="alert" style={{ color: "var(--color-danger)" }}>
          {getErrorMessage(cancellation.error)}
        </p>
      )}
    </section>
  );
}

function Invoices({ overview }: { overview: BillingOverview }) {
  return (
    <section className={styles.section} aria-labelledby="invoices-title">
      <h2 id="invoices-title" className={styles.sectionTitle}>
        Invoices
      </h2>
      {overview.invoices.length === 0 ? (
        <p className={styles.muted}>No invoices yet.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Number</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {overview.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{formatDate(invoice.insertedAt)}</td>
                <td>
                  {invoice.hostedUrl ? (
                    <a href={invoice.hostedUrl}>{invoice.number ?? invoice.id}</a>
                  ) : (
                    invoice.number
                  )}
                </td>
                <td>{invoice.status}</td>
                <td>{formatCents(invoice.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Boxyard's own billing page (the customer portal of the local payments adapter; spec 1 §2
 * 'Settings' and 'Invite members' billing-portal overview): plan and subscription, credits of the
 * cycle, the spending limit, and invoices. Billing managers only (the server refuses others).
 */
export function BillingPage() {
  const { teamId = "" } = useParams();
  const { search, hash } = useLocation();
  const back = new URLSearchParams(search).get("return_path");
  const overview = useQuery(billingOverviewQuery(teamId));
  const backPath = back?.startsWith("/") && !back.startsWith("//") ? back : billingPaths.recent(teamId);

  // A link to a section (the banners' 'Change spending limit') scrolls to it once the page has loaded.
  const loaded = overview.isSuccess;
  useEffect(() => {
    if (!loaded || !hash) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView?.({ block: "start" });
    target?.querySelector("input")?.focus({ preventScroll: true });
  }, [loaded, hash]);

  return (
    <PublicPage title="Billing">
      <div
        style={{
          width: "100%",
          maxWidth: 880,
          margin: "0 auto",
          padding: "32px 24px 64px",
          display: "flex",
          flexDirection: "column",
          gap: 24,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <h1 style={{ fontSize: 24 }}>Billing</h1>
          <Link to={backPath}>Back</Link>
        </div>
        {overview.isPending ? (
          <PageSpinner />
        ) : overview.isError ? (
          <EmptyState icon={<AlertIcon />} title="The billing overview could not be loaded">
            {getErrorMessage(overview.error)}
          </EmptyState>
        ) : (
          <>
            <div
              style={{
                display: "grid",
                gap: 16,
                gridTemplateColumns: "repeat(auto-fit, minmax(300px, 1fr))",
              }}
            >
              <Plan overview={overview.data} teamId={teamId} />
              <Credits overview={overview.data} />
            </div>
            <section id="spending-limit" className={styles.section} aria-labelledby="limit-title">
              <h2 id="limit-title" className={styles.sectionTitle}>
                Spending limit
              </h2>
              <div style={{ maxWidth: 360 }}>
                <SpendingLimitField
                  teamId={teamId}
                  pro={overview.data.pro}
                  initial={overview.data.spendingLimit}
                />
              </div>
            </section>
            <Invoices overview={overview.data} />
          </>
        )}
      </div>
    </PublicPage>
  );
}
