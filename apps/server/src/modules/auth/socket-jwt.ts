import { jwtVerify, SignJWT } from "jose";

export const SOCKET_JWT_LIFETIME_S = 10 * 60;

/** The short-lived token the live socket authenticates with. */
export async function signSocketJwt(secret: Uint8Array, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience("boxyard:socket")
    .setIssuedAt()
    .setExpirationTime(`${SOCKET_JWT_LIFETIME_S}s`)
    .sign(secret);
}

export async function verifySocketJwt(secret: Uint8Array, jwt: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(jwt, secret, { audience: "boxyard:socket", algorithms: ["HS256"] });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
