import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError, getErrorMessage } from "../../api/errors.ts";
import { type IssuedToken, requestPreviewToken, requestSandpackToken } from "../../api/queries/sandbox.ts";
import { PublicPage } from "../../features/public-nav/PublicNavBar.tsx";
import { AlertIcon, CheckIcon, KeyIcon } from "../../ui/Icon.tsx";
import page from "../../ui/Page.module.css";
import { Spinner } from "../../ui/Spinner.tsx";
import styles from "./AuthorizePage.module.css";
import { type AuthKind, ERROR, isAuthRequest, READY, tokenMessageType } from "./openerHandshake.ts";

type Phase =
  | { state: "waiting" }
  | { state: "working"; origin: string }
  | { state: "done"; origin: string; expiresAt: string }
  | { state: "error"; message: string };

function reasonOf(error: unknown): { reason: string; message: string } {
  if (error instanceof ApiError && error.status === 403) {
    return { reason: "origin", message: SANDBOX_MESSAGES.previewOriginRefused };
  }
  if (error instanceof ApiError && error.status === 404)
    return { reason: "not-found", message: getErrorMessage(error) };
  return { reason: "failed", message: getErrorMessage(error) };
}

/** Gives the opener window a short-lived token for `id` once it asks (see openerHandshake.ts). */
function useOpenerToken(
  kind: AuthKind,
  id: string,
  request: (origin: string) => Promise<IssuedToken>,
): Phase {
  const [phase, setPhase] = useState<Phase>(() =>
    window.opener ? { state: "waiting" } : { state: "error", message: SANDBOX_MESSAGES.previewNoOpener },
  );
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) return;
    let answered = false;
    const onMessage = async (event: MessageEvent) => {
      if (event.source !== opener || answered || !isAuthRequest(event.data)) return;
      answered = true;
      const origin = event.origin;
      setPhase({ state: "working", origin });
      try {
        const issued = await request(origin);
        opener.postMessage(
          { type: tokenMessageType(kind), id, token: issued.token, expiresAt: issued.expiresAt },
          origin,
        );
        setPhase({ state: "done", origin, expiresAt: issued.expiresAt });
      } catch (error) {
        const { reason, message } = reasonOf(error);
        opener.postMessage({ type: ERROR, id, reason }, origin);
        setPhase({ state: "error", message });
      }
    };
    window.addEventListener("message", onMessage);
    opener.postMessage({ type: READY, kind, id }, "*");
    return () => window.removeEventListener("message", onMessage);
  }, [kind, id, request]);
  return phase;
}

function AuthorizeView({ title, what, phase }: { title: string; what: string; phase: Phase }) {
  return (
    <PublicPage title={title}>
      <div className={page.centered}>
        <div className={[page.card, page.wide, styles.card].join(" ")} role="status" aria-live="polite">
          {phase.state === "waiting" && (
            <>
              <KeyIcon size={28} className={styles.icon} />
              <h1>{title}</h1>
              <p className={page.muted}>
                Waiting for the page that opened this window to ask for access to {what}.
              </p>
            </>
          )}
          {phase.state === "working" && (
            <>
              <Spinner size={24} />
              <h1>{title}</h1>
              <p className={page.muted}>
                Giving {phase.origin} access to {what}…
              </p>
            </>
          )}
          {phase.state === "done" && (
            <>
              <CheckIcon size={28} className={styles.done} />
              <h1>Access given</h1>
              <p className={page.muted}>
                {phase.origin} can read {what} until {new Date(phase.expiresAt).toLocaleTimeString()}.
              </p>
              <p className={styles.close}>{SANDBOX_MESSAGES.closeWindow}</p>
            </>
          )}
          {phase.state === "error" && (
            <>
              <AlertIcon size={28} className={styles.error} />
              <h1>Could not give access</h1>
              <p className={page.muted}>{phase.message}</p>
            </>
          )}
        </div>
      </div>
    </PublicPage>
  );
}

/** /auth/sandbox/:id (spec 1 §2): a preview token for one sandbox the signed-in user may read. */
export function AuthorizeSandboxPage() {
  const id = useParams().id ?? "";
  const request = useCallback((origin: string) => requestPreviewToken(id, origin), [id]);
  const phase = useOpenerToken("sandbox", id, request);
  return <AuthorizeView title="Sandbox access" what="this sandbox" phase={phase} />;
}

/** /auth/sandpack/:teamId (spec 1 §2): a Sandpack token for the sandboxes of a workspace the user is in. */
export function AuthorizeSandpackPage() {
  const teamId = useParams().teamId ?? "";
  const request = useCallback((origin: string) => requestSandpackToken(teamId, origin), [teamId]);
  const phase = useOpenerToken("sandpack", teamId, request);
  return <AuthorizeView title="Workspace sandbox access" what="this workspace's sandboxes" phase={phase} />;
}
