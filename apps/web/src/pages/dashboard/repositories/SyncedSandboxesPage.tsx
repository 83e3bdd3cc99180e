import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { syncedRepositories, syncedSandboxesQuery } from "../../../api/queries/synced.ts";
import { sandboxItem } from "../../../features/sandbox-grid/gridItems.ts";
import { useActiveWorkspace } from "../../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../../ui/Button.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { AlertIcon, BoxIcon, ChevronRightIcon } from "../../../ui/Icon.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import pageStyles from "../DashboardPage.module.css";
import { DashboardPage } from "../DashboardPage.tsx";
import { SandboxListPage } from "../SandboxListPage.tsx";
import { SYNCED_SANDBOXES_TITLE, syncedSandboxesPath } from "./paths.ts";
import { RepoName } from "./RepoName.tsx";
import styles from "./Repositories.module.css";

/**
 * /dashboard/synced-sandboxes/{path*} (spec 1 §2): the repositories the workspace's synced
 * templates come from, then, under `owner/repo`, the templates synced with that one.
 */
export function SyncedSandboxesPage() {
  const { "*": path = "" } = useParams();
  const [owner, repo] = path.split("/").filter(Boolean);
  return owner && repo ? <SyncedRepository owner={owner} repo={repo} /> : <SyncedRepositories />;
}

function SyncedRepositories() {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const synced = useQuery({ ...syncedSandboxesQuery(teamId), enabled: teamId !== "" });
  const repositories = synced.data ? syncedRepositories(synced.data) : [];
  return (
    <DashboardPage title={SYNCED_SANDBOXES_TITLE}>
      {synced.status === "pending" ? (
        <ul className={styles.grid} aria-label="Loading imported templates">
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton height={154} radius={8} />
            </li>
          ))}
        </ul>
      ) : synced.status === "error" ? (
        <EmptyState
          icon={<AlertIcon />}
          title={SANDBOX_MESSAGES.getSandboxes}
          actions={<Button onClick={() => void synced.refetch()}>Try again</Button>}
        />
      ) : repositories.length === 0 ? (
        <EmptyState icon={<BoxIcon />} title="No imported templates">
          Templates imported from a GitHub repository with Import template show up here and stay in sync with
          it.
        </EmptyState>
      ) : (
        <ul className={styles.grid} aria-label={SYNCED_SANDBOXES_TITLE}>
          {repositories.map((entry) => (
            <li key={`${entry.owner}/${entry.repo}`} className={styles.card}>
              <Link
                to={syncedSandboxesPath(`${entry.owner}/${entry.repo}`)}
                className={styles.cover}
                aria-label={`${entry.owner}/${entry.repo}`}
              />
              <div className={styles.top}>
                <RepoName owner={entry.owner} name={entry.repo} icon="github" />
              </div>
              <div className={styles.meta}>
                <span>
                  {entry.count} {entry.count === 1 ? "template" : "templates"}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}

function SyncedRepository({ owner, repo }: { owner: string; repo: string }) {
  const { activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const synced = useQuery({ ...syncedSandboxesQuery(teamId), enabled: teamId !== "" });
  const heading = (
    <ol className={pageStyles.crumbs} aria-label="Breadcrumb">
      <li>
        <Link to={syncedSandboxesPath()}>{SYNCED_SANDBOXES_TITLE}</Link>
        <ChevronRightIcon size={16} />
      </li>
      <li>
        <h1 className={pageStyles.title}>
          {owner}/{repo}
        </h1>
      </li>
    </ol>
  );
  const matches = (git: { username: string; repo: string } | undefined) =>
    git !== undefined &&
    git.username.toLowerCase() === owner.toLowerCase() &&
    git.repo.toLowerCase() === repo.toLowerCase();
  return (
    <SandboxListPage
      title={`${owner}/${repo}`}
      heading={heading}
      page="TEMPLATES"
      query={synced}
      errorText={SANDBOX_MESSAGES.getSandboxes}
      sortable={false}
      sections={() => [
        {
          items: (synced.data?.items ?? [])
            .filter((sandbox) => matches(synced.data?.gitById[sandbox.id]))
            .map(sandboxItem),
        },
      ]}
      empty={
        <EmptyState icon={<BoxIcon />} title="No imported templates">
          No template of this workspace is synced with {owner}/{repo}.
        </EmptyState>
      }
    />
  );
}
