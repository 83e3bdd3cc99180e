import { CODEHOST_MESSAGES, MESSAGES } from "@boxyard/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import {
  type Branch,
  openBranchMutation,
  refreshRepository,
  repositoryQuery,
} from "../../../api/queries/repositories.ts";
import { openImportDialog } from "../../../features/import-repo/openImportDialog.ts";
import { openInstallWindow } from "../../../features/repositories/installWindow.ts";
import {
  repositoryKey,
  setStarred,
  useStarredRepositories,
} from "../../../features/repositories/repositoryPrefs.ts";
import { useCreateBranch } from "../../../features/repositories/useCreateBranch.ts";
import { useSession } from "../../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../../ui/Button.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import {
  AlertIcon,
  BranchIcon,
  ChevronRightIcon,
  GitHubIcon,
  RepoIcon,
  StarIcon,
} from "../../../ui/Icon.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import pageStyles from "../DashboardPage.module.css";
import { DashboardPage } from "../DashboardPage.tsx";
import { BranchRow } from "./BranchRow.tsx";
import styles from "./Repositories.module.css";

/**
 * /dashboard/repositories/{owner}/{name} (spec 1 §2): the branches of one repository, always as
 * a list, in the order default branch, branches with pull requests (highest number first),
 * branches the user opened (newest first), other remote branches. A warning offers to install
 * the GitHub App when it is missing; closing its window reloads the repository. `?branch=` marks
 * the open branch; `import=true` greets a repository that was just imported.
 */
export function RepositoryPage() {
  const { owner = "", name = "" } = useParams();
  const [params] = useSearchParams();
  const { features } = useSession();
  const { activeWorkspace, role, frozen } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const queryClient = useQueryClient();
  const repository = useQuery({ ...repositoryQuery(teamId, owner, name), enabled: teamId !== "" });
  const createBranch = useCreateBranch();
  // Recording the access is a side matter: a failure changes nothing on the page.
  const open = useMutation(openBranchMutation(queryClient, teamId, { meta: { silent: true } }));
  const starred = useStarredRepositories(teamId);
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  if (features?.onPremise) return <Navigate to="/dashboard/recent" replace />;

  const project = repository.data ?? null;
  const label = `${owner}/${name}`;
  const isStarred = starred.has(repositoryKey({ owner, name }));
  const selected = params.get("branch");
  const reviewing = params.get("review") === "true";
  const imported = params.get("import") === "true";
  const canBranch = role !== "READ" && !frozen;
  const branchReason = frozen
    ? "This workspace is frozen"
    : role === "READ"
      ? "Viewers cannot create branches"
      : undefined;

  const reload = () => void refreshRepository(queryClient, teamId, owner, name);
  const install = (url: string) => {
    stopWatching.current?.();
    stopWatching.current = openInstallWindow(url, reload);
  };
  const onOpen = (branch: Branch) => open.mutate(branch.id);

  const heading = (
    <ol className={pageStyles.crumbs} aria-label="Breadcrumb">
      <li>
        <Link to="/dashboard/repositories">{MESSAGES.allRepositories}</Link>
        <ChevronRightIcon size={16} />
      </li>
      <li>
        <h1 className={pageStyles.title}>{label}</h1>
      </li>
    </ol>
  );

  return (
    <DashboardPage
      title={label}
      heading={heading}
      actions={
        project && (
          <>
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              aria-pressed={isStarred}
              aria-label={isStarred ? `Unstar ${label}` : `Star ${label}`}
              className={isStarred ? styles.starOn : undefined}
              onClick={() => setStarred(teamId, { owner, name }, !isStarred)}
            >
              <StarIcon size={16} filled={isStarred} />
            </Button>
            <Button
              variant="primary"
              size="sm"
              icon={<BranchIcon size={14} />}
              disabled={!canBranch}
              title={branchReason}
              loading={createBranch.isPending}
              onClick={() =>
                createBranch.mutate({
                  owner: project.repository.owner,
                  name: project.repository.name,
                  teamId,
                })
              }
            >
              Create branch
            </Button>
          </>
        )
      }
    >
      {repository.status === "pending" || teamId === "" ? (
        <ul className={styles.list} aria-label="Loading branches">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className={styles.row}>
              <Skeleton width={32} height={32} radius={4} />
              <Skeleton width="40%" height={14} />
            </li>
          ))}
        </ul>
      ) : repository.status === "error" ? (
        <EmptyState
          icon={<AlertIcon />}
          title={CODEHOST_MESSAGES.reposLoadFailed}
          actions={<Button onClick={() => void repository.refetch()}>Try again</Button>}
        />
      ) : !project ? (
        <EmptyState
          icon={<RepoIcon />}
          title={CODEHOST_MESSAGES.projectNotFound}
          actions={
            <Button
              variant="primary"
              icon={<GitHubIcon size={14} />}
              disabled={role === "READ" || frozen}
              onClick={() => void openImportDialog({ teamId, prefill: { owner, name } })}
            >
              {MESSAGES.importRepository}
            </Button>
          }
        >
          {label} is not imported into this workspace.
        </EmptyState>
      ) : (
        <>
          {imported && (
            <p className={styles.notice} role="status">
              {project.repository.owner}/{project.repository.name} was imported. Open a branch to start
              working, or create a new one.
            </p>
          )}
          {!project.appInstalled && (
            <div className={styles.strip} role="alert">
              <AlertIcon size={16} />
              <span className={styles.stripText}>
                The Boxyard GitHub App is not installed on {label}. Install it so that branches and pull
                requests stay up to date.
              </span>
              {project.appInstallUrl && (
                <Button size="sm" variant="primary" onClick={() => install(project.appInstallUrl!)}>
                  Install the GitHub App
                </Button>
              )}
            </div>
          )}
          {reviewing && selected && (
            <p className={styles.notice} role="status">
              Reviewing the pull request of {selected}.
            </p>
          )}
          <ul className={styles.list} aria-label={`Branches of ${label}`}>
            {project.branches.map((branch) => (
              <BranchRow
                key={branch.id}
                branch={branch}
                isDefault={branch.name === project.repository.defaultBranch}
                highlighted={branch.name === selected}
                canRemove={role !== "READ"}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </>
      )}
    </DashboardPage>
  );
}
