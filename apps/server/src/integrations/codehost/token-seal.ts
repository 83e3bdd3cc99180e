import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Provider access tokens (the code host's OAuth token above all) are kept encrypted at rest:
 * AES-256-GCM with a key derived (HKDF-SHA256) from the instance secret, so a copy of the
 * database alone does not give anyone a user's GitHub access. Sealed values read
 * `v1.<iv>.<ciphertext>.<tag>` (base64url); anything else is not a sealed token.
 */
const VERSION = "v1";

export type TokenKey = Buffer;

export function tokenKey(secret: Uint8Array): TokenKey {
  return Buffer.from(hkdfSync("sha256", secret, "boxyard", "provider access tokens v1", 32));
}

export const isSealed = (value: string) => value.startsWith(`${VERSION}.`);

export function sealToken(key: TokenKey, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The token, or null when the value is missing, not sealed, or sealed with another key. */
export function openToken(key: TokenKey, value: string | null | undefined): string | null {
  if (!value || !isSealed(value)) return null;
  const [, iv, sealed, tag] = value.split(".");
  if (!iv || sealed === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
