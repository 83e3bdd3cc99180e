import { plainMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import type { AuthMessage } from "../rest-types.ts";

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

/** With SMTP, sign-up answers this for every address: the rest goes on from the link mailed to it. */
export type SignUpLinkSent = { type: "verify-email"; email: string };

/**
 * POST /api/v1/auth/local/signup: answers the same message shapes as the sign-in popup, or, when
 * the installation sends e-mail, that a link was mailed.
 */
export function localSignUp(credentials: LocalCredentials) {
  return rest.post<AuthMessage | SignUpLinkSent>("/api/v1/auth/local/signup", credentials);
}

/** POST /api/v1/auth/local/signup/continue: follows a sign-up link (its token) → the pending user. */
export function continueSignUp(token: string) {
  return rest.post<AuthMessage>("/api/v1/auth/local/signup/continue", { token });
}

/** POST /api/v1/auth/verification/resend: mails the signed-in user a new verification link. */
export function resendVerificationEmail() {
  return rest.post<{ email: string }>("/api/v1/auth/verification/resend");
}

export const resendVerificationEmailMutation = (ui?: UiCallbacks<{ email: string }, void>) =>
  plainMutation(() => resendVerificationEmail(), ui);

/** POST /api/v1/auth/verification/confirm: follows a verification link (its token). */
export function confirmEmail(token: string) {
  return rest.post<{ email: string; verified: boolean }>("/api/v1/auth/verification/confirm", { token });
}

/** POST /api/v1/auth/password/forgot: the same answer whether or not the address has an account. */
export function forgotPassword(email: string) {
  return rest.post<{ sent: boolean }>("/api/v1/auth/password/forgot", { email });
}

/** POST /api/v1/auth/password/reset: a new password with a reset link's token; every session ends. */
export function resetPassword(input: { token: string; password: string }) {
  return rest.post<void>("/api/v1/auth/password/reset", input);
}

/** POST /api/v1/auth/password/change: needs the current password; the other sessions end. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return rest.post<void>("/api/v1/auth/password/change", input);
}
