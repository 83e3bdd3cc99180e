import { describe, expect, it } from "vitest";
import { effectivePrivacy, privacyFromQuery } from "./privacy.ts";

describe("privacy", () => {
  it("S2-4.004 / the default is the larger of the requested (default 2) and the workspace minimum", () => {
    expect(effectivePrivacy(null, 0)).toBe(2);
    expect(effectivePrivacy(0, 0)).toBe(0);
    expect(effectivePrivacy(0, 1)).toBe(1);
    expect(effectivePrivacy(1, 2)).toBe(2);
  });

  it("S2-4.004 / a URL query privacy accepts public, unlisted, private", () => {
    expect(privacyFromQuery("public")).toBe(0);
    expect(privacyFromQuery("Unlisted")).toBe(1);
    expect(privacyFromQuery("private")).toBe(2);
    expect(privacyFromQuery("secret")).toBeNull();
  });
});
