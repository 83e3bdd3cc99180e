import type { ReactNode } from "react";
import styles from "./PanelHeader.module.css";

/** The title row of a side pane, with its actions on the right. */
export function PanelHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.header}>
      <h2 className={styles.title}>{title}</h2>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
