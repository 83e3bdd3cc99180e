import type { Files } from "../protocol.ts";
import { sessionStore } from "./session-store.ts";

/**
 * A tab of its own gets the files from the preview origin's files route: a public or unlisted
 * sandbox's at once; a private one's with a preview token that Boxyard gives this origin through
 * /auth/sandbox/{id} (apps/web/src/pages/auth/openerHandshake.ts): that page says it is ready, this
 * page asks, and the token comes back to this origin only.
 */
export async function filesFromServer(
  sandboxId: string,
  boxyardOrigin: string,
  say: (text: string, action?: { label: string; run: () => void }) => void,
): Promise<Files> {
  const tokenKey = `boxyard:preview-token:${sandboxId}`;
  for (;;) {
    const token = sessionStore.get(tokenKey);
    const response = await fetch(`/_files/${encodeURIComponent(sandboxId)}`, {
      credentials: "omit",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.ok) return ((await response.json()) as { files: Files }).files;
    if (response.status === 401) sessionStore.remove(tokenKey);
    if (response.status !== 401 && response.status !== 404) {
      throw new Error(`the sandbox's files could not be read (HTTP ${response.status})`);
    }
    if (token && response.status === 404)
      throw new Error("This sandbox does not exist, or you may not read it.");
    await tokenFromBoxyard(
      sandboxId,
      boxyardOrigin,
      tokenKey,
      response.status === 401
        ? "This preview's access has expired. Sign in again to see it."
        : "This sandbox is private, or it does not exist. Sign in to Boxyard to see its preview.",
      say,
    );
  }
}

function tokenFromBoxyard(
  sandboxId: string,
  boxyardOrigin: string,
  tokenKey: string,
  reason: string,
  say: (text: string, action?: { label: string; run: () => void }) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    say(reason, {
      label: "Sign in to Boxyard",
      run: () => {
        const popup = window.open(
          `${boxyardOrigin}/auth/sandbox/${encodeURIComponent(sandboxId)}`,
          "boxyard-auth",
          "width=480,height=640",
        );
        if (!popup) {
          say("Allow this page to open a window, then try again.", {
            label: "Try again",
            run: () => location.reload(),
          });
          return;
        }
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== boxyardOrigin || event.source !== popup) return;
          const data = event.data as { type?: string; token?: string; reason?: string };
          if (data.type === "boxyard:auth-ready")
            popup.postMessage({ type: "boxyard:auth-request" }, boxyardOrigin);
          else if (data.type === "boxyard:sandbox-token" && typeof data.token === "string") {
            sessionStore.set(tokenKey, data.token);
            window.removeEventListener("message", onMessage);
            popup.close();
            resolve();
          } else if (data.type === "boxyard:auth-error") {
            window.removeEventListener("message", onMessage);
            reject(new Error(data.reason ?? "Boxyard refused access to this sandbox."));
          }
        };
        window.addEventListener("message", onMessage);
      },
    });
  });
}
