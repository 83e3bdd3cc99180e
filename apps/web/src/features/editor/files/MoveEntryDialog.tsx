import { useState } from "react";
import { Button } from "../../../ui/Button.tsx";
import { FolderIcon } from "../../../ui/Icon.tsx";
import { Modal } from "../../../ui/Modal.tsx";
import styles from "./FilesPanel.module.css";
import { allFolders, canMoveInto, type FileTreeNode, parentOf } from "./names.ts";

/** 'Move to folder' of the file tree: the keyboard's way to do what dragging does. */
export function MoveEntryDialog({
  tree,
  node,
  onClose,
  onMove,
}: {
  tree: readonly FileTreeNode[];
  node: FileTreeNode;
  onClose: () => void;
  onMove: (target: string | null) => void;
}) {
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const options = [
    { shortid: null, path: "/ (top)" },
    ...allFolders(tree).map((folder) => ({ shortid: folder.shortid as string | null, path: folder.path })),
  ].filter((option) => canMoveInto(node, option.shortid));
  const current = parentOf(node);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${node.name}`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={chosen === undefined || chosen === current}
            onClick={() => chosen !== undefined && onMove(chosen)}
          >
            Move
          </Button>
        </>
      }
    >
      <div role="listbox" aria-label="Folders" className={styles.picker}>
        {options.map((option) => (
          <div
            key={option.shortid ?? "top"}
            role="option"
            tabIndex={0}
            aria-selected={chosen === option.shortid}
            className={styles.pickerOption}
            onClick={() => setChosen(option.shortid)}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                setChosen(option.shortid);
              }
            }}
          >
            <FolderIcon size={14} />
            {option.path}
            {option.shortid === current && <span className={styles.pickerHint}>current</span>}
          </div>
        ))}
      </div>
    </Modal>
  );
}
