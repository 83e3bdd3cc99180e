import { MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import {
  recentlyAccessedQuery,
  SANDBOX_MESSAGES,
  workspaceActivityQuery,
} from "../../api/queries/sandboxes.ts";
import { sandboxItem } from "../../features/sandbox-grid/gridItems.ts";
import { SandboxGrid } from "../../features/sandbox-grid/SandboxGrid.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { BoxIcon, ClockIcon, ImportIcon } from "../../ui/Icon.tsx";
import styles from "./DashboardPage.module.css";
import { SandboxListPage } from "./SandboxListPage.tsx";

export const PICK_UP_TITLE = "Pick up where you left off";
export const WORKSPACE_ACTIVITY_TITLE = "Explore workspace activity";

/**
 * /dashboard/recent, titled 'Recent' (spec 1 §2): up to 18 recently opened sandboxes, newest
 * first, always as a grid. A new user lands here and sees the empty state, with the workspace's
 * latest sandboxes when it has some.
 */
export function RecentPage() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const recent = useQuery({ ...recentlyAccessedQuery(teamId), enabled: teamId !== "" });
  return (
    <SandboxListPage
      title={MESSAGES.recentTitle}
      page="RECENT"
      query={recent}
      errorText={SANDBOX_MESSAGES.getSandboxes}
      forcedView="grid"
      sortable={false}
      sections={() => [{ title: PICK_UP_TITLE, items: (recent.data?.items ?? []).map(sandboxItem) }]}
      empty={<NoRecentWork teamId={teamId} />}
    />
  );
}

function NoRecentWork({ teamId }: { teamId: string }) {
  const { canImport } = useActiveWorkspace();
  const activity = useQuery({ ...workspaceActivityQuery(teamId), enabled: teamId !== "" });
  const items = activity.data?.items ?? [];
  return (
    <>
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
      {items.length > 0 && (
        <section className={styles.section} aria-label={WORKSPACE_ACTIVITY_TITLE}>
          <SandboxGrid
            sections={[{ title: WORKSPACE_ACTIVITY_TITLE, items: items.map(sandboxItem) }]}
            viewMode="grid"
            page="RECENT"
            label={WORKSPACE_ACTIVITY_TITLE}
          />
        </section>
      )}
    </>
  );
}
