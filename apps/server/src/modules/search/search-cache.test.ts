import { describe, expect, it } from "vitest";
import { SearchCache } from "./search-cache.ts";

describe("search answers kept by workspace version", () => {
  it("answers again from memory while the version holds, and computes anew when it changes", async () => {
    const cache = new SearchCache<string>();
    let computed = 0;
    const compute = async () => `answer ${++computed}`;
    expect(await cache.through("k", 1, compute)).toBe("answer 1");
    expect(await cache.through("k", 1, compute)).toBe("answer 1");
    expect(await cache.through("k", 2, compute)).toBe("answer 2");
    expect(computed).toBe(2);
  });

  it("computes identical searches asked together once", async () => {
    const cache = new SearchCache<number>();
    let computed = 0;
    let finish!: (n: number) => void;
    const compute = () => {
      computed++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([cache.through("k", 1, compute), cache.through("k", 1, compute)]);
    finish(7);
    expect(await both).toEqual([7, 7]);
    expect(computed).toBe(1);
  });

  it("lets the least recently used answer go first when full", async () => {
    const cache = new SearchCache<string>(2);
    const computed: string[] = [];
    const compute = (key: string) => async () => {
      computed.push(key);
      return key;
    };
    await cache.through("a", 1, compute("a"));
    await cache.through("b", 1, compute("b"));
    await cache.through("a", 1, compute("a")); // a is now the most recent
    await cache.through("c", 1, compute("c")); // b goes
    await cache.through("a", 1, compute("a"));
    await cache.through("b", 1, compute("b"));
    expect(computed).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps a newer answer when an older computation ends after it", async () => {
    const cache = new SearchCache<string>();
    let finishOld!: (s: string) => void;
    const old = cache.through(
      "k",
      1,
      () =>
        new Promise<string>((resolve) => {
          finishOld = resolve;
        }),
    );
    expect(await cache.through("k", 2, async () => "new")).toBe("new");
    finishOld("old");
    expect(await old).toBe("old");
    expect(await cache.through("k", 2, async () => "recomputed")).toBe("new");
  });

  it("forgets a failed computation: the next search tries again", async () => {
    const cache = new SearchCache<string>();
    await expect(cache.through("k", 1, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.through("k", 1, async () => "up")).toBe("up");
  });
});
