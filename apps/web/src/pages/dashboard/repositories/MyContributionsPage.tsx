import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import {
  type Branch,
  contributionBranchesQuery,
  openBranch,
  type PullRequest,
  uniqueRepositories,
} from "../../../api/queries/repositories.ts";
import { CodeHostNotSetUp, useCodeHostMissing } from "../../../features/repositories/CodeHostNotSetUp.tsx";
import { useActiveWorkspace } from "../../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../../ui/Button.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { AlertIcon, ChevronRightIcon, UsersIcon } from "../../../ui/Icon.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import pageStyles from "../DashboardPage.module.css";
import { DashboardPage } from "../DashboardPage.tsx";
import { BranchRow } from "./BranchRow.tsx";
import { MY_CONTRIBUTIONS_TITLE, myContributionsPath } from "./paths.ts";
import { RepoName } from "./RepoName.tsx";
import styles from "./Repositories.module.css";
import { StartContributing } from "./StartContributing.tsx";

const noPullRequests: PullRequest[] = [];

/**
 * /dashboard/my-contributions/{path*} (spec 1 §2): the viewer's contribution branches (branches
 * of their forks of open-source repositories), by repository; `owner/name` shows one
 * repository's. Only the primary workspace has it (spec 1 §6). Empty: 'Start contributing'.
 */
export function MyContributionsPage() {
  const { "*": path = "" } = useParams();
  const { activeWorkspace, primaryWorkspaceId, switchWorkspace } = useActiveWorkspace();
  const isPrimary = activeWorkspace !== null && activeWorkspace.id === primaryWorkspaceId;
  const branches = useQuery({ ...contributionBranchesQuery(), enabled: isPrimary });
  const [owner, name] = path.split("/").filter(Boolean);
  const codeHostMissing = useCodeHostMissing();

  if (activeWorkspace && !isPrimary) {
    return (
      <DashboardPage title={MY_CONTRIBUTIONS_TITLE}>
        <EmptyState
          icon={<UsersIcon />}
          title="My contributions live in your primary workspace"
          actions={
            primaryWorkspaceId && (
              <Button variant="primary" onClick={() => switchWorkspace(primaryWorkspaceId)}>
                Switch to your primary workspace
              </Button>
            )
          }
        >
          Contribution branches are kept in your primary workspace only.
        </EmptyState>
      </DashboardPage>
    );
  }

  const all = branches.data ?? [];
  const repositories = uniqueRepositories(all);
  const inRepository =
    owner && name
      ? all.filter(
          (b) =>
            b.project.repository.owner.toLowerCase() === owner.toLowerCase() &&
            b.project.repository.name.toLowerCase() === name.toLowerCase(),
        )
      : null;

  const heading =
    owner && name ? (
      <ol className={pageStyles.crumbs} aria-label="Breadcrumb">
        <li>
          <Link to={myContributionsPath()}>{MY_CONTRIBUTIONS_TITLE}</Link>
          <ChevronRightIcon size={16} />
        </li>
        <li>
          <h1 className={pageStyles.title}>
            {owner}/{name}
          </h1>
        </li>
      </ol>
    ) : undefined;

  return (
    <DashboardPage title={MY_CONTRIBUTIONS_TITLE} heading={heading}>
      {branches.status === "pending" ? (
        <ul className={styles.grid} aria-label="Loading contributions">
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton height={154} radius={8} />
            </li>
          ))}
        </ul>
      ) : branches.status === "error" ? (
        <EmptyState
          icon={<AlertIcon />}
          title="There was a problem getting your contributions"
          actions={<Button onClick={() => void branches.refetch()}>Try again</Button>}
        />
      ) : all.length === 0 ? (
        codeHostMissing ? (
          <CodeHostNotSetUp />
        ) : (
          <StartContributing />
        )
      ) : inRepository ? (
        <ul className={styles.list} aria-label={`Contribution branches of ${owner}/${name}`}>
          {inRepository.map((branch: Branch) => (
            <BranchRow
              key={branch.id}
              branch={{ ...branch, pullRequests: branch.pullRequests ?? noPullRequests }}
              isDefault={false}
              highlighted={false}
              canRemove
              onOpen={(b) => void openBranch(b.id).catch(() => {})}
            />
          ))}
        </ul>
      ) : (
        <ul className={styles.grid} aria-label={MY_CONTRIBUTIONS_TITLE}>
          {repositories.map((repo) => {
            const count = all.filter(
              (b) => b.project.repository.owner === repo.owner && b.project.repository.name === repo.name,
            ).length;
            return (
              <li key={`${repo.owner}/${repo.name}`} className={styles.card}>
                <Link
                  to={myContributionsPath(`${repo.owner}/${repo.name}`)}
                  className={styles.cover}
                  aria-label={`${repo.owner}/${repo.name}`}
                />
                <div className={styles.top}>
                  <RepoName owner={repo.owner} name={repo.name} />
                </div>
                <div className={styles.meta}>
                  <span>
                    {count} contribution {count === 1 ? "branch" : "branches"}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardPage>
  );
}
