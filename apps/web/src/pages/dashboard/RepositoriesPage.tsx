import { CODEHOST_MESSAGES, MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "react-router";
import { repositoriesQuery, sortByName } from "../../api/queries/repositories.ts";
import { openImportDialog } from "../../features/import-repo/openImportDialog.ts";
import { repositoryKey, useStarredRepositories } from "../../features/repositories/repositoryPrefs.ts";
import { ViewToggle } from "../../features/sandbox-grid/GridControls.tsx";
import { useViewMode } from "../../features/sandbox-grid/viewMode.ts";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { AlertIcon, GitHubIcon, ImportIcon, RepoIcon } from "../../ui/Icon.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import styles from "./DashboardPage.module.css";
import { DashboardPage } from "./DashboardPage.tsx";
import { PermissionStrip } from "./repositories/PermissionStrip.tsx";
import repoStyles from "./repositories/Repositories.module.css";
import { RepositoryItem } from "./repositories/RepositoryItem.tsx";

/**
 * /dashboard/repositories, 'All repositories' (spec 1 §2): the workspace's repositories by name
 * (case-insensitive), the 'Import repository' tile first in the grid, the empty state, and the
 * permission strip. Hidden on on-premise installs.
 */
export function RepositoriesPage() {
  const { features } = useSession();
  const { activeWorkspace, canImport, role, frozen } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const repositories = useQuery({ ...repositoriesQuery(teamId), enabled: teamId !== "" });
  const [viewMode, setViewMode] = useViewMode();
  const starred = useStarredRepositories(teamId);
  if (features?.onPremise) return <Navigate to="/dashboard/recent" replace />;

  const importReason = frozen
    ? "This workspace is frozen"
    : role === "READ"
      ? "Viewers cannot import"
      : undefined;
  const openImport = () => void openImportDialog({ teamId });
  const projects = sortByName(repositories.data ?? []);
  const canRemove = role !== "READ";

  return (
    <DashboardPage
      title={MESSAGES.allRepositories}
      actions={
        <>
          {viewMode === "list" && projects.length > 0 && (
            <Button
              size="sm"
              icon={<ImportIcon size={14} />}
              disabled={!canImport}
              title={importReason}
              onClick={openImport}
            >
              Import repo
            </Button>
          )}
          <ViewToggle value={viewMode} onChange={setViewMode} />
        </>
      }
    >
      <PermissionStrip />
      {repositories.status === "pending" || teamId === "" ? (
        <ul className={repoStyles.grid} aria-label="Loading repositories">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton height={154} radius={8} />
            </li>
          ))}
        </ul>
      ) : repositories.status === "error" ? (
        <EmptyState
          icon={<AlertIcon />}
          title={CODEHOST_MESSAGES.reposLoadFailed}
          actions={<Button onClick={() => void repositories.refetch()}>Try again</Button>}
        />
      ) : projects.length === 0 ? (
        <>
          <EmptyState
            icon={<RepoIcon />}
            title="No repositories yet"
            actions={
              <Button
                variant="primary"
                icon={<GitHubIcon size={14} />}
                disabled={!canImport}
                title={importReason}
                onClick={openImport}
              >
                {MESSAGES.importFromGitHub}
              </Button>
            }
          >
            Import a repository to work on its branches in devboxes, together with your workspace.
          </EmptyState>
          <aside className={styles.help}>
            <RepoIcon size={18} />
            <div>
              <strong>How importing works</strong>
              Each branch of an imported repository runs in its own devbox. Read the{" "}
              <Link to="/s/github">guide to importing from GitHub</Link>.
            </div>
          </aside>
        </>
      ) : (
        <ul
          className={viewMode === "grid" ? repoStyles.grid : repoStyles.list}
          aria-label={MESSAGES.allRepositories}
        >
          {viewMode === "grid" && (
            <li>
              <button
                type="button"
                className={repoStyles.tile}
                disabled={!canImport}
                title={importReason}
                onClick={openImport}
              >
                <ImportIcon size={20} />
                {MESSAGES.importRepository}
              </button>
            </li>
          )}
          {projects.map((project) => (
            <RepositoryItem
              key={repositoryKey(project.repository)}
              project={project}
              view={viewMode}
              starred={starred.has(repositoryKey(project.repository))}
              canRemove={canRemove}
            />
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
