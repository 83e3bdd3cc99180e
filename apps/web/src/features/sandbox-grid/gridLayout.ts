import { GRID } from "@boxyard/domain";
import type { GridItem, GridSection } from "./gridItems.ts";
import type { ViewMode } from "./viewMode.ts";

/** A virtualised row: a section header, or up to `columns` items starting at flat index `start`. */
export type Row = { type: "header"; title: string } | { type: "items"; items: GridItem[]; start: number };

export const HEADER_HEIGHT = 40;

/** The grid's rows: each section's header, then its items cut into rows of `columns`. */
export function buildRows(sections: readonly GridSection[], columns: number): Row[] {
  const rows: Row[] = [];
  let start = 0;
  for (const section of sections) {
    if (section.title && section.items.length > 0) rows.push({ type: "header", title: section.title });
    for (let i = 0; i < section.items.length; i += columns) {
      rows.push({ type: "items", items: section.items.slice(i, i + columns), start: start + i });
    }
    start += section.items.length;
  }
  return rows;
}

/** A row's height: cards are 154 px with a 16 px gap below, list rows 64 px (spec 1 §9). */
export function rowHeight(row: Row | undefined, viewMode: ViewMode): number {
  if (row?.type === "header") return HEADER_HEIGHT;
  return viewMode === "grid" ? GRID.cardHeight + GRID.gap : GRID.rowHeight;
}

/** The height of the item itself inside its row (without the gap). */
export function itemHeight(viewMode: ViewMode): number {
  return viewMode === "grid" ? GRID.cardHeight : GRID.rowHeight;
}

/** The row of every flat index (-1 for none): keyboard moves and scrolling look it up. */
export function rowOfItems(rows: readonly Row[], count: number): Int32Array {
  const rowOf = new Int32Array(count).fill(-1);
  rows.forEach((row, index) => {
    if (row.type !== "items") return;
    for (let i = 0; i < row.items.length; i++) rowOf[row.start + i] = index;
  });
  return rowOf;
}

/** The item in the same column of the next (or previous) row of items; the last one when shorter. */
export function verticalNeighbour(
  rows: readonly Row[],
  rowOf: Int32Array,
  index: number,
  direction: 1 | -1,
): number {
  const current = rows[rowOf[index] ?? -1];
  if (current?.type !== "items") return index;
  const column = index - current.start;
  for (let r = (rowOf[index] ?? 0) + direction; r >= 0 && r < rows.length; r += direction) {
    const row = rows[r];
    if (row?.type !== "items") continue;
    return row.start + Math.min(column, row.items.length - 1);
  }
  return index;
}

export type GridGeometry = {
  rows: readonly Row[];
  viewMode: ViewMode;
  columns: number;
  /** The list's width in px. */
  width: number;
};

export type Rect = { left: number; top: number; right: number; bottom: number };

/**
 * The flat indices of the items a rectangle (in list coordinates: 0,0 is the list's top left)
 * touches, worked out from the layout alone: items scrolled out of the virtual window count too.
 */
export function itemsInRect({ rows, viewMode, columns, width }: GridGeometry, rect: Rect): number[] {
  const hits: number[] = [];
  const gap = viewMode === "grid" ? GRID.gap : 0;
  const cellWidth = columns > 0 ? (width - gap * (columns - 1)) / columns : width;
  const height = itemHeight(viewMode);
  let top = 0;
  for (const row of rows) {
    const rowTop = top;
    top += rowHeight(row, viewMode);
    if (rowTop > rect.bottom) break;
    if (row.type !== "items" || rowTop + height < rect.top) continue;
    row.items.forEach((item, column) => {
      if (item.kind === "new-folder") return;
      const left = column * (cellWidth + gap);
      if (left <= rect.right && left + cellWidth >= rect.left) hits.push(row.start + column);
    });
  }
  return hits;
}

/** The rectangle spanned by two points, whichever way it was dragged. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  };
}
