import { MESSAGES } from "@boxyard/domain";
import { Link, Navigate } from "react-router";
import { useSession } from "../../features/session/SessionProvider.tsx";
import { useActiveWorkspace } from "../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { GitHubIcon, RepoIcon } from "../../ui/Icon.tsx";
import styles from "./DashboardPage.module.css";
import { DashboardPage } from "./DashboardPage.tsx";

/** /dashboard/repositories, 'All repositories' (spec 1 §2); hidden on on-premise installs. */
export function RepositoriesPage() {
  const { features } = useSession();
  const { canImport } = useActiveWorkspace();
  if (features?.onPremise) return <Navigate to="/dashboard/recent" replace />;

  return (
    <DashboardPage title={MESSAGES.allRepositories}>
      <EmptyState
        icon={<RepoIcon />}
        title="No repositories yet"
        actions={
          canImport ? (
            <ButtonLink to="/s/github" variant="primary" icon={<GitHubIcon size={14} />}>
              {MESSAGES.importFromGitHub}
            </ButtonLink>
          ) : (
            <Button variant="primary" icon={<GitHubIcon size={14} />} disabled>
              {MESSAGES.importFromGitHub}
            </Button>
          )
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
    </DashboardPage>
  );
}
