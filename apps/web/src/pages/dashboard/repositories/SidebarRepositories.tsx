import { MESSAGES } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { repositoryPath, sidebarProjectsQuery } from "../../../api/queries/repositories.ts";
import {
  repositoryKey,
  useRepositoriesExpanded,
  useStarredRepositories,
} from "../../../features/repositories/repositoryPrefs.ts";
import { useActiveWorkspace } from "../../../features/workspace/ActiveWorkspaceProvider.tsx";
import { ChevronDownIcon, ChevronRightIcon, RepoIcon, StarIcon, UsersIcon } from "../../../ui/Icon.tsx";
import styles from "../Sidebar.module.css";
import { SidebarLink } from "../SidebarLink.tsx";
import { MY_CONTRIBUTIONS_TITLE, myContributionsPath } from "./paths.ts";

/**
 * The sidebar's Repositories section (spec 1 §2): All repositories; the workspace's repositories
 * in a list that is expanded by default at 5 or fewer (the choice is kept per workspace), starred
 * ones first; My contributions in the primary workspace only.
 */
export function SidebarRepositories({ onNavigate }: { onNavigate?: () => void }) {
  const { activeWorkspace, primaryWorkspaceId } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? "";
  const projects = useQuery({ ...sidebarProjectsQuery(teamId), enabled: teamId !== "" });
  const repositories = projects.data?.repositories ?? [];
  const [expanded, setExpanded] = useRepositoriesExpanded(teamId, repositories.length);
  const starred = useStarredRepositories(teamId);
  const ordered = [...repositories].sort((a, b) => {
    const byStar = Number(starred.has(repositoryKey(b))) - Number(starred.has(repositoryKey(a)));
    return byStar || a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  });

  return (
    <section aria-labelledby="sidebar-repositories">
      <h2 id="sidebar-repositories" className={styles.heading}>
        Repositories
      </h2>
      <ul className={styles.list}>
        <SidebarLink to="/dashboard/repositories" icon={<RepoIcon />} onNavigate={onNavigate}>
          {MESSAGES.allRepositories}
        </SidebarLink>
        {repositories.length > 0 && (
          <li>
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={expanded}
              aria-controls="sidebar-repository-list"
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
              <span>{expanded ? "Hide repositories" : `Show ${repositories.length} repositories`}</span>
            </button>
            {expanded && (
              <ul id="sidebar-repository-list" className={`${styles.list} ${styles.nested}`}>
                {ordered.map((repo) => (
                  <SidebarLink
                    key={repositoryKey(repo)}
                    to={repositoryPath(repo.owner, repo.name)}
                    icon={
                      starred.has(repositoryKey(repo)) ? (
                        <StarIcon filled size={14} />
                      ) : (
                        <RepoIcon size={14} />
                      )
                    }
                    onNavigate={onNavigate}
                  >
                    <span title={`${repo.owner}/${repo.name}`}>{repo.name}</span>
                  </SidebarLink>
                ))}
              </ul>
            )}
          </li>
        )}
        {teamId !== "" && teamId === primaryWorkspaceId && (
          <SidebarLink to={myContributionsPath()} icon={<UsersIcon />} onNavigate={onNavigate}>
            {MY_CONTRIBUTIONS_TITLE}
          </SidebarLink>
        )}
      </ul>
    </section>
  );
}
