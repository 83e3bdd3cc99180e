import { and, eq, gt, isNull, or } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Db, Tx } from "../../db/client.ts";
import { apiTokens, sessions } from "../../db/schema/index.ts";
import { unauthenticated } from "../../http/errors.ts";
import { query } from "../../service/command.ts";
import { socketJwtInput } from "./auth.schema.ts";
import { hashToken } from "./tokens.ts";

export const SOCKET_JWT_LIFETIME_S = 10 * 60;
const AUDIENCE = "boxyard:socket";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a socket token is bound to: the session (cookie) or API token (bearer) that asked for it,
 * by its row id. When that ends, the token stops working and the sockets opened with it close.
 */
export type SocketBinding = { via: "session" | "token"; id: string };

export type SocketClaims = { userId: string; binding: SocketBinding };

/** The short-lived token the live socket authenticates with. */
export async function signSocketJwt(
  secret: Uint8Array,
  userId: string,
  binding: SocketBinding,
): Promise<string> {
  return new SignJWT({ sid: binding.id, via: binding.via })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SOCKET_JWT_LIFETIME_S}s`)
    .sign(secret);
}

/** The user and binding of a good, unexpired socket token; null otherwise (tokens without a binding included). */
export async function readSocketJwt(secret: Uint8Array, jwt: string): Promise<SocketClaims | null> {
  try {
    const { payload } = await jwtVerify(jwt, secret, { audience: AUDIENCE, algorithms: ["HS256"] });
    const { sub, sid, via } = payload;
    if (!sub || typeof sid !== "string" || !UUID.test(sid) || (via !== "session" && via !== "token"))
      return null;
    return { userId: sub, binding: { via, id: sid } };
  } catch {
    return null;
  }
}

/** The user a socket token names (its signature and lifetime checked, not its binding). */
export async function verifySocketJwt(secret: Uint8Array, jwt: string): Promise<string | null> {
  return (await readSocketJwt(secret, jwt))?.userId ?? null;
}

const liveSession = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));
const liveApiToken = () =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, new Date())));

/**
 * `GET /api/v1/auth/jwt`: a socket token bound to the credential the viewer came with (its session
 * cookie or bearer token, `credential`): it stops working, and its sockets close, when that ends.
 */
export const issueSocketJwt = query(socketJwtInput, async (ctx, { credential }) => {
  const via = ctx.actor?.via;
  if (!via || !credential) throw unauthenticated();
  const binding = await credentialBinding(ctx.db, via, credential);
  if (!binding) throw unauthenticated();
  return { jwt: await signSocketJwt(ctx.deps.secret, ctx.userId, binding) };
});

/** The binding of a session token or API token, if live. */
export async function credentialBinding(
  db: Db | Tx,
  via: SocketBinding["via"],
  credential: string,
): Promise<SocketBinding | null> {
  const tokenHash = hashToken(credential);
  const [row] =
    via === "session"
      ? await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.tokenHash, tokenHash), liveSession()))
      : await db
          .select({ id: apiTokens.id })
          .from(apiTokens)
          .where(and(eq(apiTokens.tokenHash, tokenHash), liveApiToken()));
  return row ? { via, id: row.id } : null;
}

/**
 * The token hash of a binding still live and the user's (what revocations are announced by), or
 * null when the session or API token ended.
 */
export async function liveBindingHash(db: Db, claims: SocketClaims): Promise<string | null> {
  const { userId, binding } = claims;
  const [row] =
    binding.via === "session"
      ? await db
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(and(eq(sessions.id, binding.id), eq(sessions.userId, userId), liveSession()))
      : await db
          .select({ tokenHash: apiTokens.tokenHash })
          .from(apiTokens)
          .where(and(eq(apiTokens.id, binding.id), eq(apiTokens.userId, userId), liveApiToken()));
  return row?.tokenHash ?? null;
}
