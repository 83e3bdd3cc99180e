/**
 * The protocol of the authorisation pages (/auth/sandbox/:id, /auth/sandpack/:teamId) with the
 * window that opened them:
 *
 * 1. the page tells its opener it is ready: `{type: "boxyard:auth-ready", kind, id}` (no secret,
 *    any origin);
 * 2. the opener asks from its own page: `{type: "boxyard:auth-request"}`; the browser tells the
 *    page the asker's origin;
 * 3. the server gives a token only for an allowed origin; the page posts it to the opener with
 *    that origin as the target, so no other page can receive it:
 *    `{type: "boxyard:sandbox-token" | "boxyard:sandpack-token", id, token, expiresAt}`;
 *    a refusal is `{type: "boxyard:auth-error", id, reason}` (no secret either).
 */
export type AuthKind = "sandbox" | "sandpack";

export const READY = "boxyard:auth-ready";
export const REQUEST = "boxyard:auth-request";
export const ERROR = "boxyard:auth-error";
export const tokenMessageType = (kind: AuthKind) =>
  kind === "sandbox" ? "boxyard:sandbox-token" : "boxyard:sandpack-token";

export function isAuthRequest(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === REQUEST;
}
