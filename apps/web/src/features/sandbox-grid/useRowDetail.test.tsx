import type { Virtualizer } from "@tanstack/react-virtual";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRowDetail } from "./useRowDetail.ts";

const ROW = 170;

/** The part of a virtualizer the hook reads: rows `from`..`to` in view, scrolled to `offset`. */
function view(from: number, to: number, scrolling: boolean, offset = from * ROW) {
  const items = Array.from({ length: to - from + 1 }, (_, i) => ({
    index: from + i,
    key: from + i,
    start: (from + i) * ROW,
    end: (from + i + 1) * ROW,
    size: ROW,
    lane: 0,
  }));
  return {
    isScrolling: scrolling,
    getVirtualItems: () => items,
    scrollOffset: offset,
    scrollRect: { width: 1200, height: 3 * ROW },
  } as unknown as Virtualizer<HTMLElement, Element>;
}

const shownOf = (detailed: (row: number) => boolean, rows: number[]) => rows.filter(detailed);

describe("rows shown in full while the grid scrolls", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame"] }));
  afterEach(() => vi.useRealTimers());

  it("at rest every row is shown; rows scrolled into view fill in one a frame, nearest the middle first", () => {
    const { result, rerender } = renderHook(({ v }) => useRowDetail(v), {
      initialProps: { v: view(0, 4, false) },
    });
    expect(shownOf(result.current, [0, 1, 2, 3, 4])).toEqual([0, 1, 2, 3, 4]);

    // A fling: rows 6 to 12 come into view at once (the middle of the view is row 9's).
    rerender({ v: view(6, 12, true, 8 * ROW) });
    expect(shownOf(result.current, [6, 7, 8, 9, 10, 11, 12])).toEqual([]);
    act(() => vi.advanceTimersToNextFrame());
    expect(shownOf(result.current, [6, 7, 8, 9, 10, 11, 12])).toEqual([9]);
    act(() => vi.advanceTimersToNextFrame());
    expect(shownOf(result.current, [6, 7, 8, 9, 10, 11, 12])).toHaveLength(2);
    act(() => vi.advanceTimersToNextFrame());
    expect(shownOf(result.current, [6, 7, 8, 9, 10, 11, 12])).toEqual([8, 9, 10]);

    // At rest again, everything in view is shown.
    rerender({ v: view(6, 12, false, 8 * ROW) });
    expect(shownOf(result.current, [6, 7, 8, 9, 10, 11, 12])).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it("rows already shown stay shown when scrolling starts; only the new ones wait", () => {
    const { result, rerender } = renderHook(({ v }) => useRowDetail(v), {
      initialProps: { v: view(0, 4, false) },
    });
    rerender({ v: view(1, 5, true) });
    expect(shownOf(result.current, [1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4]);
    act(() => vi.advanceTimersToNextFrame());
    expect(shownOf(result.current, [1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
  });
});
