import { describe, expect, it } from "vitest";
import { type GridItem, sandboxItem } from "./gridItems.ts";
import { gridCommand, type KeyPress } from "./gridKeyboard.ts";
import { buildRows, rowOfItems } from "./gridLayout.ts";
import { dashboardSandbox } from "./testing.tsx";

const items: GridItem[] = Array.from({ length: 7 }, (_, i) => sandboxItem(dashboardSandbox(`s${i}`)));
const rows = buildRows([{ items }], 3);
const context = (focus: number) => ({
  rows,
  rowOf: rowOfItems(rows, items.length),
  focus,
  count: items.length,
});
const key = (k: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe("grid keyboard", () => {
  it("S1-2.059 / arrows move in the grid's geometry; the first press lands on the first item", () => {
    expect(gridCommand(key("ArrowDown"), context(-1))).toMatchObject({ type: "move", index: 0 });
    expect(gridCommand(key("ArrowRight"), context(2))).toMatchObject({ type: "move", index: 3 });
    expect(gridCommand(key("ArrowDown"), context(1))).toMatchObject({ type: "move", index: 4 });
    expect(gridCommand(key("ArrowDown"), context(5))).toMatchObject({ type: "move", index: 6 });
    expect(gridCommand(key("ArrowUp"), context(4))).toMatchObject({ type: "move", index: 1 });
    expect(gridCommand(key("ArrowLeft"), context(0))).toMatchObject({ type: "move", index: 0 });
    expect(gridCommand(key("End"), context(0))).toMatchObject({ type: "move", index: 6 });
    expect(gridCommand(key("Home"), context(5))).toMatchObject({ type: "move", index: 0 });
  });

  it("S1-2.059 / shift+arrows extend the selection, ctrl or meta+arrows move the focus only", () => {
    expect(gridCommand(key("ArrowRight", { shiftKey: true }), context(1))).toEqual({
      type: "move",
      index: 2,
      extend: true,
      focusOnly: false,
    });
    expect(gridCommand(key("ArrowDown", { metaKey: true }), context(1))).toEqual({
      type: "move",
      index: 4,
      extend: false,
      focusOnly: true,
    });
  });

  it("S1-2.059 / Enter opens, Escape clears, ctrl/meta+A selects all, Delete and Backspace delete", () => {
    expect(gridCommand(key("Enter"), context(1))).toEqual({ type: "open", newTab: false });
    expect(gridCommand(key("Enter", { ctrlKey: true }), context(1))).toEqual({ type: "open", newTab: true });
    expect(gridCommand(key("Enter"), context(-1))).toBeNull();
    expect(gridCommand(key("Escape"), context(1))).toEqual({ type: "clear" });
    expect(gridCommand(key("a", { ctrlKey: true }), context(1))).toEqual({ type: "select-all" });
    expect(gridCommand(key("a", { metaKey: true }), context(1))).toEqual({ type: "select-all" });
    expect(gridCommand(key("a"), context(1))).toBeNull();
    expect(gridCommand(key("Delete"), context(1))).toEqual({ type: "trash" });
    expect(gridCommand(key("Backspace"), context(1))).toEqual({ type: "trash" });
  });

  it("S1-4.035 / Space picks the selection up to move it; the context-menu key and shift+F10 open the menu", () => {
    expect(gridCommand(key(" "), context(2))).toEqual({ type: "drag" });
    expect(gridCommand(key(" "), context(-1))).toBeNull();
    expect(gridCommand(key("ContextMenu"), context(2))).toEqual({ type: "menu" });
    expect(gridCommand(key("F10", { shiftKey: true }), context(2))).toEqual({ type: "menu" });
    expect(gridCommand(key("F10"), context(2))).toBeNull();
    expect(gridCommand(key("F2"), context(2))).toEqual({ type: "rename" });
  });

  it("an empty grid ignores keys", () => {
    expect(
      gridCommand(key("ArrowDown"), { rows: [], rowOf: new Int32Array(), focus: -1, count: 0 }),
    ).toBeNull();
  });
});
