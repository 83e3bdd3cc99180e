import { BILLING_MESSAGES, type SubscriptionPackage, setAddonQuantity } from "@boxyard/domain";
import { useState } from "react";
import type { TeamBilling } from "../../api/queries/billing.ts";
import { AddonPicker } from "../../features/billing/AddonPicker.tsx";
import styles from "../../features/billing/Billing.module.css";
import { CheckoutSummary } from "../../features/billing/CheckoutSummary.tsx";
import { FlowFrame, StepActions } from "../../features/billing/FlowFrame.tsx";
import { ReviewPlanChange } from "../../features/billing/ReviewPlanChange.tsx";
import { Button } from "../../ui/Button.tsx";

const STEPS = ["addons", "finalize"] as const;
type Step = (typeof STEPS)[number];
const LABELS: Record<Step, string> = { addons: "Add-ons", finalize: "Review" };

const samePackage = (a: SubscriptionPackage, b: SubscriptionPackage) =>
  a.totalCredits === b.totalCredits && a.totalPrice === b.totalPrice && a.basePlan.id === b.basePlan.id;

/**
 * The manage-addons flow (spec 2 §2.10): titled 'Update plan'; the workspace's credit add-ons change
 * from its current package, 'Reset changes' goes back to it, and the change is reviewed with its
 * preview charge before it is made.
 */
export function ManageAddonsFlow({
  team,
  current,
  onDismiss,
}: {
  team: TeamBilling;
  current: SubscriptionPackage;
  onDismiss: () => void;
}) {
  const [step, setStep] = useState<Step>("addons");
  const [pkg, setPkg] = useState(current);
  const changed = !samePackage(pkg, current);
  return (
    <FlowFrame
      title={BILLING_MESSAGES.updatePlanTitle}
      steps={STEPS}
      step={step}
      stepLabels={LABELS}
      onDismiss={onDismiss}
      aside={<CheckoutSummary pkg={pkg} title="New plan" />}
    >
      <p className={styles.muted}>
        Workspace: <strong>{team.name}</strong>
      </p>
      {step === "addons" ? (
        <section className={styles.section} aria-labelledby="addons-title">
          <h2 id="addons-title" className={styles.sectionTitle}>
            Credit add-ons
          </h2>
          <AddonPicker pkg={pkg} onChange={(id, quantity) => setPkg(setAddonQuantity(pkg, id, quantity))} />
          <StepActions>
            <Button disabled={!changed} onClick={() => setPkg(current)}>
              {BILLING_MESSAGES.resetChanges}
            </Button>
            <Button variant="primary" disabled={!changed} onClick={() => setStep("finalize")}>
              Continue
            </Button>
          </StepActions>
        </section>
      ) : (
        <ReviewPlanChange
          teamId={team.id}
          pkg={pkg}
          kind="usage"
          nextBillDate={team.subscription?.nextBillDate ?? null}
          onBack={() => setStep("addons")}
        />
      )}
    </FlowFrame>
  );
}
