import { type GridItem, isSelectable } from "./gridItems.ts";

/**
 * The selection of a grid: the selected keys, the anchor a shift-click or shift-arrow extends
 * from, and the focused index (the keyboard's position, -1 before the first move).
 */
export type SelectionState = { keys: ReadonlySet<string>; anchor: number; focus: number };

export const EMPTY_SELECTION: SelectionState = { keys: new Set(), anchor: 0, focus: -1 };

export type Modifiers = { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean };

/** The selectable keys from `from` to `to` (inclusive, either order). */
export function rangeKeys(items: readonly GridItem[], from: number, to: number): string[] {
  const [start, end] = from <= to ? [from, to] : [to, from];
  const keys: string[] = [];
  for (let i = Math.max(0, start); i <= end && i < items.length; i++) {
    const item = items[i];
    if (isSelectable(item)) keys.push(item.key);
  }
  return keys;
}

/** A click: alone selects the item, shift extends from the anchor, ctrl or meta toggles it. */
export function clickSelect(
  state: SelectionState,
  items: readonly GridItem[],
  index: number,
  modifiers: Modifiers,
): SelectionState {
  const item = items[index];
  if (!isSelectable(item)) return state;
  if (modifiers.shiftKey) {
    return { keys: new Set(rangeKeys(items, state.anchor, index)), anchor: state.anchor, focus: index };
  }
  if (modifiers.ctrlKey || modifiers.metaKey) {
    const keys = new Set(state.keys);
    if (keys.has(item.key)) keys.delete(item.key);
    else keys.add(item.key);
    return { keys, anchor: index, focus: index };
  }
  return { keys: new Set([item.key]), anchor: index, focus: index };
}

/**
 * A keyboard move to `index`: selects it alone, or with `extend` (shift) the range from the
 * anchor; with `focusOnly` (ctrl or meta) only the focus moves.
 */
export function moveTo(
  state: SelectionState,
  items: readonly GridItem[],
  index: number,
  { extend, focusOnly }: { extend: boolean; focusOnly: boolean },
): SelectionState {
  const item = items[index];
  if (!isSelectable(item)) return { ...state, focus: index };
  if (focusOnly) return { ...state, focus: index };
  if (extend)
    return { keys: new Set(rangeKeys(items, state.anchor, index)), anchor: state.anchor, focus: index };
  return { keys: new Set([item.key]), anchor: index, focus: index };
}

export function selectAll(state: SelectionState, items: readonly GridItem[]): SelectionState {
  return { ...state, keys: new Set(rangeKeys(items, 0, items.length - 1)) };
}

export function clearSelection(state: SelectionState): SelectionState {
  return state.keys.size === 0 ? state : { ...state, keys: new Set() };
}

/** The rectangle's items, added to what was selected before it started when `base` is given. */
export function rectangleSelect(
  state: SelectionState,
  items: readonly GridItem[],
  indices: readonly number[],
  base: ReadonlySet<string> | null,
): SelectionState {
  const keys = new Set(base ?? []);
  for (const index of indices) {
    const item = items[index];
    if (isSelectable(item)) keys.add(item.key);
  }
  if (keys.size === state.keys.size && [...keys].every((key) => state.keys.has(key))) return state;
  const last = indices.length > 0 ? indices[indices.length - 1]! : state.focus;
  return { keys, anchor: indices[0] ?? state.anchor, focus: last };
}

/** Items that went away (moved, deleted) leave the selection; indices stay inside the list. */
export function pruneSelection(state: SelectionState, items: readonly GridItem[]): SelectionState {
  const present = new Set(items.map((item) => item.key));
  const keys = [...state.keys].filter((key) => present.has(key));
  const focus = Math.min(state.focus, items.length - 1);
  const anchor = Math.min(state.anchor, Math.max(0, items.length - 1));
  if (keys.length === state.keys.size && focus === state.focus && anchor === state.anchor) return state;
  return { keys: keys.length === state.keys.size ? state.keys : new Set(keys), anchor, focus };
}

/** The selected items in list order. */
export function selectedItems(state: SelectionState, items: readonly GridItem[]) {
  return items.filter((item) => isSelectable(item) && state.keys.has(item.key));
}
