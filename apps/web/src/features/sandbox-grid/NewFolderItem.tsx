import { FolderIcon } from "../../ui/Icon.tsx";
import { InlineInput } from "../../ui/InlineInput.tsx";
import styles from "./SandboxGrid.module.css";
import type { ViewMode } from "./viewMode.ts";

/** The inline 'new folder' row (spec 1 §2): its name commits on Enter or blur, Escape cancels. */
export function NewFolderItem({
  viewMode,
  onCommit,
  onCancel,
}: {
  viewMode: ViewMode;
  onCommit: (name: string) => void;
  onCancel: () => void;
}) {
  const input = <InlineInput label="New folder name" initial="" onCommit={onCommit} onCancel={onCancel} />;
  if (viewMode === "list") {
    return (
      <div className={styles.listRow}>
        <span className={styles.rowIcon}>
          <FolderIcon size={18} />
        </span>
        <span className={styles.rowTitle}>{input}</span>
      </div>
    );
  }
  return (
    <div className={styles.card}>
      <div className={[styles.thumb, styles.folderThumb].join(" ")}>
        <FolderIcon size={40} />
      </div>
      <div className={styles.meta}>{input}</div>
    </div>
  );
}
