import { describe, expect, it } from "vitest";
import { isSealed, openToken, sealToken, tokenKey } from "./token-seal.ts";

describe("provider tokens at rest", () => {
  const key = tokenKey(new TextEncoder().encode("an instance secret"));

  it("seals a token so that only the instance's key opens it", () => {
    const sealed = sealToken(key, "gho_secret123");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("gho_secret123");
    expect(openToken(key, sealed)).toBe("gho_secret123");
    expect(sealToken(key, "gho_secret123")).not.toBe(sealed);
    expect(openToken(tokenKey(new TextEncoder().encode("another secret")), sealed)).toBeNull();
  });

  it("refuses what is not a sealed token, or was tampered with", () => {
    expect(openToken(key, null)).toBeNull();
    expect(openToken(key, "gho_plaintext")).toBeNull();
    const sealed = sealToken(key, "gho_secret123");
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(openToken(key, [v, iv, flipped.toString("base64url"), tag].join("."))).toBeNull();
  });
});
