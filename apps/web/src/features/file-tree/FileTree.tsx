import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { ChevronRightIcon, FileIcon, FolderIcon } from "../../ui/Icon.tsx";
import styles from "./FileTree.module.css";
import { ancestorIds, type TreeNode, visibleNodes } from "./fileTree.ts";

type FileNode = Extract<TreeNode, { kind: "file" }>;

/**
 * A sandbox's files (WAI-ARIA tree): directories expand and collapse, files are selected. Keys:
 * Up and Down move, Right opens a directory or enters it, Left closes it or goes to its parent,
 * Home and End jump, Enter and Space select a file or toggle a directory.
 */
export function FileTree({
  tree,
  selectedId,
  onSelect,
  label,
}: {
  tree: readonly TreeNode[];
  selectedId: string | null;
  onSelect: (file: FileNode) => void;
  label: string;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(selectedId ? ancestorIds(tree, selectedId) : []),
  );
  const visible = useMemo(() => visibleNodes(tree, expanded), [tree, expanded]);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const current =
    visible.find((n) => n.id === focusedId) ?? visible.find((n) => n.id === selectedId) ?? visible[0];
  const items = useRef(new Map<string, HTMLElement>());
  const movedByKey = useRef(false);

  // Keyboard moves focus to the row that became current (it may have just been rendered).
  useEffect(() => {
    if (!movedByKey.current || !focusedId) return;
    movedByKey.current = false;
    items.current.get(focusedId)?.focus();
  }, [focusedId]);

  const toggle = (id: string, open?: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const focus = (node: TreeNode | undefined) => {
    if (!node) return;
    movedByKey.current = true;
    setFocusedId(node.id);
  };

  const parentOf = (node: TreeNode) => {
    const trail = ancestorIds(tree, node.id);
    const parentId = trail[trail.length - 1];
    return visible.find((n) => n.id === parentId);
  };

  const activate = (node: TreeNode) => {
    setFocusedId(node.id);
    if (node.kind === "directory") toggle(node.id);
    else onSelect(node);
  };

  const onKeyDown = (event: KeyboardEvent, node: TreeNode) => {
    const index = visible.indexOf(node);
    const isOpen = node.kind === "directory" && expanded.has(node.id);
    switch (event.key) {
      case "ArrowDown":
        focus(visible[index + 1]);
        break;
      case "ArrowUp":
        focus(visible[index - 1]);
        break;
      case "Home":
        focus(visible[0]);
        break;
      case "End":
        focus(visible[visible.length - 1]);
        break;
      case "ArrowRight":
        if (node.kind !== "directory") return;
        if (isOpen) focus(node.children[0]);
        else toggle(node.id, true);
        break;
      case "ArrowLeft":
        if (isOpen) toggle(node.id, false);
        else focus(parentOf(node));
        break;
      case "Enter":
      case " ":
        activate(node);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div role="tree" aria-label={label} className={styles.tree}>
      {visible.map((node) => {
        const isDirectory = node.kind === "directory";
        const selected = node.id === selectedId;
        return (
          <div
            key={node.id}
            ref={(element) => {
              if (element) items.current.set(node.id, element);
              else items.current.delete(node.id);
            }}
            role="treeitem"
            aria-level={node.depth + 1}
            aria-expanded={isDirectory ? expanded.has(node.id) : undefined}
            aria-selected={isDirectory ? undefined : selected}
            tabIndex={node.id === current?.id ? 0 : -1}
            title={node.path}
            className={[styles.item, selected && styles.selected].filter(Boolean).join(" ")}
            style={{ paddingLeft: 8 + node.depth * 14 }}
            onClick={() => activate(node)}
            onKeyDown={(event) => onKeyDown(event, node)}
          >
            {isDirectory ? (
              <>
                <ChevronRightIcon
                  size={12}
                  className={[styles.chevron, expanded.has(node.id) && styles.open].filter(Boolean).join(" ")}
                />
                <FolderIcon size={14} className={styles.folderIcon} />
              </>
            ) : (
              <>
                <span className={styles.spacer} />
                <FileIcon size={14} className={styles.fileIcon} />
              </>
            )}
            <span className={styles.name}>{node.name}</span>
          </div>
        );
      })}
    </div>
  );
}
