import { PREVIEW_TOKEN_LIFETIME_S } from "@boxyard/domain";
import { jwtVerify, SignJWT } from "jose";
import type { ReadGrant } from "./sandbox.policy.ts";

const SANDBOX_AUDIENCE = "boxyard:sandbox-preview";
const SANDPACK_AUDIENCE = "boxyard:sandpack";

export type IssuedToken = { token: string; expiresAt: string };

async function sign(secret: Uint8Array, audience: string, userId: string, claims: Record<string, string>) {
  const expiresAt = new Date(Date.now() + PREVIEW_TOKEN_LIFETIME_S * 1000);
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return { token, expiresAt: expiresAt.toISOString() };
}

/** A token that lets a preview read one sandbox as the user who asked for it. */
export function signSandboxPreviewToken(secret: Uint8Array, userId: string, sandboxId: string) {
  return sign(secret, SANDBOX_AUDIENCE, userId, { sandbox: sandboxId });
}

/** A token that lets a Sandpack preview read a workspace's sandboxes as the member who asked for it. */
export function signSandpackToken(secret: Uint8Array, userId: string, workspaceId: string) {
  return sign(secret, SANDPACK_AUDIENCE, userId, { team: workspaceId });
}

/** The read grant a bearer token carries, or null when it is not a valid, unexpired preview token. */
export async function readGrantOf(secret: Uint8Array, token: string): Promise<ReadGrant | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      audience: [SANDBOX_AUDIENCE, SANDPACK_AUDIENCE],
      algorithms: ["HS256"],
    });
    if (typeof payload.sub !== "string") return null;
    if (payload.aud === SANDBOX_AUDIENCE && typeof payload.sandbox === "string") {
      return { userId: payload.sub, sandboxId: payload.sandbox };
    }
    if (payload.aud === SANDPACK_AUDIENCE && typeof payload.team === "string") {
      return { userId: payload.sub, workspaceId: payload.team };
    }
    return null;
  } catch {
    return null;
  }
}

/** Whether a page at `origin` may receive preview tokens: this server's origin or a configured preview origin. */
export function isPreviewOrigin(allowed: readonly string[], origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  return parsed.origin === origin && allowed.includes(origin);
}
