import { GRID } from "@boxyard/domain";
import type { CSSProperties } from "react";
import type { SelectableItem } from "./gridItems.ts";
import { type Row, rowHeight } from "./gridLayout.ts";
import { ItemPlaceholder, ItemView } from "./ItemView.tsx";
import { NewFolderItem } from "./NewFolderItem.tsx";
import styles from "./SandboxGrid.module.css";
import type { SelectionState } from "./selection.ts";
import type { ViewMode } from "./viewMode.ts";

/** One virtual row of the grid: a section header, or its row of cards (one list row in the list). */
export function GridRow({
  row,
  top,
  columns,
  viewMode,
  placeholders,
  selection,
  renaming,
  showMore,
  foldersDroppable,
  onRename,
  onCancelRename,
  onCreateFolder,
  onCancelNewFolder,
}: {
  row: Row;
  /** The row's offset from the top of the list. */
  top: number;
  columns: number;
  viewMode: ViewMode;
  /** Placeholders of the items, while the list scrolls too fast to build them (useRowDetail). */
  placeholders: boolean;
  selection: SelectionState;
  renaming: string | null;
  showMore: boolean;
  foldersDroppable: boolean;
  onRename: (item: SelectableItem, value: string) => void;
  onCancelRename: () => void;
  onCreateFolder?: (name: string) => void;
  onCancelNewFolder?: () => void;
}) {
  const style: CSSProperties = { transform: `translateY(${top}px)` };
  if (row.type === "header") {
    return (
      // A listbox holds options only (axe-core aria-required-children): the section's title is for
      // the eye, and the options keep their own names.
      <div
        className={styles.sectionHeader}
        style={{ ...style, height: rowHeight(row, viewMode) }}
        aria-hidden="true"
      >
        <h2>{row.title}</h2>
      </div>
    );
  }
  // A row being named keeps its input whatever the scrolling.
  const shell =
    placeholders && !row.items.some((item) => item.kind === "new-folder" || item.key === renaming);
  return (
    <div
      role="presentation"
      className={styles.row}
      style={{
        ...style,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        height: viewMode === "grid" ? GRID.cardHeight : GRID.rowHeight,
      }}
    >
      {row.items.map((item, offset) => {
        const index = row.start + offset;
        if (shell && item.kind !== "new-folder") {
          return (
            <ItemPlaceholder
              key={item.key}
              item={item}
              index={index}
              viewMode={viewMode}
              selected={selection.keys.has(item.key)}
            />
          );
        }
        if (item.kind === "new-folder") {
          return (
            <NewFolderItem
              key={item.key}
              viewMode={viewMode}
              onCommit={(name) => onCreateFolder?.(name)}
              onCancel={() => onCancelNewFolder?.()}
            />
          );
        }
        return (
          <ItemView
            key={item.key}
            item={item}
            index={index}
            viewMode={viewMode}
            selected={selection.keys.has(item.key)}
            focused={selection.focus === index}
            renaming={renaming === item.key}
            showMore={showMore}
            droppable={foldersDroppable && item.kind === "folder"}
            onRename={onRename}
            onCancelRename={onCancelRename}
          />
        );
      })}
    </div>
  );
}
