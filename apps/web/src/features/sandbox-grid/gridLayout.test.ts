import { GRID } from "@boxyard/domain";
import { describe, expect, it } from "vitest";
import { type GridItem, NEW_FOLDER_ITEM, sandboxItem } from "./gridItems.ts";
import {
  buildRows,
  HEADER_HEIGHT,
  itemsInRect,
  rectBetween,
  rowHeight,
  rowOfItems,
  verticalNeighbour,
} from "./gridLayout.ts";
import { dashboardSandbox } from "./testing.tsx";

const items = (prefix: string, n: number): GridItem[] =>
  Array.from({ length: n }, (_, i) => sandboxItem(dashboardSandbox(`${prefix}${i}`)));

describe("grid layout", () => {
  it("S1-9.002 / rows hold up to `columns` items; each section starts a new row under its header", () => {
    const rows = buildRows(
      [
        { title: "This week", items: items("a", 5) },
        { title: "Earlier", items: items("b", 2) },
      ],
      3,
    );
    expect(rows.map((row) => (row.type === "header" ? row.title : row.items.length))).toEqual([
      "This week",
      3,
      2,
      "Earlier",
      2,
    ]);
    expect(rows.flatMap((row) => (row.type === "items" ? [row.start] : []))).toEqual([0, 3, 5]);
    // An empty section shows no header.
    expect(buildRows([{ title: "Empty", items: [] }], 3)).toEqual([]);
  });

  it("S1-9.002 / cards take 154 px plus a 16 px gap, list rows 64 px, headers 40 px", () => {
    const [header, row] = buildRows([{ title: "T", items: items("a", 1) }], 1);
    expect(rowHeight(row, "grid")).toBe(GRID.cardHeight + GRID.gap);
    expect(rowHeight(row, "list")).toBe(GRID.rowHeight);
    expect(rowHeight(header, "grid")).toBe(HEADER_HEIGHT);
  });

  it("S1-2.059 / up and down keep the column, across section headers, clamped to shorter rows", () => {
    const rows = buildRows(
      [
        { title: "A", items: items("a", 5) },
        { title: "B", items: items("b", 2) },
      ],
      3,
    );
    const rowOf = rowOfItems(rows, 7);
    expect(verticalNeighbour(rows, rowOf, 1, 1)).toBe(4);
    expect(verticalNeighbour(rows, rowOf, 2, 1)).toBe(4); // the row below has 2 items
    expect(verticalNeighbour(rows, rowOf, 4, 1)).toBe(6); // into the next section
    expect(verticalNeighbour(rows, rowOf, 5, -1)).toBe(3);
    expect(verticalNeighbour(rows, rowOf, 0, -1)).toBe(0); // nothing above
    expect(verticalNeighbour(rows, rowOf, 6, 1)).toBe(6); // nothing below
  });

  it("S1-9.012 / a rectangle selects from the layout alone, also items far outside the rendered window", () => {
    const rows = buildRows([{ items: [NEW_FOLDER_ITEM, ...items("a", 2999)] }], 3);
    const geometry = { rows, viewMode: "grid" as const, columns: 3, width: 3 * 300 + 2 * GRID.gap };
    const pitch = GRID.cardHeight + GRID.gap;
    // The second and third column of row 500 (far below any virtual window); the gap between
    // rows touches nothing.
    expect(
      itemsInRect(geometry, { left: 320, top: 500 * pitch + 10, right: 900, bottom: 500 * pitch + 20 }),
    ).toEqual([1501, 1502]);
    expect(
      itemsInRect(geometry, { left: 0, top: GRID.cardHeight + 2, right: 900, bottom: GRID.cardHeight + 10 }),
    ).toEqual([]);
    // The inline 'new folder' row is never selected.
    expect(itemsInRect(geometry, rectBetween({ x: 900, y: 10 }, { x: 0, y: 0 }))).toEqual([1, 2]);
  });

  it("S1-9.012 / in the list every row is the full width, 64 px high, below its section header", () => {
    const rows = buildRows([{ title: "This week", items: items("a", 3) }], 1);
    const geometry = { rows, viewMode: "list" as const, columns: 1, width: 800 };
    expect(
      itemsInRect(geometry, { left: 700, top: HEADER_HEIGHT + 70, right: 710, bottom: HEADER_HEIGHT + 120 }),
    ).toEqual([1]);
    expect(itemsInRect(geometry, { left: 0, top: 0, right: 10, bottom: 30 })).toEqual([]);
  });
});
