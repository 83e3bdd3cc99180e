import { describe, expect, it } from "vitest";
import { BatchLoader, MAX_BATCH_SIZE } from "./loader.ts";

/** A loader over squares of numbers below 10,000 that records the key lists it was called with. */
function squares() {
  const calls: number[][] = [];
  const loader = new BatchLoader<number, number | null>(async (keys) => {
    calls.push([...keys]);
    return new Map(keys.filter((k) => k < 10_000).map((k) => [k, k * k]));
  }, null);
  return { loader, calls };
}

describe("BatchLoader", () => {
  it("loads the keys asked for in one tick with one call, each key once, the fallback for keys the batch leaves out", async () => {
    const { loader, calls } = squares();
    const values = await Promise.all([loader.load(3), loader.load(4), loader.load(3), loader.load(20_000)]);
    expect(values).toEqual([9, 16, 9, null]);
    expect(calls).toEqual([[3, 4, 20_000]]);
    expect(await loader.load(4)).toBe(16);
    expect(calls).toHaveLength(1);
  });

  it(`splits a big batch into calls of at most ${MAX_BATCH_SIZE} keys (bounded SQL IN lists)`, async () => {
    const { loader, calls } = squares();
    const keys = Array.from({ length: 2500 }, (_, i) => i);
    const values = await Promise.all(keys.map((k) => loader.load(k)));
    expect(values[2499]).toBe(2499 * 2499);
    expect(calls.map((c) => c.length)).toEqual([1000, 1000, 500]);
    expect(calls.flat()).toEqual(keys);
  });

  it("peek answers only values already loaded or primed; prime does not replace a loaded value", async () => {
    const { loader, calls } = squares();
    expect(loader.peek(5)).toBeUndefined();
    await loader.load(5);
    expect(loader.peek(5)).toEqual({ value: 25 });
    loader.prime(6, 1);
    expect(loader.peek(6)).toEqual({ value: 1 });
    expect(await loader.load(6)).toBe(1);
    loader.prime(5, 0);
    expect(loader.peek(5)).toEqual({ value: 25 });
    expect(await loader.load(5)).toBe(25);
    expect(calls).toEqual([[5]]);
  });

  it("a failing batch rejects every key of it", async () => {
    const loader = new BatchLoader<string, string>(async () => {
      throw new Error("database down");
    }, "");
    await expect(Promise.all([loader.load("a"), loader.load("b")])).rejects.toThrow("database down");
  });
});
