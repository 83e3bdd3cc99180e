import type { AuthMessage, Features } from "../../api/rest-types.ts";

/** Providers opened in the sign-in popup. Enumeration values are APPLE, GITHUB, GOOGLE (spec 1 §2). */
export type PopupProvider = "github" | "google" | "apple";
export type AuthProvider = PopupProvider | "sso" | "local";

export const POPUP_PROVIDERS: readonly PopupProvider[] = ["github", "google", "apple"];

const DISPLAY_NAMES: Record<AuthProvider, string> = {
  github: "GitHub",
  google: "Google",
  apple: "Apple",
  sso: "SSO",
  local: "E-mail and password",
};

/** Reads the provider names the server may send (GITHUB, workos, password, ...). */
export function normalizeProvider(value: string | null | undefined): AuthProvider | null {
  const key = (value ?? "").trim().toLowerCase();
  if (key === "github" || key === "google" || key === "apple" || key === "sso" || key === "local") return key;
  if (key === "workos" || key === "oidc" || key === "saml") return "sso";
  if (key === "password" || key === "email" || key === "e-mail") return "local";
  return null;
}

export function providerDisplayName(value: string): string {
  const provider = normalizeProvider(value);
  return provider ? DISPLAY_NAMES[provider] : value;
}

/** Which popup providers the features flags turn on, in display order. */
export function enabledPopupProviders(features: Features): PopupProvider[] {
  return POPUP_PROVIDERS.filter((provider) => {
    if (provider === "github") return features.loginWithGithub;
    if (provider === "google") return features.loginWithGoogle;
    return features.loginWithApple;
  });
}

export type SignInMode = "DEFAULT" | "SSO";

/** SSO is the default mode when single sign-on is the only way in (spec 1 §4). */
export function defaultSignInMode(features: Features): SignInMode {
  const others =
    features.loginWithGithub ||
    features.loginWithGoogle ||
    features.loginWithApple ||
    features.loginWithPassword;
  return features.loginWithWorkos && !others ? "SSO" : "DEFAULT";
}

/** /auth/{provider}?version=2, with the e-mail scope (and any more asked for) for the code host. */
export function popupUrl(provider: PopupProvider, extraScopes: readonly string[] = []): string {
  const url = `/auth/${provider}?version=2`;
  const scopes = ["user:email", ...extraScopes.filter((scope) => scope !== "user:email")];
  return provider === "github" ? `${url}&scope=${encodeURIComponent(scopes.join(" "))}` : url;
}

export const POPUP_NAME = "boxyard-signin";
export const POPUP_WIDTH = 1020;
export const POPUP_HEIGHT = 618;

/** window.open features for a popup of the given size centred on the current window. */
export function popupFeatures(width = POPUP_WIDTH, height = POPUP_HEIGHT): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes,status=no`;
}

const TYPES = new Set(["signin", "duplicate", "signup", "error"]);

export function isAuthMessage(data: unknown): data is AuthMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    typeof (data as { type?: unknown }).type === "string" &&
    TYPES.has((data as { type: string }).type)
  );
}

/** Only same-app paths may be continued to after sign-in. */
export function safeContinuePath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}
