import { Link } from "react-router";
import { type Branch, branchPath, type PullRequest } from "../../../api/queries/repositories.ts";
import { useRemoveBranch } from "../../../features/repositories/removeRepository.ts";
import { ago } from "../../../features/sandbox-grid/format.ts";
import { Button } from "../../../ui/Button.tsx";
import { BranchIcon, PullRequestIcon, TrashIcon } from "../../../ui/Icon.tsx";
import styles from "./Repositories.module.css";

/**
 * One branch of a repository page (spec 1 §2, list view): its name, whether it is the default
 * branch, its pull requests with additions and deletions, a contribution mark, when the viewer
 * last opened it and who made it. Opening it records the access; editors may remove other
 * branches than the default one (dimmed and inert while that runs, spec 1 §4).
 */
export function BranchRow({
  branch,
  isDefault,
  highlighted,
  canRemove,
  onOpen,
}: {
  branch: Branch & { pullRequests: PullRequest[] };
  isDefault: boolean;
  highlighted: boolean;
  canRemove: boolean;
  onOpen: (branch: Branch) => void;
}) {
  const { remove, removing } = useRemoveBranch();
  const repo = branch.project.repository;
  const opened = ago(branch.lastAccessedAt);
  return (
    <li
      className={[styles.row, removing ? styles.removing : ""].join(" ")}
      data-highlight={highlighted || undefined}
      aria-busy={removing || undefined}
      aria-current={highlighted ? "true" : undefined}
      data-testid="branch-row"
      data-branch={branch.name}
    >
      <Link
        to={branchPath(repo, branch.name)}
        className={styles.cover}
        aria-label={branch.name}
        onClick={() => onOpen(branch)}
      />
      <span className={styles.icon}>
        <BranchIcon size={16} />
      </span>
      <span className={styles.names}>
        <span className={styles.name}>{branch.name}</span>
        <span className={styles.meta}>
          {isDefault && <span className={styles.badgeAccent}>Default branch</span>}
          {branch.contribution && <span className={styles.badge}>Contribution</span>}
          {!branch.upstream && <span className={styles.badge}>Not on GitHub</span>}
          {branch.pullRequests.map((pr) => (
            <span key={pr.number} className={styles.badge} title={pr.title}>
              <PullRequestIcon size={12} /> #{pr.number} {pr.title}{" "}
              <span className={styles.added}>+{pr.additions}</span>
              <span className={styles.deleted}>−{pr.deletions}</span>
            </span>
          ))}
          {opened && <span>Opened {opened}</span>}
          {branch.owner && <span>by {branch.owner.username}</span>}
        </span>
      </span>
      {canRemove && !isDefault && (
        <span className={styles.tools}>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-label={`Remove ${branch.name}`}
            onClick={() => void remove(branch)}
          >
            <TrashIcon size={14} />
          </Button>
        </span>
      )}
    </li>
  );
}
