import { parseUpgradeQuery, UPGRADE_STEPS, type UpgradeStep } from "@boxyard/domain";
import { Navigate, useLocation, useNavigate } from "react-router";
import { getErrorMessage } from "../../api/errors.ts";
import { FlowFrame } from "../../features/billing/FlowFrame.tsx";
import { billingPaths } from "../../features/billing/paths.ts";
import { useWorkspaceBilling } from "../../features/billing/useWorkspaceBilling.ts";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon } from "../../ui/Icon.tsx";
import { PageSpinner } from "../../ui/Spinner.tsx";
import { ManageAddonsFlow } from "./ManageAddonsFlow.tsx";
import { SelectWorkspaceStep } from "./SelectWorkspaceStep.tsx";
import { UpgradeFlow } from "./UpgradeFlow.tsx";
import { currentPackage } from "./upgradeSelection.ts";

const SELECT_LABELS: Record<UpgradeStep, string> = {
  "select-workspace": "Workspace",
  plans: "Plan",
  "spending-limit": "Spending limit",
  finalize: "Finalize",
};

/**
 * /upgrade and /manage-subscription (spec 2 §2.10): the same page. Without a workspace in the query
 * it starts by selecting one; a member who does not manage the workspace's billing is sent to its
 * recent page; `flow=manage-addons` opens the 'Update plan' flow of a usage-billing workspace.
 */
export function UpgradePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const query = parseUpgradeQuery(params);
  const fromList = params.get("from") === "select";
  const { query: team, team: data, facts } = useWorkspaceBilling(query.workspace);

  const dismiss = () => navigate(billingPaths.recent(query.workspace));

  if (!query.workspace) {
    return (
      <FlowFrame
        title="Upgrade"
        steps={UPGRADE_STEPS}
        step="select-workspace"
        stepLabels={SELECT_LABELS}
        onDismiss={dismiss}
      >
        <SelectWorkspaceStep
          onSelect={(id) => {
            params.set("workspace", id);
            params.set("from", "select");
            navigate({ pathname: location.pathname, search: `?${params}` });
          }}
        />
      </FlowFrame>
    );
  }
  if (team.isPending) return <PageSpinner />;
  if (team.isError) {
    return (
      <div style={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
        <EmptyState
          icon={<AlertIcon />}
          title="The workspace could not be loaded"
          actions={
            <>
              <Button variant="primary" onClick={() => void team.refetch()}>
                Try again
              </Button>
              <Button onClick={dismiss}>Back to the dashboard</Button>
            </>
          }
        >
          {getErrorMessage(team.error)}
        </EmptyState>
      </div>
    );
  }
  // Not a member, or not one who manages billing: the workspace's recent page (spec 2 §2.10, §6).
  if (!data || !facts?.manager) return <Navigate to={billingPaths.recent(query.workspace)} replace />;

  const current = currentPackage(data);
  if (params.get("flow") === "manage-addons" && facts.kind === "usage-pro" && current) {
    return <ManageAddonsFlow key={data.id} team={data} current={current} onDismiss={dismiss} />;
  }
  return (
    <UpgradeFlow
      key={data.id}
      query={query}
      team={data}
      facts={facts}
      selectedFromList={fromList}
      onDismiss={dismiss}
      onChangeWorkspace={() => {
        params.delete("workspace");
        params.delete("from");
        navigate({ pathname: location.pathname, search: `?${params}` });
      }}
    />
  );
}
