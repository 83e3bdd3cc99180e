import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { ChevronRightIcon, FolderIcon } from "../../../ui/Icon.tsx";
import { InlineInput } from "../../../ui/InlineInput.tsx";
import { MenuContent, MenuItem, MenuSeparator } from "../../../ui/Menu.tsx";
import { PointerMenu } from "../../../ui/PointerMenu.tsx";
import { ancestorIds, visibleNodes } from "../../file-tree/fileTree.ts";
import styles from "./FileExplorer.module.css";
import { FileTypeIcon } from "./FileTypeIcon.tsx";
import { canMoveInto, type FileTreeFile, type FileTreeNode, parentOf, shortidOf } from "./names.ts";

type TreeNode = FileTreeNode;
type FileNode = FileTreeFile;
export type Creating = { kind: "file" | "directory"; parent: string | null };

export type FileExplorerActions = {
  onOpen: (file: FileNode) => void;
  onNew: (kind: Creating["kind"], parent: string | null) => void;
  onCreateDone: (name: string | null) => void;
  onRename: (node: TreeNode, name: string) => void;
  onMove: (node: TreeNode, target: string | null) => void;
  onMoveDialog: (node: TreeNode) => void;
  onDelete: (node: TreeNode) => void;
  onDropFiles: (data: DataTransfer, target: string | null) => void;
};

type Props = FileExplorerActions & {
  tree: readonly TreeNode[];
  selectedId: string | null;
  /** Shortids of files with unsaved changes. */
  dirty: ReadonlySet<string>;
  canEdit: boolean;
  creating: Creating | null;
};

/** Where a drop lands: a folder row is the folder, a file row its folder, the rest the top. */
const dropTarget = (node: TreeNode | null): string | null =>
  node === null ? null : node.kind === "directory" ? shortidOf(node.id) : parentOf(node);

const ROOT = "files-root";
const UNSAVED_ID = "file-explorer-unsaved";

/** The row under the pointer rather than the whole tree around it. */
const rowsFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const rows = hits.filter((hit) => hit.id !== ROOT);
  return rows.length > 0 ? rows.slice(0, 1) : hits;
};

/**
 * A sandbox's files as an editable WAI-ARIA tree named "Files". Directories expand and collapse,
 * files open. Keys: arrows, Home and End move; Right opens a folder, Left closes it or goes up;
 * Enter and Space open; F2 renames; Delete deletes; Shift+F10 or the menu key opens the menu.
 * Files and folders move by dragging them onto a folder (or the menu's 'Move to folder'); files
 * from the computer are uploaded by dropping them on the tree.
 */
export function FileExplorer({ tree, selectedId, dirty, canEdit, creating, ...actions }: Props) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(selectedId ? ancestorIds(tree, selectedId) : []),
  );
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; node: TreeNode | null } | null>(null);
  const [dragging, setDragging] = useState<TreeNode | null>(null);
  const [fileDrop, setFileDrop] = useState<string | null | undefined>(undefined);
  const items = useRef(new Map<string, HTMLElement>());
  const movedByKey = useRef(false);

  const visible = useMemo(() => visibleNodes(tree, expanded), [tree, expanded]);
  const current =
    visible.find((n) => n.id === focusedId) ?? visible.find((n) => n.id === selectedId) ?? visible[0];

  // The file opened elsewhere (quick open, a search result) is shown: its folders open.
  useEffect(() => {
    if (!selectedId) return;
    const trail = ancestorIds(tree, selectedId);
    setExpanded((previous) =>
      trail.every((id) => previous.has(id)) ? previous : new Set([...previous, ...trail]),
    );
  }, [selectedId, tree]);

  // A new file or folder is typed in the folder it goes in, which opens.
  useEffect(() => {
    if (!creating?.parent) return;
    const id = `d:${creating.parent}`;
    const trail = [...ancestorIds(tree, id), id];
    setExpanded((previous) => new Set([...previous, ...trail]));
  }, [creating, tree]);

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

  const activate = (node: TreeNode) => {
    setFocusedId(node.id);
    if (node.kind === "directory") toggle(node.id);
    else actions.onOpen(node);
  };

  const openMenu = (node: TreeNode | null, x: number, y: number) => setMenu({ x, y, node });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, node: TreeNode) => {
    if (event.target !== event.currentTarget) return;
    const index = visible.indexOf(node);
    const isOpen = node.kind === "directory" && expanded.has(node.id);
    if ((event.key === "F10" && event.shiftKey) || event.key === "ContextMenu") {
      const rect = event.currentTarget.getBoundingClientRect();
      openMenu(node, rect.left + 24, rect.bottom);
      event.preventDefault();
      return;
    }
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
        else focus(visible.find((n) => n.id === node.parentId));
        break;
      case "Enter":
      case " ":
        activate(node);
        break;
      case "F2":
        if (!canEdit) return;
        setRenaming(node.id);
        break;
      case "Delete":
        if (!canEdit) return;
        actions.onDelete(node);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const onDragStart = ({ active }: DragStartEvent) =>
    setDragging((active.data.current?.node as TreeNode) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const node = active.data.current?.node as TreeNode | undefined;
    if (!node || !over) return;
    const target = (over.data.current?.target as string | null | undefined) ?? null;
    if (target === parentOf(node) || !canMoveInto(node, target)) return;
    actions.onMove(node, target);
  };

  // Files dragged in from the computer (not rows of the tree, which dnd-kit moves).
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  const onNativeDragOver = (event: DragEvent, target: string | null) => {
    if (!canEdit || !hasFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = "copy";
    if (fileDrop !== target) setFileDrop(target);
  };
  const onNativeDrop = (event: DragEvent, target: string | null) => {
    if (!canEdit || !hasFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    setFileDrop(undefined);
    actions.onDropFiles(event.dataTransfer, target);
  };

  const creatingRow = (parent: string | null, depth: number): ReactNode =>
    creating && creating.parent === parent ? (
      <div className={styles.item} style={{ paddingLeft: 8 + depth * 14 }} key="creating">
        <span className={styles.spacer} />
        {creating.kind === "directory" ? (
          <FolderIcon size={14} className={styles.folderIcon} />
        ) : (
          <FileTypeIcon name="" />
        )}
        <InlineInput
          label={creating.kind === "directory" ? "New folder name" : "New file name"}
          initial=""
          className={styles.input}
          onCommit={(name) => actions.onCreateDone(name.trim() === "" ? null : name)}
          onCancel={() => actions.onCreateDone(null)}
        />
      </div>
    ) : null;

  const rows: ReactNode[] = [];
  if (creating?.parent === null) rows.push(creatingRow(null, 0));
  for (const node of visible) {
    rows.push(
      <TreeRow
        key={node.id}
        node={node}
        selected={node.id === selectedId}
        tabbable={node.id === current?.id}
        expanded={node.kind === "directory" ? expanded.has(node.id) : undefined}
        dirty={node.kind === "file" && dirty.has(node.module.shortid)}
        renaming={renaming === node.id}
        canEdit={canEdit}
        fileDropHere={fileDrop !== undefined && node.kind === "directory" && fileDrop === shortidOf(node.id)}
        register={(element) => {
          if (element) items.current.set(node.id, element);
          else items.current.delete(node.id);
        }}
        onClick={() => activate(node)}
        onKeyDown={(event) => onKeyDown(event, node)}
        onContextMenu={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setFocusedId(node.id);
          openMenu(node, event.clientX, event.clientY);
        }}
        onRenameDone={(name) => {
          setRenaming(null);
          if (name !== null && name !== node.name) actions.onRename(node, name);
          items.current.get(node.id)?.focus();
        }}
        onNativeDragOver={(event) => onNativeDragOver(event, dropTarget(node))}
        onNativeDrop={(event) => onNativeDrop(event, dropTarget(node))}
      />,
    );
    if (node.kind === "directory" && expanded.has(node.id)) {
      rows.push(creatingRow(shortidOf(node.id), node.depth + 1));
    }
  }

  const menuNode = menu?.node ?? null;
  const menuFolder = menuNode ? dropTarget(menuNode) : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rowsFirst}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <RootDropArea
        canEdit={canEdit}
        fileDropHere={fileDrop === null}
        onContextMenu={(event) => {
          event.preventDefault();
          openMenu(null, event.clientX, event.clientY);
        }}
        onNativeDragOver={(event) => onNativeDragOver(event, null)}
        onNativeDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFileDrop(undefined);
        }}
        onNativeDrop={(event) => onNativeDrop(event, null)}
      >
        <div role="tree" aria-label="Files" className={styles.tree}>
          {rows}
        </div>
        <span id={UNSAVED_ID} hidden>
          Unsaved changes
        </span>
      </RootDropArea>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className={styles.dragPreview}>
            {dragging.kind === "directory" ? <FolderIcon size={14} /> : <FileTypeIcon name={dragging.name} />}
            {dragging.name}
          </div>
        )}
      </DragOverlay>
      <PointerMenu at={menu} onClose={() => setMenu(null)}>
        <MenuContent
          align="start"
          sideOffset={2}
          aria-label="File actions"
          onCloseAutoFocus={(event) => {
            // An inline name field takes the focus; otherwise it goes back to the row.
            event.preventDefault();
            const id = menuNode?.id ?? current?.id;
            setTimeout(() => {
              if (!document.activeElement || document.activeElement === document.body) {
                if (id) items.current.get(id)?.focus();
              }
            }, 0);
          }}
        >
          {menuNode?.kind === "file" && <MenuItem onSelect={() => actions.onOpen(menuNode)}>Open</MenuItem>}
          {canEdit && (
            <>
              <MenuItem onSelect={() => actions.onNew("file", menuFolder)}>New file</MenuItem>
              <MenuItem onSelect={() => actions.onNew("directory", menuFolder)}>New folder</MenuItem>
            </>
          )}
          {canEdit && menuNode && (
            <>
              <MenuSeparator />
              <MenuItem onSelect={() => setTimeout(() => setRenaming(menuNode.id), 0)} trailing="F2">
                Rename
              </MenuItem>
              <MenuItem onSelect={() => actions.onMoveDialog(menuNode)}>Move to folder…</MenuItem>
              <MenuItem className={styles.danger} onSelect={() => actions.onDelete(menuNode)} trailing="Del">
                Delete
              </MenuItem>
            </>
          )}
          {!canEdit && !menuNode && <MenuItem disabled>No actions</MenuItem>}
          {menuNode?.kind === "file" && (
            <MenuItem onSelect={() => void navigator.clipboard?.writeText(menuNode.path)}>Copy path</MenuItem>
          )}
        </MenuContent>
      </PointerMenu>
    </DndContext>
  );
}

function RootDropArea({
  children,
  canEdit,
  fileDropHere,
  onContextMenu,
  onNativeDragOver,
  onNativeDragLeave,
  onNativeDrop,
}: {
  children: ReactNode;
  canEdit: boolean;
  fileDropHere: boolean;
  onContextMenu: (event: MouseEvent) => void;
  onNativeDragOver: (event: DragEvent) => void;
  onNativeDragLeave: (event: DragEvent<HTMLDivElement>) => void;
  onNativeDrop: (event: DragEvent) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: ROOT, data: { target: null }, disabled: !canEdit });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the tree's background takes drops and its menu; the rows are the controls.
    <div
      ref={setNodeRef}
      className={[styles.root, (isOver || fileDropHere) && styles.dropRoot].filter(Boolean).join(" ")}
      onContextMenu={onContextMenu}
      onDragOver={onNativeDragOver}
      onDragLeave={onNativeDragLeave}
      onDrop={onNativeDrop}
    >
      {children}
    </div>
  );
}

function TreeRow({
  node,
  selected,
  tabbable,
  expanded,
  dirty,
  renaming,
  canEdit,
  fileDropHere,
  register,
  onClick,
  onKeyDown,
  onContextMenu,
  onRenameDone,
  onNativeDragOver,
  onNativeDrop,
}: {
  node: TreeNode;
  selected: boolean;
  tabbable: boolean;
  expanded: boolean | undefined;
  dirty: boolean;
  renaming: boolean;
  canEdit: boolean;
  fileDropHere: boolean;
  register: (element: HTMLElement | null) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onContextMenu: (event: MouseEvent) => void;
  onRenameDone: (name: string | null) => void;
  onNativeDragOver: (event: DragEvent) => void;
  onNativeDrop: (event: DragEvent) => void;
}) {
  const draggable = useDraggable({ id: node.id, data: { node }, disabled: !canEdit || renaming });
  const droppable = useDroppable({
    id: `drop:${node.id}`,
    data: { target: dropTarget(node) },
    disabled: !canEdit,
  });
  const isDirectory = node.kind === "directory";
  const dropHere = fileDropHere || (droppable.isOver && isDirectory && draggable.active?.id !== node.id);
  return (
    <div
      ref={(element) => {
        draggable.setNodeRef(element);
        droppable.setNodeRef(element);
        register(element);
      }}
      {...(renaming ? {} : draggable.listeners)}
      role="treeitem"
      aria-level={node.depth + 1}
      aria-expanded={expanded}
      aria-selected={isDirectory ? undefined : selected}
      aria-describedby={dirty ? UNSAVED_ID : undefined}
      tabIndex={tabbable ? 0 : -1}
      title={node.path}
      className={[
        styles.item,
        selected && styles.selected,
        dropHere && styles.dropInto,
        draggable.isDragging && styles.dragging,
      ]
        .filter(Boolean)
        .join(" ")}
      style={{ paddingLeft: 8 + node.depth * 14 }}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
      onDragOver={onNativeDragOver}
      onDrop={onNativeDrop}
    >
      {isDirectory ? (
        <>
          <ChevronRightIcon
            size={12}
            className={[styles.chevron, expanded && styles.open].filter(Boolean).join(" ")}
          />
          <FolderIcon size={14} className={styles.folderIcon} />
        </>
      ) : (
        <>
          <span className={styles.spacer} />
          <FileTypeIcon name={node.name} />
        </>
      )}
      {renaming ? (
        <InlineInput
          label={`Rename ${node.name}`}
          initial={node.name}
          className={styles.input}
          onCommit={(name) => onRenameDone(name.trim() === "" ? null : name)}
          onCancel={() => onRenameDone(null)}
        />
      ) : (
        <span className={styles.name}>{node.name}</span>
      )}
      {dirty && <span className={styles.dirty} aria-hidden="true" />}
    </div>
  );
}
