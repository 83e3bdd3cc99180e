import type { SubscriptionPackage, UpdateMoment } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "../../api/errors.ts";
import {
  applyPlanChangeMutation,
  billingKeys,
  type PlanChange,
  previewPlanChange,
} from "../../api/queries/billing.ts";
import { Button } from "../../ui/Button.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { showToast } from "../../ui/toastStore.ts";
import styles from "./Billing.module.css";
import { checkoutAddons, goToExternal } from "./CheckoutRedirect.tsx";
import { StepActions } from "./FlowFrame.tsx";
import { formatCents, formatDate } from "./format.ts";

/** A plan change's failure stays on screen for 10 seconds (spec 2 §8). */
export const PLAN_CHANGE_ERROR_SECONDS = 10;

export function updateMomentText(moment: UpdateMoment, nextBillDate: string | null): string {
  if (moment === "IMMEDIATELY")
    return "The change takes effect immediately: a new billing cycle starts today.";
  return nextBillDate
    ? `The change takes effect at the end of the current billing cycle, on ${formatDate(nextBillDate)}.`
    : "The change takes effect at the end of the current billing cycle.";
}

/**
 * The finalize step of a Pro workspace (spec 2 §2.10): on usage billing it reviews the plan change,
 * a legacy one reviews its conversion to usage billing; both show the charge and when the change
 * takes effect. After acceptance it goes to the billing portal overview.
 */
export function ReviewPlanChange({
  teamId,
  pkg,
  kind,
  nextBillDate,
  onBack,
}: {
  teamId: string;
  pkg: SubscriptionPackage;
  kind: "usage" | "convert";
  nextBillDate: string | null;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const change: PlanChange = {
    teamId,
    plan: pkg.basePlan.id,
    billingInterval: pkg.billingInterval,
    addons: checkoutAddons(pkg),
  };
  const preview = useQuery({
    queryKey: [...billingKeys.team(teamId), "preview", kind, change],
    queryFn: () => previewPlanChange(change, kind),
    retry: false,
  });
  const apply = useMutation(
    applyPlanChangeMutation(
      queryClient,
      () => ({ change, kind, returnPath: `/dashboard/recent?workspace=${teamId}` }),
      {
        onSuccess: goToExternal,
        onError: (error) =>
          showToast({ message: getErrorMessage(error), status: "error", seconds: PLAN_CHANGE_ERROR_SECONDS }),
      },
    ),
  );

  return (
    <section className={styles.section} aria-labelledby="review-title">
      <h2 id="review-title" className={styles.sectionTitle}>
        {kind === "usage" ? "Review your plan change" : "Review your move to usage-based billing"}
      </h2>
      {kind === "convert" && (
        <p className={styles.muted}>
          Your Pro subscription moves from per-member pricing to a plan with included credits. The new plan
          starts today.
        </p>
      )}
      {preview.isPending ? (
        <Skeleton height={72} />
      ) : preview.isError ? (
        <p role="alert" className={styles.muted}>
          {getErrorMessage(preview.error)}
        </p>
      ) : (
        <div className={styles.summary}>
          <div className={styles.summaryRow}>
            <span className={styles.muted}>Charged now (excluding tax)</span>
            <span>{formatCents(preview.data.totalExcludingTax)}</span>
          </div>
          <div className={styles.summaryTotal}>
            <span>Charged now</span>
            <span data-testid="preview-total">{formatCents(preview.data.total)}</span>
          </div>
          <p>{updateMomentText(preview.data.updateMoment, nextBillDate)}</p>
        </div>
      )}
      <StepActions>
        <Button onClick={onBack}>Back</Button>
        <Button
          variant="primary"
          loading={apply.isPending}
          disabled={!preview.isSuccess}
          onClick={() => apply.mutate()}
        >
          {kind === "usage" ? "Confirm change" : "Convert to usage billing"}
        </Button>
      </StepActions>
    </section>
  );
}
