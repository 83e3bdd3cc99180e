import { describe, expect, it } from "vitest";
import { minimumSimilarity, SEARCH_RULES, searchRule, searchScore } from "./search.ts";

describe("search rules", () => {
  it("S1-5.006 / S1-5.007..S1-5.011 / the spec's fields, thresholds and weights", () => {
    expect(SEARCH_RULES.map((r) => [r.field, r.threshold, r.weight])).toEqual([
      ["title", 0.2, 0.4],
      ["description", 0.3, 0.2],
      ["alias", 0.3, 0.2],
      ["sourceTemplate", 0.4, 0.1],
      ["id", null, 0.1],
    ]);
    expect(SEARCH_RULES.reduce((sum, r) => sum + r.weight, 0)).toBeCloseTo(1);
  });

  it("S1-5.006 / a Fuse threshold maps to a minimum trigram similarity of 1 - 2t; exact is 1", () => {
    expect(minimumSimilarity(searchRule("title").threshold)).toBe(0.6);
    expect(minimumSimilarity(searchRule("description").threshold)).toBe(0.4);
    expect(minimumSimilarity(searchRule("alias").threshold)).toBe(0.4);
    expect(minimumSimilarity(searchRule("sourceTemplate").threshold)).toBe(0.2);
    expect(minimumSimilarity(null)).toBe(1);
    expect(minimumSimilarity(0.9)).toBe(0);
  });

  it("S1-5.006 / a title match outranks a description match of the same similarity; below-threshold fields count nothing", () => {
    expect(searchScore({ title: 0.8 })).toBeGreaterThan(searchScore({ description: 0.8 }));
    expect(searchScore({ title: 0.5 })).toBe(0);
    expect(searchScore({ id: 0.99 })).toBe(0);
    expect(searchScore({ id: 1 })).toBeCloseTo(0.1);
  });
});
