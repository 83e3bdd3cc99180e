import { z } from "zod";
import type { ProviderProfile } from "../../integrations/identity/identity.port.ts";
import { PASSWORD_MESSAGES } from "./password-messages.ts";

/** The input rules of the sign-in, sign-up and password commands, shared by their doors. */

const email = z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address."));
/** The browser's User-Agent header, kept with a session it starts. */
const userAgent = z.string().optional();

/** An e-mail and a password, to sign in or up with. */
const credentials = z.object({
  email,
  password: z.string().min(8, "The password needs at least 8 characters.").max(200),
});

/** `POST /api/v1/auth/local/signin`. */
export const localSignInInput = credentials.extend({ userAgent });

/** `POST /api/v1/auth/local/signup`: the browser's pending-user binding goes with it. */
export const localSignUpInput = credentials.extend({ browserToken: z.string(), userAgent });

/** `POST /api/v1/auth/local/signup/continue`: the token of the mailed sign-up link. */
export const continueSignUpInput = z.object({
  token: z.string("The link has no token.").min(1, "The link has no token.").max(200),
  browserToken: z.string(),
});

const newPassword = z
  .string(PASSWORD_MESSAGES.tooShort)
  .min(8, PASSWORD_MESSAGES.tooShort)
  .max(200, "The password can have at most 200 characters.");

/** `POST /api/v1/auth/password/forgot`. */
export const forgotPasswordInput = z.object({ email });

/** `POST /api/v1/auth/password/reset`. */
export const resetPasswordInput = z.object({ token: z.string().min(1).max(200), password: newPassword });

/** `POST /api/v1/auth/password/change`: the session asking (its cookie) is kept. */
export const changePasswordInput = z.object({
  currentPassword: z.string().max(200),
  newPassword,
  keepSession: z.string().optional(),
});

/** A provider's sign-in callback: the profile it vouched for (never a request's input). */
export const providerSignInInput = z.object({
  profile: z.custom<ProviderProfile>((value) => typeof value === "object" && value !== null),
  browserToken: z.string(),
  userAgent,
});

/** The state of a provider's sign-in callback, good for one callback. */
export const signInStateInput = z.object({ state: z.string() });

/** `DELETE /api/v1/users/signout`: the session cookie, if any. */
export const signOutInput = z.object({ token: z.string().optional() });

/** `GET /api/v1/auth/jwt`: the credential the viewer came with (session cookie or bearer token). */
export const socketJwtInput = z.object({ credential: z.string().optional() });
