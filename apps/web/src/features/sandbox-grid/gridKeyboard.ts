import { type Row, verticalNeighbour } from "./gridLayout.ts";

/** What a key press on the grid asks for. */
export type GridCommand =
  | { type: "move"; index: number; extend: boolean; focusOnly: boolean }
  | { type: "open"; newTab: boolean }
  | { type: "clear" }
  | { type: "select-all" }
  | { type: "trash" }
  | { type: "rename" }
  | { type: "drag" }
  | { type: "menu" };

export type KeyPress = {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
};

/**
 * The grid's keyboard (spec 1 §2 and DESIGN.md 'every action is reachable by keyboard'):
 * arrows move in the grid's (or list's) geometry, shift extends the selection, ctrl or meta
 * moves the focus only; Home and End; Enter opens; Escape clears; ctrl/meta+A selects all;
 * Delete and Backspace move to Recently deleted; F2 renames; Space picks the selection up to
 * move it with the keyboard; the context-menu key or shift+F10 opens the menu.
 */
export function gridCommand(
  press: KeyPress,
  { rows, rowOf, focus, count }: { rows: readonly Row[]; rowOf: Int32Array; focus: number; count: number },
): GridCommand | null {
  if (count === 0 || press.altKey) return null;
  const mod = press.ctrlKey || press.metaKey;
  const current = Math.min(Math.max(0, focus), count - 1);
  const move = (index: number): GridCommand => ({
    type: "move",
    index,
    extend: press.shiftKey,
    focusOnly: mod && !press.shiftKey,
  });
  switch (press.key) {
    case "ArrowRight":
      return move(focus < 0 ? 0 : Math.min(count - 1, current + 1));
    case "ArrowLeft":
      return move(focus < 0 ? 0 : Math.max(0, current - 1));
    case "ArrowDown":
      return move(focus < 0 ? 0 : verticalNeighbour(rows, rowOf, current, 1));
    case "ArrowUp":
      return move(focus < 0 ? 0 : verticalNeighbour(rows, rowOf, current, -1));
    case "Home":
      return move(0);
    case "End":
      return move(count - 1);
    case "Enter":
      return focus < 0 ? null : { type: "open", newTab: mod };
    case "Escape":
      return { type: "clear" };
    case "a":
    case "A":
      return mod ? { type: "select-all" } : null;
    case "Delete":
    case "Backspace":
      return { type: "trash" };
    case "F2":
      return focus < 0 ? null : { type: "rename" };
    case " ":
      return focus < 0 || mod ? null : { type: "drag" };
    case "ContextMenu":
      return focus < 0 ? null : { type: "menu" };
    case "F10":
      return press.shiftKey && focus >= 0 ? { type: "menu" } : null;
    default:
      return null;
  }
}
