import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import {
  recentBranchesQuery,
  repositoryPath,
  uniqueRepositories,
} from "../../../api/queries/repositories.ts";
import { useCreateBranch } from "../../../features/repositories/useCreateBranch.ts";
import { useActiveWorkspace } from "../../../features/workspace/ActiveWorkspaceProvider.tsx";
import { Button } from "../../../ui/Button.tsx";
import { BranchIcon } from "../../../ui/Icon.tsx";
import pageStyles from "../DashboardPage.module.css";
import { RepoName } from "./RepoName.tsx";
import styles from "./Repositories.module.css";

export const CREATE_BRANCH_TITLE = "Create a new branch";

/**
 * Recent's 'Create a new branch' (spec 1 §2): a carousel of the unique repositories of the
 * recently opened branches. Nothing shows without recent branches.
 */
export function BranchCarousel({ teamId }: { teamId: string }) {
  const branches = useQuery({ ...recentBranchesQuery(teamId), enabled: teamId !== "" });
  const repositories = uniqueRepositories(branches.data ?? []);
  if (repositories.length === 0) return null;
  return <RepositoryCarousel title={CREATE_BRANCH_TITLE} repositories={repositories} />;
}

/**
 * Repositories side by side, each opening its page and offering 'Create branch' (disabled for
 * viewers and in a frozen workspace, spec 1 §6).
 */
export function RepositoryCarousel({
  title,
  repositories,
}: {
  title: string;
  repositories: readonly { owner: string; name: string; teamId: string }[];
}) {
  const { role, frozen } = useActiveWorkspace();
  const createBranch = useCreateBranch();
  const canBranch = role !== "READ" && !frozen;

  return (
    <section className={pageStyles.section} aria-label={title}>
      <h2 className={pageStyles.sectionTitle}>{title}</h2>
      <ul className={styles.carousel}>
        {repositories.map((repo) => {
          const busy = createBranch.isPending && createBranch.variables?.name === repo.name;
          return (
            <li key={`${repo.teamId}/${repo.owner}/${repo.name}`} className={styles.card}>
              <Link
                to={repositoryPath(repo.owner, repo.name)}
                className={styles.cover}
                aria-label={`${repo.owner}/${repo.name}`}
              />
              <div className={styles.top}>
                <RepoName owner={repo.owner} name={repo.name} />
              </div>
              <div className={styles.tools} style={{ alignSelf: "flex-start" }}>
                <Button
                  size="sm"
                  icon={<BranchIcon size={14} />}
                  disabled={!canBranch || createBranch.isPending}
                  loading={busy}
                  title={
                    frozen
                      ? "This workspace is frozen"
                      : role === "READ"
                        ? "Viewers cannot create branches"
                        : undefined
                  }
                  onClick={() =>
                    createBranch.mutate({ owner: repo.owner, name: repo.name, teamId: repo.teamId })
                  }
                >
                  Create branch
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
