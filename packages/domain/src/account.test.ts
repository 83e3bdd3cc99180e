import { describe, expect, it } from "vitest";
import {
  accountDeletionDue,
  addPinned,
  canFeature,
  movePinned,
  needsTermsNotice,
  removePinned,
} from "./account.ts";
import { profileUpdateSchema } from "./account-schema.ts";
import { SURVEY_QUESTIONS } from "./survey.ts";
import { surveyAnswersSchema } from "./survey-schema.ts";

describe("account rules", () => {
  it("S2-9.012 / S2-4.007 / deletion is due 3 working days after the request, weekends skipped", () => {
    // Monday 10:00 -> Thursday 10:00
    expect(accountDeletionDue(new Date("2025-03-03T10:00:00Z")).toISOString()).toBe(
      "2025-03-06T10:00:00.000Z",
    );
    // Friday -> Wednesday
    expect(accountDeletionDue(new Date("2025-03-07T10:00:00Z")).toISOString()).toBe(
      "2025-03-12T10:00:00.000Z",
    );
    // Saturday -> Wednesday (Mon, Tue, Wed)
    expect(accountDeletionDue(new Date("2025-03-08T10:00:00Z")).toISOString()).toBe(
      "2025-03-12T10:00:00.000Z",
    );
  });

  it("S2-5.006 / S1-5.016 / only public sandboxes can be featured; a pin is added only once; reorder moves one", () => {
    expect(canFeature({ privacy: 0 })).toBe(true);
    expect(canFeature({ privacy: 1 })).toBe(false);
    expect(canFeature({ privacy: 2 })).toBe(false);
    expect(canFeature({ privacy: 0, draft: true })).toBe(false);
    expect(canFeature({ privacy: 0, removedAt: "2024-01-01" })).toBe(false);
    expect(addPinned(["a", "b"], "a")).toEqual(["a", "b"]);
    expect(addPinned(["a", "b"], "c")).toEqual(["a", "b", "c"]);
    expect(removePinned(["a", "b"], "a")).toEqual(["b"]);
    expect(movePinned(["a", "b", "c"], "c", "a")).toEqual(["c", "a", "b"]);
    expect(movePinned(["a", "b", "c"], "a", "c")).toEqual(["b", "c", "a"]);
    expect(movePinned(["a", "b"], "x", "a")).toEqual(["a", "b"]);
  });

  it("S1-9.006 / the terms notice is for users registered before 2024-03-10", () => {
    expect(needsTermsNotice("2024-03-09T23:59:59Z")).toBe(true);
    expect(needsTermsNotice("2024-03-10T00:00:00Z")).toBe(false);
  });

  it("S2-5.007 / profile update: the sign-up username rules; empty name and bio become null; links are web addresses", () => {
    expect(profileUpdateSchema.parse({ username: " ada ", name: "", bio: "  " })).toEqual({
      username: "ada",
      name: null,
      bio: null,
      socialLinks: undefined,
    });
    expect(profileUpdateSchema.safeParse({ username: "-bad" }).success).toBe(false);
    expect(
      profileUpdateSchema.safeParse({ username: "ok", socialLinks: ["javascript:alert(1)"] }).success,
    ).toBe(false);
    expect(
      profileUpdateSchema.parse({ username: "ok", socialLinks: ["https://x.test/me"] }).socialLinks,
    ).toEqual(["https://x.test/me"]);
  });

  it("S1-9.007 / the survey has 7 questions; every choice must be answered with one of its options", () => {
    expect(SURVEY_QUESTIONS).toHaveLength(7);
    const full = Object.fromEntries(
      SURVEY_QUESTIONS.flatMap((q) => (q.kind === "choice" ? [[q.id, q.options[0]!]] : [])),
    );
    expect(surveyAnswersSchema.safeParse(full).success).toBe(true);
    expect(surveyAnswersSchema.safeParse({ ...full, usage: "nope" }).success).toBe(false);
    expect(surveyAnswersSchema.safeParse({ ...full, extra: "x" }).success).toBe(false);
  });
});
