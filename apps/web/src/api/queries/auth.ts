import { rest } from "../rest.ts";
import type { AuthMessage } from "../types.ts";

/** GET /auth/workos/initialize?email= → {redirectUrl} */
export function initializeSso(email: string) {
  return rest.get<{ redirectUrl: string }>("/auth/workos/initialize", { query: { email } });
}

/** DELETE /api/v1/auth/revoke/:token (legacy stored tokens). */
export function revokeToken(token: string) {
  return rest.delete<void>(`/api/v1/auth/revoke/${encodeURIComponent(token)}`);
}

/** GET /api/v1/auth/verify/:code → {token} (developer sign-in). */
export function verifyAuthCode(code: string) {
  return rest.get<{ token: string }>(`/api/v1/auth/verify/${encodeURIComponent(code)}`);
}

export type LocalCredentials = { email: string; password: string };

/** POST /api/v1/auth/local/signin: answers the same message shapes as the sign-in popup. */
export function localSignIn(credentials: LocalCredentials) {
  return rest.post<AuthMessage>("/api/v1/auth/local/signin", credentials);
}

/** POST /api/v1/auth/local/signup: answers the same message shapes as the sign-in popup. */
export function localSignUp(credentials: LocalCredentials) {
  return rest.post<AuthMessage>("/api/v1/auth/local/signup", credentials);
}
