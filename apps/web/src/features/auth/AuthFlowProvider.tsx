import { MESSAGES, ssoErrorMessage } from "@boxyard/domain";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { firstDetailError, getErrorMessage } from "../../api/errors.ts";
import { initializeSso } from "../../api/queries/auth.ts";
import type { AuthMessage } from "../../api/rest-types.ts";
import { toast } from "../../ui/toastStore.ts";
import { closeModal, getCurrentModal } from "../modals/modalStore.ts";
import { useSession } from "../session/SessionProvider.tsx";
import {
  type AuthProvider,
  isAuthMessage,
  normalizeProvider,
  POPUP_NAME,
  type PopupProvider,
  popupFeatures,
  popupUrl,
  safeContinuePath,
} from "./providers.ts";

export type AuthError = { provider: AuthProvider | null; message: string };

type AuthFlow = {
  loadingProvider: AuthProvider | null;
  error: AuthError | null;
  clearError: () => void;
  /** Opens the provider's sign-in popup (GitHub: with more scopes, e.g. from Preferences > Integrations). */
  startPopup: (provider: PopupProvider, scopes?: readonly string[]) => void;
  /** Single sign-on by e-mail; rejects with the text to show under the field. */
  startSso: (email: string) => Promise<void>;
  /** Acts on a popup message or a local-account answer. */
  handleAuthMessage: (message: AuthMessage, provider?: AuthProvider) => Promise<void>;
  /** Where to go after signing in. */
  continuePath: string | null;
};

const AuthFlowContext = createContext<AuthFlow | null>(null);

/** The server's words, then the SSO advice (spec 1 §8), without doubling a closing full stop. */
function ssoFailure(serverMessage: string): string {
  return ssoErrorMessage(serverMessage.trim().replace(/\.+$/, "") || MESSAGES.couldNotAuthenticate);
}

const POPUP_BLOCKED = "Your browser blocked the sign-in window. Allow pop-ups for this site and try again.";

export function AuthFlowProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [loadingProvider, setLoadingProvider] = useState<AuthProvider | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const activeProvider = useRef<AuthProvider | null>(null);
  const watcher = useRef<ReturnType<typeof setInterval> | null>(null);

  const onAuthPage = location.pathname.startsWith("/signin") || location.pathname.startsWith("/signup");
  const continuePath = onAuthPage
    ? safeContinuePath(new URLSearchParams(location.search).get("continue"))
    : `${location.pathname}${location.search}`;
  const continueRef = useRef(continuePath);
  continueRef.current = continuePath;

  const stopWatching = useCallback(() => {
    if (watcher.current) clearInterval(watcher.current);
    watcher.current = null;
  }, []);

  // The provider of the last flow started stays known after it ends: the popup posts its message
  // and closes itself, and the closing can be noticed (by the watcher below) before the message
  // arrives. A message without a provider is still the last flow's (an SSO failure must be shown
  // under the SSO form, not as a generic toast). Starting a flow replaces it.
  const finish = useCallback(() => {
    stopWatching();
    setLoadingProvider(null);
  }, [stopWatching]);

  const fail = useCallback(
    (provider: AuthProvider | null, message: string) => {
      finish();
      setError({ provider, message });
      if (provider !== "sso") toast.error(message, { id: "auth-error" });
    },
    [finish],
  );

  const { reloadUser, setDuplicateAccountStatus, setPendingUserId } = session;

  const handleAuthMessage = useCallback(
    async (message: AuthMessage, provider?: AuthProvider) => {
      const from = provider ?? activeProvider.current;
      setError(null);
      switch (message.type) {
        case "signin": {
          try {
            const user = await reloadUser();
            if (!user) return fail(from, MESSAGES.couldNotAuthenticate);
            setDuplicateAccountStatus(null);
            setPendingUserId(null);
            finish();
          } catch (cause) {
            console.error("Loading the user after sign-in failed", cause);
            fail(from, MESSAGES.couldNotAuthenticate);
          }
          return;
        }
        case "duplicate":
          finish();
          setDuplicateAccountStatus({ provider: message.provider });
          return;
        case "signup": {
          finish();
          setPendingUserId(message.pendingUserId);
          if (getCurrentModal()?.name === "signin") closeModal();
          const next = continueRef.current;
          const query = next && !next.startsWith("/signup") ? `?continue=${encodeURIComponent(next)}` : "";
          navigate(`/signup/${encodeURIComponent(message.pendingUserId)}${query}`);
          return;
        }
        case "error": {
          const sso = from === "sso" || normalizeProvider(message.provider) === "sso";
          fail(
            sso ? "sso" : from,
            sso
              ? ssoFailure(message.message || MESSAGES.couldNotAuthenticate)
              : MESSAGES.couldNotAuthenticate,
          );
          return;
        }
      }
    },
    [reloadUser, setDuplicateAccountStatus, setPendingUserId, navigate, finish, fail],
  );

  // Messages posted by the sign-in popup (same origin only).
  const handlerRef = useRef(handleAuthMessage);
  handlerRef.current = handleAuthMessage;
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isAuthMessage(event.data)) return;
      void handlerRef.current(event.data);
    }
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      stopWatching();
    };
  }, [stopWatching]);

  const watchPopup = useCallback(
    (popup: Window) => {
      stopWatching();
      watcher.current = setInterval(() => {
        if (popup.closed) finish();
      }, 500);
    },
    [stopWatching, finish],
  );

  const startPopup = useCallback(
    (provider: PopupProvider, scopes?: readonly string[]) => {
      setError(null);
      const popup = window.open(popupUrl(provider, scopes), POPUP_NAME, popupFeatures());
      if (!popup) return fail(provider, POPUP_BLOCKED);
      activeProvider.current = provider;
      setLoadingProvider(provider);
      popup.focus?.();
      watchPopup(popup);
    },
    [fail, watchPopup],
  );

  const startSso = useCallback(
    async (email: string) => {
      setError(null);
      // Open the window now, while the click still counts as a user gesture; point it at the
      // identity provider once the server answers.
      const popup = window.open("", POPUP_NAME, popupFeatures());
      activeProvider.current = "sso";
      setLoadingProvider("sso");
      try {
        const { redirectUrl } = await initializeSso(email);
        if (!popup) {
          window.location.assign(redirectUrl);
          return;
        }
        popup.location.href = redirectUrl;
        watchPopup(popup);
      } catch (cause) {
        popup?.close();
        finish();
        // The server's own words, even when it answers with a 5xx (e.g. 502 from the identity provider).
        const message = ssoFailure(firstDetailError(cause) ?? getErrorMessage(cause));
        setError({ provider: "sso", message });
        throw new Error(message);
      }
    },
    [finish, watchPopup],
  );

  const value = useMemo<AuthFlow>(
    () => ({
      loadingProvider,
      error,
      clearError: () => setError(null),
      startPopup,
      startSso,
      handleAuthMessage,
      continuePath,
    }),
    [loadingProvider, error, startPopup, startSso, handleAuthMessage, continuePath],
  );

  return <AuthFlowContext value={value}>{children}</AuthFlowContext>;
}

export function useAuthFlow(): AuthFlow {
  const flow = use(AuthFlowContext);
  if (!flow) throw new Error("useAuthFlow needs an AuthFlowProvider");
  return flow;
}
