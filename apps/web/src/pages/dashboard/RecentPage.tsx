import { MESSAGES } from "@boxyard/domain";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { BoxIcon, ClockIcon, ImportIcon } from "../../ui/Icon.tsx";
import { DashboardPage } from "./DashboardPage.tsx";

/** /dashboard/recent, titled 'Recent' (spec 1 §2). A new user lands here. */
export function RecentPage() {
  const { canImport } = useActiveWorkspace();
  return (
    <DashboardPage title={MESSAGES.recentTitle}>
      <EmptyState
        icon={<ClockIcon />}
        title={MESSAGES.noRecentWork}
        actions={
          <>
            <ButtonLink to="/templates" variant="primary" icon={<BoxIcon size={14} />}>
              {MESSAGES.exploreTemplates}
            </ButtonLink>
            {canImport ? (
              <ButtonLink to="/s/github" icon={<ImportIcon size={14} />}>
                {MESSAGES.importRepository}
              </ButtonLink>
            ) : (
              <Button icon={<ImportIcon size={14} />} disabled>
                {MESSAGES.importRepository}
              </Button>
            )}
          </>
        }
      >
        Sandboxes, devboxes and branches you open show up here, newest first.
      </EmptyState>
    </DashboardPage>
  );
}
