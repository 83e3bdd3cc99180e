import type { Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useReducer, useRef } from "react";

/**
 * Rows a frame may bring in full while the list scrolls. Building a row of cards (React, then
 * style, layout and paint of its titles, icons and thumbnails) takes some 10 ms on a slow
 * machine; a fling brings several rows each frame, which built at once would hold the page for
 * over 50 ms a frame.
 */
export const ROWS_PER_FRAME = 1;

/**
 * Which rows of a virtual list show their items in full. At rest, all of them. While it scrolls,
 * the rows already shown stay shown, and rows coming into view show placeholders (cards of the
 * same size, without content) until their turn: one row a frame, nearest the middle of the view
 * first. Scrolled at reading speed, a row is shown in full while it is still in the overscan; in
 * a fling, most rows pass as placeholders, and the view fills in as it slows down.
 */
export function useRowDetail<S extends Element>(
  virtualizer: Virtualizer<S, Element>,
): (row: number) => boolean {
  const shown = useRef(new Set<number>());
  const frame = useRef(0);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const scrolling = virtualizer.isScrolling;
  const rows = virtualizer.getVirtualItems();

  useEffect(() => {
    if (!scrolling) {
      shown.current = new Set(rows.map((row) => row.index));
      return;
    }
    if (frame.current !== 0 || rows.every((row) => shown.current.has(row.index))) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const inView = virtualizer.getVirtualItems();
      const kept = new Set(inView.map((row) => row.index));
      for (const index of shown.current) if (!kept.has(index)) shown.current.delete(index);
      const middle = (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? 0) / 2;
      const distance = (row: (typeof inView)[number]) => Math.abs(row.start + row.size / 2 - middle);
      const waiting = inView.filter((row) => !shown.current.has(row.index));
      waiting.sort((a, b) => distance(a) - distance(b));
      for (const row of waiting.slice(0, ROWS_PER_FRAME)) shown.current.add(row.index);
      redraw();
    });
  });
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  return (row) => !scrolling || shown.current.has(row);
}
