import type { ReactNode } from "react";
import type { Folder } from "../../api/queries/folders.ts";
import type { DashboardSandbox } from "../../api/queries/sandbox-fragments.ts";
import { FolderIcon } from "../../ui/Icon.tsx";
import { type CardDate, updatedText } from "./format.ts";
import { folderCount } from "./ItemCard.tsx";
import { PrivacyIcon, ProtectedMark, TemplateIcon } from "./ItemParts.tsx";
import styles from "./SandboxGrid.module.css";
import { sandboxColour } from "./sandboxColour.ts";

/** A folder's row in the list: icon, name, number of items. */
export function FolderRow({ folder, title, more }: { folder: Folder; title: ReactNode; more: ReactNode }) {
  return (
    <>
      <span className={styles.rowIcon}>
        <FolderIcon size={18} />
      </span>
      <span className={styles.rowTitle}>{title}</span>
      <span className={styles.rowMeta}>{folderCount(folder)}</span>
      <span className={styles.rowMeta} />
      <span />
      <span className={styles.rowMeta} />
      {more}
    </>
  );
}

/** A sandbox's row in the list: icon, title, folder path, last updated, privacy, author, 'more'. */
export function SandboxRow({
  sandbox,
  date,
  title,
  more,
}: {
  sandbox: DashboardSandbox;
  /** Which time the item states (default: when it was updated). */
  date?: CardDate | undefined;
  title: ReactNode;
  more: ReactNode;
}) {
  const folder = sandbox.collection ? sandbox.collection.path : "Drafts";
  return (
    <>
      <span className={styles.rowIcon} style={{ color: sandboxColour(sandbox) }}>
        <TemplateIcon sandbox={sandbox} size={18} />
      </span>
      <span className={styles.rowTitle}>
        {title}
        {sandbox.isFrozen && <ProtectedMark />}
      </span>
      <span className={styles.rowMeta} title={folder}>
        {folder}
      </span>
      <span className={styles.rowMeta}>{updatedText(sandbox, date)}</span>
      <PrivacyIcon privacy={sandbox.privacy} />
      <span className={styles.rowMeta}>{sandbox.author?.username ?? null}</span>
      {more}
    </>
  );
}
