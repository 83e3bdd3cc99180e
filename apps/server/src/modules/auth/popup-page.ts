import type { FastifyReply } from "fastify";

export type PopupMessage =
  | { type: "signin" }
  | { type: "duplicate"; provider: string }
  | { type: "signup"; pendingUserId: string }
  | { type: "error"; message: string };

const TEXT: Record<PopupMessage["type"], string> = {
  signin: "You are signed in. This window closes by itself.",
  duplicate: "An account with this e-mail already exists.",
  signup: "Almost there: finish creating your account in the Boxyard window.",
  error: "Could not authenticate",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the sign-in popup ends on. `/auth/popup.js` posts the message to the opener (same
 * origin only) and closes the window; opened without a popup, it navigates instead.
 */
export function sendPopupPage(reply: FastifyReply, message: PopupMessage, status = 200) {
  const json = JSON.stringify(message).replace(/</g, "\\u003c");
  const detail = message.type === "error" ? message.message : TEXT[message.type];
  reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Boxyard sign-in</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{margin:0;display:grid;place-items:center;min-height:100vh;background:#0f0f10;color:#ededef;font:14px/1.5 system-ui,sans-serif}main{max-width:420px;padding:24px;text-align:center}h1{font-size:16px;font-weight:600}p{color:#a0a0ab}</style>
</head><body><main><h1>${escapeHtml(message.type === "error" ? TEXT.error : "Boxyard")}</h1><p id="detail">${escapeHtml(detail)}</p></main>
<script id="auth-result" type="application/json">${json}</script>
<script src="/auth/popup.js"></script>
</body></html>`);
}

export const POPUP_SCRIPT = `(function () {
  var message = JSON.parse(document.getElementById("auth-result").textContent);
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    window.close();
    return;
  }
  if (message.type === "signin") window.location.replace("/dashboard");
  else if (message.type === "signup") window.location.replace("/signup/" + message.pendingUserId);
  else if (message.type === "duplicate") window.location.replace("/signin/duplicate?provider=" + encodeURIComponent(message.provider));
})();
`;
