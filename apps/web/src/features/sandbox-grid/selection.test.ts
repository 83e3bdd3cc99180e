import { describe, expect, it } from "vitest";
import { folderItem, type GridItem, NEW_FOLDER_ITEM, sandboxItem } from "./gridItems.ts";
import {
  clearSelection,
  clickSelect,
  EMPTY_SELECTION,
  moveTo,
  pruneSelection,
  rectangleSelect,
  selectAll,
  selectedItems,
} from "./selection.ts";
import { dashboardSandbox } from "./testing.tsx";

const ITEMS: GridItem[] = [
  NEW_FOLDER_ITEM,
  folderItem({ id: "f", path: "/f" }),
  ...["a", "b", "c", "d"].map((id) => sandboxItem(dashboardSandbox(id))),
];
const none = { shiftKey: false, ctrlKey: false, metaKey: false };
const keys = (state: { keys: ReadonlySet<string> }) => [...state.keys].sort();

describe("selection", () => {
  it("S1-2.059 / a click selects one item, shift-click the range from the anchor, ctrl or meta toggles", () => {
    let state = clickSelect(EMPTY_SELECTION, ITEMS, 2, none);
    expect(keys(state)).toEqual(["sandbox:a"]);
    state = clickSelect(state, ITEMS, 4, { ...none, shiftKey: true });
    expect(keys(state)).toEqual(["sandbox:a", "sandbox:b", "sandbox:c"]);
    // The anchor stays: shift-click the other way.
    state = clickSelect(state, ITEMS, 1, { ...none, shiftKey: true });
    expect(keys(state)).toEqual(["folder:/f", "sandbox:a"]);
    state = clickSelect(state, ITEMS, 5, { ...none, ctrlKey: true });
    expect(keys(state)).toEqual(["folder:/f", "sandbox:a", "sandbox:d"]);
    state = clickSelect(state, ITEMS, 1, { ...none, metaKey: true });
    expect(keys(state)).toEqual(["sandbox:a", "sandbox:d"]);
    // The inline 'new folder' row cannot be selected, nor is it in a range.
    expect(clickSelect(state, ITEMS, 0, none)).toBe(state);
    expect(keys(clickSelect(state, ITEMS, 0, { ...none, shiftKey: true }))).toEqual(keys(state));
  });

  it("S1-2.059 / keyboard moves select, shift extends from the anchor, ctrl moves the focus only", () => {
    let state = moveTo(EMPTY_SELECTION, ITEMS, 2, { extend: false, focusOnly: false });
    expect([keys(state), state.focus]).toEqual([["sandbox:a"], 2]);
    state = moveTo(state, ITEMS, 3, { extend: true, focusOnly: false });
    state = moveTo(state, ITEMS, 4, { extend: true, focusOnly: false });
    expect(keys(state)).toEqual(["sandbox:a", "sandbox:b", "sandbox:c"]);
    state = moveTo(state, ITEMS, 5, { extend: false, focusOnly: true });
    expect([keys(state), state.focus]).toEqual([["sandbox:a", "sandbox:b", "sandbox:c"], 5]);
  });

  it("S1-2.059 / ctrl+A selects every item, Escape clears", () => {
    const all = selectAll(EMPTY_SELECTION, ITEMS);
    expect(keys(all)).toEqual(["folder:/f", "sandbox:a", "sandbox:b", "sandbox:c", "sandbox:d"]);
    expect(selectedItems(all, ITEMS).map((item) => item.key)[0]).toBe("folder:/f");
    expect(keys(clearSelection(all))).toEqual([]);
    expect(clearSelection(EMPTY_SELECTION)).toBe(EMPTY_SELECTION);
  });

  it("S1-9.012 / the rectangle replaces the selection, or adds to it when it started with a modifier", () => {
    const before = clickSelect(EMPTY_SELECTION, ITEMS, 5, none);
    expect(keys(rectangleSelect(before, ITEMS, [2, 3], null))).toEqual(["sandbox:a", "sandbox:b"]);
    expect(keys(rectangleSelect(before, ITEMS, [2, 3], before.keys))).toEqual([
      "sandbox:a",
      "sandbox:b",
      "sandbox:d",
    ]);
    // Unchanged: the same state, so nothing re-renders.
    const same = rectangleSelect(before, ITEMS, [5], null);
    expect(rectangleSelect(same, ITEMS, [5], null)).toBe(same);
  });

  it("S1-4.004 / items that went away (moved, deleted) leave the selection", () => {
    const state = selectAll(EMPTY_SELECTION, ITEMS);
    const pruned = pruneSelection(state, ITEMS.slice(0, 3));
    expect(keys(pruned)).toEqual(["folder:/f", "sandbox:a"]);
    expect(pruneSelection(pruned, ITEMS.slice(0, 3))).toBe(pruned);
  });
});
