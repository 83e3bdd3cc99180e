import {
  isPaidPlanId,
  type PaidPlanId,
  planChangeMoment,
  UPGRADE_STEPS,
  type UpgradeQuery,
  type UpgradeStep,
  upgradeStartStep,
} from "@boxyard/domain";
import { useState } from "react";
import type { TeamBilling } from "../../api/queries/billing.ts";
import styles from "../../features/billing/Billing.module.css";
import { CheckoutRedirect } from "../../features/billing/CheckoutRedirect.tsx";
import {
  CheckoutSpendingLimitField,
  chosenSpendingLimit,
} from "../../features/billing/CheckoutSpendingLimitField.tsx";
import { CheckoutSummary } from "../../features/billing/CheckoutSummary.tsx";
import { FlowFrame, StepActions } from "../../features/billing/FlowFrame.tsx";
import { type PlanSelection, PlansStep } from "../../features/billing/PlansStep.tsx";
import { billingPaths } from "../../features/billing/paths.ts";
import { ReviewPlanChange } from "../../features/billing/ReviewPlanChange.tsx";
import { SpendingLimitField } from "../../features/billing/SpendingLimitField.tsx";
import type { BillingFacts } from "../../features/billing/useWorkspaceBilling.ts";
import { Button } from "../../ui/Button.tsx";
import { currentPackage, initialSelection } from "./upgradeSelection.ts";

const STEP_LABELS: Record<UpgradeStep, string> = {
  "select-workspace": "Workspace",
  plans: "Plan",
  "spending-limit": "Spending limit",
  finalize: "Finalize",
};

/**
 * The upgrade flow of one workspace (spec 2 §2.10): plans, spending-limit, then finalize by the
 * workspace's kind (checkout, plan-change review, or conversion review).
 */
export function UpgradeFlow({
  query,
  team,
  facts,
  selectedFromList,
  onDismiss,
  onChangeWorkspace,
}: {
  query: UpgradeQuery;
  team: TeamBilling;
  facts: BillingFacts;
  selectedFromList: boolean;
  onDismiss: () => void;
  onChangeWorkspace: () => void;
}) {
  const [step, setStep] = useState<UpgradeStep>(() => upgradeStartStep(query, false));
  const [limitValid, setLimitValid] = useState(true);
  // A free workspace buys its plan at checkout: the limit chosen here goes with it (up to Pro's maximum).
  const buying = facts.kind === "free";
  const [chosenLimit, setChosenLimit] = useState(() => String(team.limits.onDemandSpendingLimit));
  const [selection, setSelection] = useState<PlanSelection>(() => initialSelection(query, team, facts.kind));
  const steps = selectedFromList ? UPGRADE_STEPS : UPGRADE_STEPS.filter((s) => s !== "select-workspace");
  const plan = selection.plan;
  const paidPlan: PaidPlanId | null = isPaidPlanId(plan) ? plan : null;
  const teamId = team.id;
  const current = facts.kind === "usage-pro" ? currentPackage(team) : null;
  // On usage billing, keeping the same package changes nothing: only the spending limit was set.
  const unchanged = current !== null && planChangeMoment(current, selection.pkg) === null;

  // The summary stays beside every step but the checkout redirect (spec 2 §2.10).
  const redirecting = step === "finalize" && facts.kind === "free";
  const summary = paidPlan && !redirecting ? <CheckoutSummary pkg={selection.pkg} /> : undefined;

  return (
    <FlowFrame
      title={facts.pro ? "Manage subscription" : "Upgrade"}
      steps={steps}
      step={step}
      stepLabels={STEP_LABELS}
      onDismiss={onDismiss}
      aside={summary}
    >
      <p className={styles.muted}>
        Workspace: <strong>{team.name}</strong>
      </p>
      {step === "plans" && (
        <>
          <PlansStep selection={selection} onChange={setSelection} showBuild={false} />
          <StepActions>
            {selectedFromList ? <Button onClick={onChangeWorkspace}>Back</Button> : <span />}
            <Button variant="primary" disabled={!paidPlan} onClick={() => setStep("spending-limit")}>
              Continue
            </Button>
          </StepActions>
        </>
      )}
      {step === "spending-limit" && (
        <section className={styles.section} aria-labelledby="limit-title">
          <h2 id="limit-title" className={styles.sectionTitle}>
            Set a spending limit
          </h2>
          <p className={styles.muted}>
            When the included credits are used, on-demand credits keep devboxes running up to this amount each
            billing cycle.
          </p>
          {buying ? (
            <CheckoutSpendingLimitField value={chosenLimit} onChange={setChosenLimit} />
          ) : (
            <SpendingLimitField
              teamId={teamId}
              pro={facts.pro}
              initial={team.limits.onDemandSpendingLimit}
              onValidity={setLimitValid}
            />
          )}
          <StepActions>
            <Button onClick={() => setStep("plans")}>Back</Button>
            <Button
              variant="primary"
              disabled={buying ? chosenSpendingLimit(chosenLimit) === null : !limitValid}
              onClick={() => setStep("finalize")}
            >
              Continue
            </Button>
          </StepActions>
        </section>
      )}
      {step === "finalize" &&
        (facts.kind === "free" ? (
          <CheckoutRedirect
            teamId={teamId}
            pkg={selection.pkg}
            spendingLimit={chosenSpendingLimit(chosenLimit) ?? undefined}
            successPath={billingPaths.recent(teamId)}
            cancelPath={billingPaths.upgrade({ workspace: teamId })}
            onAbandon={onDismiss}
          />
        ) : unchanged ? (
          <section className={styles.section} aria-labelledby="unchanged-title">
            <h2 id="unchanged-title" className={styles.sectionTitle}>
              Your plan stays as it is
            </h2>
            <p className={styles.muted}>You kept the same plan, interval and add-ons. Nothing is charged.</p>
            <StepActions>
              <Button onClick={() => setStep("plans")}>Change plan</Button>
              <Button variant="primary" onClick={onDismiss}>
                Done
              </Button>
            </StepActions>
          </section>
        ) : (
          <ReviewPlanChange
            teamId={teamId}
            pkg={selection.pkg}
            kind={facts.kind === "usage-pro" ? "usage" : "convert"}
            nextBillDate={team.subscription?.nextBillDate ?? null}
            onBack={() => setStep("spending-limit")}
          />
        ))}
    </FlowFrame>
  );
}
