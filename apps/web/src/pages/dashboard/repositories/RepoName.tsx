import { GitHubIcon, RepoIcon } from "../../../ui/Icon.tsx";
import styles from "./Repositories.module.css";

/** A repository card's icon, name and owner. */
export function RepoName({
  owner,
  name,
  icon = "repo",
}: {
  owner: string;
  name: string;
  icon?: "repo" | "github";
}) {
  return (
    <>
      <span className={styles.icon}>
        {icon === "github" ? <GitHubIcon size={16} /> : <RepoIcon size={16} />}
      </span>
      <span className={styles.names}>
        <span className={styles.name}>{name}</span>
        <span className={styles.owner}>{owner}</span>
      </span>
    </>
  );
}
