import { folderName, normalizePath } from "@boxyard/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { allCollectionsQuery } from "../../api/queries/folders.ts";
import { Button } from "../../ui/Button.tsx";
import { FileIcon, FolderIcon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import styles from "./SandboxActions.module.css";

/** A folder to move to: a path, or null for Drafts (the workspace with no folder). */
export type MoveTarget = { path: string | null; label: string };

/** The small folder picker of 'Move to folder'. */
export function MoveToFolderDialog({
  open,
  teamId,
  currentPath,
  onClose,
  onMove,
}: {
  open: boolean;
  teamId: string;
  currentPath: string | null;
  onClose: () => void;
  onMove: (target: MoveTarget) => void;
}) {
  const folders = useQuery({ ...allCollectionsQuery(teamId), enabled: open });
  const [chosen, setChosen] = useState<MoveTarget | null>(null);
  const options: MoveTarget[] = [
    { path: null, label: "Drafts" },
    ...[...(folders.data ?? [])]
      .sort((a, b) => a.path.localeCompare(b.path, undefined, { sensitivity: "base" }))
      .map((folder) => {
        const path = normalizePath(folder.path);
        return { path, label: path === "/" ? "All folders" : path.slice(1) };
      }),
  ];
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Move to folder"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={!chosen || chosen.path === currentPath}
            onClick={() => chosen && onMove(chosen)}
          >
            Move
          </Button>
        </>
      }
    >
      <ul className={styles.picker} aria-label="Folders">
        {options.map((option) => {
          const selected = chosen?.path === option.path && chosen !== null;
          const depth = option.path && option.path !== "/" ? option.path.split("/").length - 2 : 0;
          return (
            <li key={option.path ?? "drafts"}>
              <button
                type="button"
                className={styles.pickerItem}
                aria-pressed={selected}
                style={{ paddingLeft: 8 + depth * 16 }}
                onClick={() => setChosen(option)}
                onDoubleClick={() => option.path !== currentPath && onMove(option)}
              >
                {option.path === null ? <FileIcon size={14} /> : <FolderIcon size={14} />}
                <span>{option.path && option.path !== "/" ? folderName(option.path) : option.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {folders.isPending && <p className={styles.muted}>Loading folders…</p>}
    </Modal>
  );
}
