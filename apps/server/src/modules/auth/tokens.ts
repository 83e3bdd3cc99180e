import { createHash, randomBytes } from "node:crypto";

/** A random opaque token, URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as their SHA-256 hash, so a database leak does not leak credentials. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
