import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "./throttle.ts";
import { RECTANGLE_THROTTLE_MS } from "./useRectangleSelection.ts";

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("S1-9.012 / the selection rectangle updates at most every 60 ms, and the last update is never lost", () => {
    const calls: number[] = [];
    const update = throttle((n: number) => calls.push(n), RECTANGLE_THROTTLE_MS);
    update(1); // at once
    update(2);
    update(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(59);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    update(4);
    update.flush();
    expect(calls).toEqual([1, 3, 4]);
    update(5);
    update.cancel();
    vi.advanceTimersByTime(200);
    expect(calls).toEqual([1, 3, 4]);
  });
});
