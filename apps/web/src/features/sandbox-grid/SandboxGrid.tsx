import { GRID, gridColumns } from "@boxyard/domain";
import { useQueryClient } from "@tanstack/react-query";
import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { dragEnabled, planDrop } from "../dashboard-dnd/dropRules.ts";
import { performDrop } from "../dashboard-dnd/performDrop.ts";
import { folderUrl } from "../folder-tree/folderTreeModel.ts";
import { openBranchPage } from "../repositories/openBranchPage.ts";
import { type ListPage, openSandbox } from "../sandbox-actions/actions.ts";
import { useActiveWorkspace } from "../workspace/ActiveWorkspaceProvider.tsx";
import { GridContextMenu, type MenuState } from "./GridContextMenu.tsx";
import { GridRow } from "./GridRow.tsx";
import { type GridSection, isDraggable, isSelectable, itemDomId, type SelectableItem } from "./gridItems.ts";
import { gridCommand } from "./gridKeyboard.ts";
import { buildRows, itemsInRect, rowHeight, rowOfItems } from "./gridLayout.ts";
import { renameItem } from "./renameItem.ts";
import styles from "./SandboxGrid.module.css";
import {
  clearSelection,
  clickSelect,
  EMPTY_SELECTION,
  moveTo,
  pruneSelection,
  rectangleSelect,
  type SelectionState,
  selectAll,
  selectedItems,
} from "./selection.ts";
import { dragItemOf, useGridDrag } from "./useGridDrag.ts";
import { useGridMeasure } from "./useGridMeasure.ts";
import { useRectangleSelection } from "./useRectangleSelection.ts";
import { useRowDetail } from "./useRowDetail.ts";
import type { ViewMode } from "./viewMode.ts";

/** Used until the browser has measured (and in test DOMs, which measure nothing). */
const FALLBACK_RECT = { width: 1024, height: 800 };

/**
 * The virtualised grid or list of a dashboard page (spec 1 §2, §9): selection by click, shift-,
 * ctrl- and meta-click, the keyboard and a rectangle dragged from empty space; a context menu;
 * drag and drop of the selection onto folders and the sidebar (spec 1 §5).
 */
export function SandboxGrid({
  sections,
  viewMode,
  page,
  label,
  onCreateFolder,
  onCancelNewFolder,
}: {
  sections: GridSection[];
  viewMode: ViewMode;
  page: ListPage;
  label: string;
  /** The inline 'new folder' row: called with the typed name (blank names create nothing). */
  onCreateFolder?: (name: string) => void;
  onCancelNewFolder?: () => void;
}) {
  const { role, frozen, activeWorkspace } = useActiveWorkspace();
  const teamId = activeWorkspace?.id ?? null;
  const editor = role !== "READ";
  const canDrag = dragEnabled({ page, role, frozen });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const listRef = useRef<HTMLDivElement>(null);
  const rectangleRef = useRef<HTMLDivElement>(null);
  const { scrollerRef, width, scrollMargin } = useGridMeasure(listRef);

  /* Layout ---------------------------------------------------------------------------------- */
  const columns = viewMode === "list" ? 1 : gridColumns(width || FALLBACK_RECT.width);
  const flat = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const rows = useMemo(() => buildRows(sections, columns), [sections, columns]);
  const rowOf = useMemo(() => rowOfItems(rows, flat.length), [rows, flat.length]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (index) => rowHeight(rows[index], viewMode),
    overscan: GRID.overscanRows,
    scrollMargin,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(
          rect.height > 0 ? rect : { width: rect.width || FALLBACK_RECT.width, height: FALLBACK_RECT.height },
        ),
      ),
  });

  const detailed = useRowDetail(virtualizer);

  // Row sizes change with the view mode and the column count.
  useEffect(() => {
    if (viewMode && columns > 0) virtualizer.measure();
  }, [virtualizer, viewMode, columns]);

  /* Selection: items that went away (moved, deleted) leave it -------------------------------- */
  const [rawSelection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const selection = useMemo(() => pruneSelection(rawSelection, flat), [rawSelection, flat]);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [menu, setMenu] = useState<MenuState>(null);
  const drag = useGridDrag(canDrag);

  const focusList = () => listRef.current?.focus({ preventScroll: true });
  const itemAt = (index: number) => {
    const item = flat[index];
    return isSelectable(item) ? item : null;
  };
  const indexOfElement = (target: EventTarget | null) => {
    const element = (target as HTMLElement | null)?.closest?.<HTMLElement>("[data-index]");
    return element && listRef.current?.contains(element)
      ? { element, index: Number(element.dataset.index) }
      : null;
  };
  const scrollToItem = (index: number) => {
    const row = rowOf[index] ?? -1;
    if (row >= 0) virtualizer.scrollToIndex(row, { align: "auto" });
  };

  const open = (item: SelectableItem, newTab = false) => {
    if (item.kind === "folder") navigate(folderUrl(item.folder.path));
    else if (item.kind === "branch") openBranchPage(item.branch, navigate, newTab);
    else openSandbox(item.sandbox, newTab);
  };

  /** Delete and Backspace do what a drop on Recently deleted does, for the editor's own items. */
  const trash = (items: SelectableItem[]) => {
    if (!editor || page === "DELETED" || !teamId) return;
    const own = items
      .filter(isDraggable)
      .filter((item) => item.kind === "folder" || item.sandbox.teamId === teamId);
    const plan = planDrop(own.map(dragItemOf), "DELETED", role, "Recently deleted");
    if (plan) void performDrop(queryClient, teamId, plan);
  };

  const openMenu = (at: { x: number; y: number }, index: number) => {
    const item = itemAt(index);
    if (!item) return;
    let current = selection;
    if (!selection.keys.has(item.key)) {
      current = clickSelect(selection, flat, index, { shiftKey: false, ctrlKey: false, metaKey: false });
      setSelection(current);
    } else {
      current = { ...selection, focus: index };
      setSelection(current);
    }
    setMenu({ ...at, items: selectedItems(current, flat).filter(isSelectable) });
  };

  /* Rectangle selection ---------------------------------------------------------------------- */
  const rectangleBase = useRef<ReadonlySet<string> | null>(null);
  const startRectangle = useRectangleSelection({
    listRef,
    scrollerRef,
    rectangleRef,
    onStart: (additive) => {
      focusList();
      rectangleBase.current = additive ? selection.keys : null;
    },
    onSelect: (rect) =>
      setSelection((current) =>
        rectangleSelect(
          pruneSelection(current, flat),
          flat,
          itemsInRect({ rows, viewMode, columns, width: width || FALLBACK_RECT.width }, rect),
          rectangleBase.current,
        ),
      ),
    onClick: () => {
      focusList();
      setSelection((current) => clearSelection(current));
    },
  });

  /* Pointer: items drag the selection, empty space draws a rectangle ------------------------- */
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, button, a, [data-action]")) return;
    const hit = indexOfElement(target);
    if (!hit) {
      if (event.button === 0) startRectangle(event);
      return;
    }
    const item = itemAt(hit.index);
    if (!item || event.button !== 0) return;
    const modifiers = event.shiftKey || event.ctrlKey || event.metaKey;
    let current = selection;
    if (!modifiers && !selection.keys.has(item.key)) {
      current = clickSelect(selection, flat, hit.index, { shiftKey: false, ctrlKey: false, metaKey: false });
      setSelection(current);
    }
    if (canDrag && !modifiers) {
      const items = current.keys.has(item.key) ? selectedItems(current, flat).filter(isSelectable) : [item];
      drag.start(event, hit.element, items);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const hit = indexOfElement(target);
    if (!hit) return;
    if (target.closest("[data-action=more]")) {
      const rect = (target.closest("[data-action=more]") as HTMLElement).getBoundingClientRect();
      openMenu({ x: rect.right, y: rect.bottom }, hit.index);
      return;
    }
    if (target.closest("input")) return;
    focusList();
    setSelection(clickSelect(selection, flat, hit.index, event));
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, button, [data-action]")) return;
    const hit = indexOfElement(target);
    const item = hit ? itemAt(hit.index) : null;
    if (item) open(item);
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hit = indexOfElement(event.target);
    if (!hit || !itemAt(hit.index)) return;
    event.preventDefault();
    openMenu({ x: event.clientX, y: event.clientY }, hit.index);
  };

  /* Keyboard -------------------------------------------------------------------------------- */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // While the keyboard moves the selection, its keys belong to the drag.
    if (event.target !== listRef.current || drag.isDragging) return;
    const command = gridCommand(event, { rows, rowOf, focus: selection.focus, count: flat.length });
    if (!command) return;
    const focused = itemAt(Math.min(Math.max(0, selection.focus), flat.length - 1));
    switch (command.type) {
      case "move":
        setSelection(moveTo(selection, flat, command.index, command));
        scrollToItem(command.index);
        break;
      case "open":
        if (focused) open(focused, command.newTab);
        break;
      case "clear":
        setSelection(clearSelection(selection));
        break;
      case "select-all":
        setSelection(selectAll(selection, flat));
        break;
      case "trash":
        trash(selectedItems(selection, flat).filter(isSelectable));
        break;
      case "rename":
        if (
          editor &&
          focused &&
          focused.kind !== "branch" &&
          page !== "DELETED" &&
          !(focused.kind === "folder" && frozen)
        ) {
          setRenaming(focused.key);
        }
        break;
      case "drag": {
        if (!canDrag || !focused) return;
        const current = selection.keys.has(focused.key)
          ? selection
          : moveTo(selection, flat, selection.focus, { extend: false, focusOnly: false });
        setSelection(current);
        scrollToItem(selection.focus);
        const node = document.getElementById(itemDomId(focused.key)) ?? listRef.current;
        if (!node) return;
        drag.start(event, node, selectedItems(current, flat).filter(isSelectable));
        break;
      }
      case "menu": {
        const node = document.getElementById(itemDomId(focused?.key ?? ""));
        const rect = (node ?? listRef.current ?? event.currentTarget).getBoundingClientRect();
        openMenu({ x: rect.left + 16, y: rect.top + 16 }, selection.focus);
        break;
      }
    }
    event.preventDefault();
  };

  /* Renaming: stable callbacks, so memoised items do not re-render ---------------------------- */
  const latest = useRef({ teamId, queryClient });
  latest.current = { teamId, queryClient };
  const commitRename = useCallback((item: SelectableItem, value: string) => {
    setRenaming(null);
    listRef.current?.focus({ preventScroll: true });
    const { teamId, queryClient } = latest.current;
    if (teamId) renameItem(queryClient, teamId, item, value);
  }, []);
  const cancelRename = useCallback(() => {
    setRenaming(null);
    listRef.current?.focus({ preventScroll: true });
  }, []);

  const focusedItem = selection.focus >= 0 ? flat[selection.focus] : undefined;
  const showMore = page === "DELETED" ? editor : true;

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the empty space around the list starts the selection rectangle; the listbox inside takes the keyboard. */}
      <div
        className={styles.area}
        onPointerDown={onPointerDown}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
      >
        <div
          ref={listRef}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          aria-activedescendant={focusedItem ? itemDomId(focusedItem.key) : undefined}
          aria-describedby={drag.describedBy}
          tabIndex={0}
          data-dragging={drag.isDragging || undefined}
          className={[styles.viewport, viewMode === "list" ? styles.listMode : styles.gridMode].join(" ")}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((virtualRow) => {
            const row = rows[virtualRow.index];
            return row ? (
              <GridRow
                key={virtualRow.key}
                row={row}
                top={virtualRow.start - virtualizer.options.scrollMargin}
                columns={columns}
                viewMode={viewMode}
                placeholders={!detailed(virtualRow.index)}
                selection={selection}
                renaming={renaming}
                showMore={showMore}
                foldersDroppable={canDrag}
                onRename={commitRename}
                onCancelRename={cancelRename}
                onCreateFolder={onCreateFolder}
                onCancelNewFolder={onCancelNewFolder}
              />
            ) : null;
          })}
          <div ref={rectangleRef} className={styles.rectangle} aria-hidden="true" />
        </div>
      </div>

      <GridContextMenu
        menu={menu}
        page={page}
        onClose={() => setMenu(null)}
        onOpen={(item) => open(item)}
        onRename={(item) => setRenaming(item.key)}
        onFocusBack={focusList}
      />
    </>
  );
}
