import {
  buildPackage,
  CREATE_WORKSPACE_STEPS,
  type CreateWorkspaceStep,
  isPaidPlanId,
  PLANS,
  WORKSPACE_MESSAGES,
} from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { deleteWorkspaceMutation } from "../../api/queries/workspace-mutations.ts";
import { allTeamsQuery } from "../../api/queries/workspaces.ts";
import styles from "../../features/billing/Billing.module.css";
import { CheckoutRedirect } from "../../features/billing/CheckoutRedirect.tsx";
import {
  CheckoutSpendingLimitField,
  chosenSpendingLimit,
} from "../../features/billing/CheckoutSpendingLimitField.tsx";
import { CheckoutSummary } from "../../features/billing/CheckoutSummary.tsx";
import { FlowFrame, StepActions } from "../../features/billing/FlowFrame.tsx";
import { type PlanSelection, PlansStep } from "../../features/billing/PlansStep.tsx";
import { SpendingLimitField } from "../../features/billing/SpendingLimitField.tsx";
import { useWorkspaceBilling } from "../../features/billing/useWorkspaceBilling.ts";
import { setStoredWorkspaceId } from "../../features/session/storage.ts";
import { Button } from "../../ui/Button.tsx";
import { PageSpinner } from "../../ui/Spinner.tsx";
import { showToast } from "../../ui/toastStore.ts";
import { getFreshWorkspaceId, setFreshWorkspaceId } from "./freshWorkspace.ts";
import { NameStep } from "./NameStep.tsx";
import { UseCasesStep } from "./UseCasesStep.tsx";

export { validateWorkspaceName } from "./NameStep.tsx";

const STEP_LABELS: Record<CreateWorkspaceStep, string> = {
  create: "Name",
  usecases: "Use cases",
  plans: "Plan",
  "spending-limit": "Spending limit",
  finalize: "Finalize",
};

/** Where finishing leads: the new workspace's recent page, flagged as new (spec 2 §2.9). */
export function newWorkspacePath(teamId: string): string {
  return `/dashboard/recent?workspace=${encodeURIComponent(teamId)}&new_workspace=true`;
}

/**
 * /create-workspace (spec 2 §2.9): create (name), usecases, plans, spending-limit, finalize. The
 * workspace lives in the query once made; dismissing deletes the one this flow made, if any.
 */
export function CreateWorkspacePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = new URLSearchParams(location.search).get("workspace");
  const teams = useQuery({ ...allTeamsQuery(), meta: { silent: true } });
  const existing = teams.data?.me?.workspaces ?? [];
  const workspace = existing.find((w) => w.id === teamId) ?? null;
  const { team } = useWorkspaceBilling(workspace?.id);
  const [step, setStep] = useState<CreateWorkspaceStep>("create");
  const [selection, setSelection] = useState<PlanSelection>({
    plan: "free",
    pkg: buildPackage("flex", "MONTHLY"),
  });
  const [dismissing, setDismissing] = useState(false);
  const [limitValid, setLimitValid] = useState(true);
  const discard = useMutation(
    deleteWorkspaceMutation(queryClient, {
      onSuccess: () => {
        setFreshWorkspaceId(null);
        setStoredWorkspaceId(null);
      },
      onError: (error) => {
        console.error("Deleting the fresh workspace failed", error);
        showToast({ message: WORKSPACE_MESSAGES.deleteFailed, status: "error" });
      },
    }),
  );
  const [chosenLimit, setChosenLimit] = useState<string | null>(null);

  if (teamId && teams.isPending) return <PageSpinner />;

  const finish = (id: string) => {
    setFreshWorkspaceId(null);
    setStoredWorkspaceId(id);
    navigate(newWorkspacePath(id));
  };

  const dismiss = async () => {
    const fresh = getFreshWorkspaceId();
    setDismissing(true);
    // A failure is reported by the mutation; the flow is left either way.
    if (fresh && fresh === workspace?.id) await discard.mutateAsync(fresh).catch(() => {});
    navigate("/dashboard/recent");
  };

  const paid = isPaidPlanId(selection.plan);
  // A paid plan is bought at checkout: the limit chosen for it goes with the checkout (up to Pro's maximum).
  const checkoutLimit =
    team && paid ? chosenSpendingLimit(chosenLimit ?? String(team.limits.onDemandSpendingLimit)) : null;
  const aside =
    paid && (step === "plans" || step === "spending-limit") ? (
      <CheckoutSummary pkg={selection.pkg} />
    ) : undefined;

  return (
    <FlowFrame
      title="Create workspace"
      steps={CREATE_WORKSPACE_STEPS}
      step={step}
      stepLabels={STEP_LABELS}
      onDismiss={() => void dismiss()}
      aside={aside}
    >
      {dismissing ? (
        <PageSpinner />
      ) : step === "create" || !workspace ? (
        <NameStep
          key={workspace?.id ?? "new"}
          workspace={workspace}
          existing={existing}
          onDone={(id, created) => {
            if (created) setFreshWorkspaceId(id);
            navigate(
              { pathname: location.pathname, search: `?workspace=${encodeURIComponent(id)}` },
              { replace: true },
            );
            setStep("usecases");
          }}
        />
      ) : step === "usecases" ? (
        <UseCasesStep
          teamId={workspace.id}
          onBack={() => setStep("create")}
          onDone={() => setStep("plans")}
        />
      ) : step === "plans" ? (
        <>
          <PlansStep selection={selection} onChange={setSelection} showBuild />
          <StepActions>
            <Button onClick={() => setStep("usecases")}>Back</Button>
            <Button variant="primary" onClick={() => setStep("spending-limit")}>
              Next
            </Button>
          </StepActions>
        </>
      ) : step === "spending-limit" ? (
        <section className={styles.section} aria-labelledby="limit-title">
          <h2 id="limit-title" className={styles.sectionTitle}>
            Set a spending limit
          </h2>
          <p className={styles.muted}>
            The most this workspace spends on on-demand credits each billing cycle. You can change it at any
            time.
          </p>
          {!team ? (
            <PageSpinner />
          ) : paid ? (
            <CheckoutSpendingLimitField
              value={chosenLimit ?? String(team.limits.onDemandSpendingLimit)}
              onChange={setChosenLimit}
            />
          ) : (
            <SpendingLimitField
              teamId={workspace.id}
              pro={false}
              initial={team.limits.onDemandSpendingLimit}
              onValidity={setLimitValid}
            />
          )}
          <StepActions>
            <Button onClick={() => setStep("plans")}>Back</Button>
            <Button
              variant="primary"
              disabled={!team || (paid ? checkoutLimit === null : !limitValid)}
              onClick={() => setStep("finalize")}
            >
              Next
            </Button>
          </StepActions>
        </section>
      ) : paid ? (
        <CheckoutRedirect
          teamId={workspace.id}
          pkg={selection.pkg}
          spendingLimit={checkoutLimit ?? undefined}
          successPath={newWorkspacePath(workspace.id)}
          cancelPath={`/create-workspace?workspace=${encodeURIComponent(workspace.id)}`}
          onAbandon={() => finish(workspace.id)}
        />
      ) : (
        <section className={styles.section} aria-labelledby="ready-title">
          <h2 id="ready-title" className={styles.sectionTitle}>
            {workspace.name} is ready
          </h2>
          <p className={styles.muted}>
            Your workspace is on the {PLANS.free.name} plan with {PLANS.free.credits} free credits a month.
            You can upgrade at any time.
          </p>
          <StepActions>
            <Button onClick={() => setStep("spending-limit")}>Back</Button>
            <Button variant="primary" onClick={() => finish(workspace.id)}>
              Finish
            </Button>
          </StepActions>
        </section>
      )}
    </FlowFrame>
  );
}
