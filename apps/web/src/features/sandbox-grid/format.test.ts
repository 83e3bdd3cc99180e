import { formatDistanceStrict } from "date-fns";
import { describe, expect, it } from "vitest";
import { relativeTime } from "./format.ts";

describe("relativeTime", () => {
  it("says a distance as date-fns' strict distance does, in the past and in the future", () => {
    const now = Date.UTC(2026, 4, 10, 12, 0, 0);
    const seconds = [0, 1, 29, 59, 60, 89, 90, 3599, 3600, 5400, 86_399, 86_400, 129_600, 2_591_999];
    const days = [30, 45, 200, 359, 365, 800, 4000].map((d) => d * 86_400);
    for (const s of [...seconds, ...days]) {
      for (const sign of [-1, 1]) {
        const date = new Date(now + sign * s * 1000);
        expect(relativeTime(date, now), `${sign * s} s`).toBe(
          formatDistanceStrict(date, new Date(now), { addSuffix: true }),
        );
      }
    }
  });
});
