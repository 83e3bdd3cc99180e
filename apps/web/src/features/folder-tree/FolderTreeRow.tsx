import { type KeyboardEvent, useEffect } from "react";
import { NavLink } from "react-router";
import { ChevronDownIcon, ChevronRightIcon, FolderIcon } from "../../ui/Icon.tsx";
import { InlineInput } from "../../ui/InlineInput.tsx";
import { folderLabel } from "../dashboard-dnd/dropRules.ts";
import { dropStateClass, useDropTarget } from "../dashboard-dnd/useDropTarget.ts";
import styles from "./FolderTree.module.css";
import { type FolderNode, folderUrl, hoverExpandDelay } from "./folderTreeModel.ts";

const INDENT = 12;

/**
 * One row of the folder tree: the expand toggle and the folder's link, or an inline name field
 * (a '__NEW__' placeholder row, or a rename). The row is a drop target, and while something is
 * dragged over it, it expands: at once at the root, after 500 ms elsewhere (spec 1 §2, §9).
 */
export function FolderTreeRow({
  node,
  level,
  open,
  hasChildren,
  renaming,
  onToggle,
  onExpand,
  onNavigate,
  onMenu,
  onCreate,
  onCancelCreate,
  onRename,
  onCancelRename,
}: {
  node: FolderNode;
  level: number;
  open: boolean;
  hasChildren: boolean;
  renaming: boolean;
  onToggle: (path: string) => void;
  onExpand: (path: string) => void;
  onNavigate?: () => void;
  /** Editors only: opens the folder's context menu. */
  onMenu?: (at: { x: number; y: number }, path: string) => void;
  onCreate: (name: string) => void;
  onCancelCreate: () => void;
  onRename: (name: string) => void;
  onCancelRename: () => void;
}) {
  const drop = useDropTarget({
    id: `tree:${node.path}`,
    target: { folder: node.path },
    label: folderLabel(node.path),
    disabled: node.placeholder === true,
  });
  const { isOver } = drop;
  const { path } = node;

  useEffect(() => {
    if (!isOver || open || !hasChildren) return;
    const timer = setTimeout(() => onExpand(path), hoverExpandDelay(path));
    return () => clearTimeout(timer);
  }, [isOver, open, hasChildren, path, onExpand]);

  const indent = { paddingLeft: 8 + level * INDENT };
  if (node.placeholder) {
    return (
      <div className={styles.row} style={indent}>
        <span className={styles.toggleSpace} />
        <InlineInput
          label="New folder name"
          initial=""
          onCommit={onCreate}
          onCancel={onCancelCreate}
          className={styles.input}
        />
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!onMenu) return;
    if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
      event.preventDefault();
      const rect = event.currentTarget.getBoundingClientRect();
      onMenu({ x: rect.left + 16, y: rect.bottom }, path);
    }
  };

  return (
    <div
      ref={drop.setNodeRef}
      className={[styles.row, dropStateClass(drop, { over: styles.dropOver ?? "", refused: "" })].join(" ")}
      style={indent}
      data-drop-target={path}
    >
      {hasChildren ? (
        <button
          type="button"
          className={styles.toggle}
          aria-label={`${open ? "Collapse" : "Expand"} ${node.name}`}
          aria-expanded={open}
          onClick={() => onToggle(path)}
        >
          {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
        </button>
      ) : (
        <span className={styles.toggleSpace} />
      )}
      {renaming ? (
        <InlineInput
          label="Folder name"
          initial={node.name}
          onCommit={onRename}
          onCancel={onCancelRename}
          className={styles.input}
        />
      ) : (
        <NavLink
          to={folderUrl(path)}
          end
          className={styles.link}
          onClick={onNavigate}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => {
            if (!onMenu) return;
            event.preventDefault();
            onMenu({ x: event.clientX, y: event.clientY }, path);
          }}
        >
          <FolderIcon size={16} />
          <span>{node.name}</span>
        </NavLink>
      )}
    </div>
  );
}
