import { describe, expect, it } from "vitest";
import { isReservedSandboxId, isValidAlias } from "./sandbox-rules.ts";

describe("sandbox aliases", () => {
  it("S1-7.013 / an alias is a lowercase slug and never a word of the routes beside /sandboxes/:id (limits)", () => {
    expect(isValidAlias("my-copy-of-weather")).toBe(true);
    expect(isValidAlias("Weather")).toBe(false);
    expect(isValidAlias("a--b")).toBe(false);
    expect(isValidAlias("limits")).toBe(false);
    expect(isReservedSandboxId("limits")).toBe(true);
    expect(isReservedSandboxId("limits-2")).toBe(false);
  });
});
