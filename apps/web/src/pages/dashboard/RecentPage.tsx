import { MESSAGES, SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import {
  type Branch,
  recentBranchesQuery,
  repositoriesQuery,
  sortByName,
} from "../../api/queries/repositories.ts";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import { recentlyAccessedQuery, workspaceActivityQuery } from "../../api/queries/sandboxes.ts";
import { PlanNotice } from "../../features/billing/PlanNotice.tsx";
import { openImportDialog } from "../../features/import-repo/openImportDialog.ts";
import {
  branchItem,
  type GridItem,
  openedSandboxItem,
  sandboxItem,
} from "../../features/sandbox-grid/gridItems.ts";
import { SandboxGrid } from "../../features/sandbox-grid/SandboxGrid.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { BoxIcon, ClockIcon, ImportIcon } from "../../ui/Icon.tsx";
import styles from "./DashboardPage.module.css";
import { BranchCarousel, RepositoryCarousel } from "./repositories/BranchCarousel.tsx";
import { SandboxListPage } from "./SandboxListPage.tsx";

export const PICK_UP_TITLE = "Pick up where you left off";
export const WORKSPACE_ACTIVITY_TITLE = "Explore workspace activity";
export const CREATE_FROM_WORKSPACE_TITLE = "Create a branch from a workspace repository";
/** How many workspace repositories the empty Recent page offers to branch from. */
const WORKSPACE_REPOSITORIES_SHOWN = 6;

/** Recent shows at most this many sandboxes and branches (spec 1 §9). */
export const RECENT_LIMIT = 18;

const accessedAt = (value: string | null) => (value ? new Date(value).getTime() || 0 : 0);

/**
 * 'Pick up where you left off': the recently opened sandboxes and branches together, newest first,
 * at most 18 (spec 1 §2).
 */
export function recentItems(sandboxes: readonly DashboardSandbox[], branches: readonly Branch[]): GridItem[] {
  const dated = [
    ...sandboxes.map((sandbox) => ({
      at: accessedAt(sandbox.lastAccessedAt),
      item: openedSandboxItem(sandbox),
    })),
    ...branches.map((branch) => ({ at: accessedAt(branch.lastAccessedAt), item: branchItem(branch) })),
  ];
  return dated
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_LIMIT)
    .map((entry) => entry.item);
}

/**
 * /dashboard/recent, titled 'Recent' (spec 1 §2): 'Create a new branch' with the repositories of
 * recent branches, then up to 18 recently opened sandboxes and branches, newest first, always as a
 * grid. A new user lands here and sees the empty state, with the workspace's latest sandboxes and
 * its repositories when it has some.
 */
export function RecentPage() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const recent = useQuery({ ...recentlyAccessedQuery(teamId), enabled: teamId !== "" });
  const branches = useQuery({ ...recentBranchesQuery(teamId), enabled: teamId !== "" });
  return (
    <>
      <PlanNotice />
      <SandboxListPage
        title={MESSAGES.recentTitle}
        page="RECENT"
        query={recent}
        errorText={SANDBOX_MESSAGES.getSandboxes}
        forcedView="grid"
        sortable={false}
        sections={() => [
          { title: PICK_UP_TITLE, items: recentItems(recent.data?.items ?? [], branches.data ?? []) },
        ]}
        before={<BranchCarousel teamId={teamId} />}
        empty={<NoRecentWork teamId={teamId} />}
      />
    </>
  );
}

function NoRecentWork({ teamId }: { teamId: string }) {
  const { canImport } = useActiveWorkspace();
  const activity = useQuery({ ...workspaceActivityQuery(teamId), enabled: teamId !== "" });
  const items = activity.data?.items ?? [];
  // 'Explore workspace activity' also offers branches of the workspace's repositories (spec 1 §2).
  const projects = useQuery({ ...repositoriesQuery(teamId), enabled: teamId !== "", meta: { silent: true } });
  const repositories = sortByName(projects.data ?? [])
    .slice(0, WORKSPACE_REPOSITORIES_SHOWN)
    .map((p) => ({ owner: p.repository.owner, name: p.repository.name, teamId: p.team.id }));
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
            <Button
              icon={<ImportIcon size={14} />}
              disabled={!canImport}
              onClick={() => void openImportDialog({ teamId })}
            >
              {MESSAGES.importRepository}
            </Button>
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
      {repositories.length > 0 && (
        <RepositoryCarousel title={CREATE_FROM_WORKSPACE_TITLE} repositories={repositories} />
      )}
    </>
  );
}
