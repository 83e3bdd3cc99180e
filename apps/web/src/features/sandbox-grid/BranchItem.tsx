import type { ReactNode } from "react";
import type { Branch } from "../../api/queries/repositories.ts";
import { BranchIcon } from "../../ui/Icon.tsx";
import { ago } from "./format.ts";
import styles from "./SandboxGrid.module.css";

const openedText = (branch: Branch) => {
  const when = ago(branch.lastAccessedAt);
  return when ? `Opened ${when}` : null;
};

/** A branch's card in the grid (Recent): the branch icon, its name, its repository. */
export function BranchCard({ branch, title, more }: { branch: Branch; title: ReactNode; more: ReactNode }) {
  const { owner, name } = branch.project.repository;
  const opened = openedText(branch);
  return (
    <>
      <div className={[styles.thumb, styles.branchThumb].join(" ")}>
        <BranchIcon size={40} />
        <span className={styles.badge}>Branch</span>
      </div>
      <div className={styles.meta}>
        <div className={styles.titleLine}>
          {title}
          {more}
        </div>
        <div className={styles.subLine}>
          <span className={styles.ellipsis}>
            {owner}/{name}
            {opened ? ` · ${opened}` : ""}
          </span>
        </div>
      </div>
    </>
  );
}

/** A branch's row in the list: icon, name, repository, when it was opened. */
export function BranchRow({ branch, title, more }: { branch: Branch; title: ReactNode; more: ReactNode }) {
  const { owner, name } = branch.project.repository;
  return (
    <>
      <span className={styles.rowIcon}>
        <BranchIcon size={18} />
      </span>
      <span className={styles.rowTitle}>{title}</span>
      <span className={styles.rowMeta} title={`${owner}/${name}`}>
        {owner}/{name}
      </span>
      <span className={styles.rowMeta}>{openedText(branch)}</span>
      <span />
      <span className={styles.rowMeta}>{branch.owner?.username ?? null}</span>
      {more}
    </>
  );
}
