import { Link } from "react-router";
import { type Project, repositoryPath } from "../../../api/queries/repositories.ts";
import { useRemoveRepository } from "../../../features/repositories/removeRepository.ts";
import { setStarred } from "../../../features/repositories/repositoryPrefs.ts";
import { ago } from "../../../features/sandbox-grid/format.ts";
import { Button } from "../../../ui/Button.tsx";
import { BranchIcon, LockIcon, StarIcon, TrashIcon } from "../../../ui/Icon.tsx";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../../ui/Menu.tsx";
import { RepoName } from "./RepoName.tsx";
import styles from "./Repositories.module.css";

const branchCountText = (count: number) => `${count} ${count === 1 ? "branch" : "branches"}`;

/**
 * One repository of All repositories, as a card (grid) or a row (list): opens its page; a star
 * keeps it at the top of the sidebar list; editors may remove it from the workspace.
 */
export function RepositoryItem({
  project,
  view,
  starred,
  canRemove,
}: {
  project: Project;
  view: "grid" | "list";
  starred: boolean;
  canRemove: boolean;
}) {
  const { remove, removing } = useRemoveRepository();
  const { owner, name } = project.repository;
  const teamId = project.team.id;
  const edited = ago(project.lastAccessedAt);
  const label = `${owner}/${name}`;

  return (
    <li
      className={[view === "grid" ? styles.card : styles.row, removing ? styles.removing : ""].join(" ")}
      aria-busy={removing || undefined}
      data-testid="repository-item"
    >
      <Link to={repositoryPath(owner, name)} className={styles.cover} aria-label={label} />
      <div className={styles.top} style={view === "list" ? { flex: 1, alignItems: "center" } : undefined}>
        <RepoName owner={owner} name={name} />
        <span className={styles.tools}>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-pressed={starred}
            aria-label={starred ? `Unstar ${label}` : `Star ${label}`}
            className={starred ? styles.starOn : undefined}
            onClick={() => setStarred(teamId, project.repository, !starred)}
          >
            <StarIcon size={14} filled={starred} />
          </Button>
          {canRemove && (
            <MenuRoot>
              <MenuTrigger asChild>
                <Button variant="ghost" size="sm" iconOnly aria-label={`More actions for ${label}`}>
                  <span aria-hidden="true">⋯</span>
                </Button>
              </MenuTrigger>
              <MenuContent>
                <MenuItem
                  icon={<TrashIcon size={14} />}
                  onSelect={() =>
                    void remove({ owner, name, teamId }).then((removed) => {
                      if (removed) setStarred(teamId, project.repository, false);
                    })
                  }
                >
                  Remove repository
                </MenuItem>
              </MenuContent>
            </MenuRoot>
          )}
        </span>
      </div>
      <div className={styles.meta}>
        <span>
          <BranchIcon size={12} /> {branchCountText(project.branchCount)}
        </span>
        {project.repository.private && (
          <span>
            <LockIcon size={12} /> Private
          </span>
        )}
        {!project.appInstalled && <span>App not installed</span>}
        {edited && <span>Opened {edited}</span>}
      </div>
    </li>
  );
}
