import type { ReactNode } from "react";
import { useDocumentTitle } from "../../ui/useDocumentTitle.ts";
import styles from "./DashboardPage.module.css";

/** A dashboard sub-page: the page header (56 px, title or breadcrumb, actions) and the content. */
export function DashboardPage({
  title,
  heading,
  actions,
  children,
}: {
  /** The tab title and, without `heading`, the page title. */
  title: string;
  /** A breadcrumb or other heading in place of the title. */
  heading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {heading ?? <h1 className={styles.title}>{title}</h1>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
