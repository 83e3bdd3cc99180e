import { type Files, isEditorMessage } from "../protocol.ts";

/**
 * The preview's first page for a sandbox, before its service worker controls `/{sandboxId}/`:
 * it registers the worker, gets the files (from the editor that frames it, or for a tab of its own
 * from the files route, with a preview token for a private sandbox) and loads the page again
 * through the worker.
 */
const script = document.currentScript as HTMLScriptElement;
const sandboxId = script.dataset.sandbox ?? "";
const boxyardOrigin = script.dataset.boxyardOrigin ?? "";
const framed = window.parent !== window;
const TOKEN_KEY = `boxyard:preview-token:${sandboxId}`;

function say(text: string, action?: { label: string; run: () => void }) {
  const main = document.querySelector("main")!;
  main.replaceChildren();
  const p = document.createElement("p");
  p.className = "boxyard-shell-status";
  p.textContent = text;
  main.append(p);
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    main.append(button);
  }
}

function post(message: unknown) {
  if (framed) window.parent.postMessage(message, boxyardOrigin);
}

async function activeWorker(): Promise<ServiceWorker> {
  const registration = await navigator.serviceWorker.register("/_runtime/sw.js", {
    scope: `/${encodeURIComponent(sandboxId)}/`,
  });
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) throw new Error("the service worker did not install");
  if (worker.state === "activated") return worker;
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve(worker);
    });
  });
}

/** The files the editor sends once this page says it is ready. */
function filesFromEditor(): Promise<Files> {
  return new Promise((resolve) => {
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || event.origin !== boxyardOrigin || !isEditorMessage(event.data))
        return;
      if (event.data.type === "boxyard:files") resolve(event.data.files);
    });
    post({ type: "boxyard:ready" });
    post({ type: "boxyard:status", status: "loading" });
  });
}

/** A tab of its own: the files route; a private sandbox asks Boxyard for a preview token first. */
async function filesFromServer(): Promise<Files> {
  for (;;) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const response = await fetch(`/_files/${encodeURIComponent(sandboxId)}`, {
      credentials: "omit",
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.ok) return ((await response.json()) as { files: Files }).files;
    if (response.status === 401) sessionStorage.removeItem(TOKEN_KEY);
    if (response.status !== 401 && response.status !== 404) {
      throw new Error(`the sandbox's files could not be read (HTTP ${response.status})`);
    }
    if (token && response.status === 404)
      throw new Error("This sandbox does not exist, or you may not read it.");
    await tokenFromBoxyard(
      response.status === 401
        ? "This preview's access has expired. Sign in again to see it."
        : "This sandbox is private, or it does not exist. Sign in to Boxyard to see its preview.",
    );
  }
}

/**
 * The opener handshake of /auth/sandbox/{id} (apps/web/src/pages/auth/openerHandshake.ts): the
 * page says it is ready, this page asks, Boxyard answers a short-lived token to this origin only.
 */
function tokenFromBoxyard(reason: string): Promise<void> {
  return new Promise((resolve, reject) => {
    say(reason, {
      label: "Sign in to Boxyard",
      run: () => {
        const popup = window.open(
          `${boxyardOrigin}/auth/sandbox/${encodeURIComponent(sandboxId)}`,
          "boxyard-auth",
          "width=480,height=640",
        );
        if (!popup)
          return say("Allow this page to open a window, then try again.", {
            label: "Try again",
            run: () => location.reload(),
          });
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== boxyardOrigin || event.source !== popup) return;
          const data = event.data as { type?: string; id?: string; token?: string; reason?: string };
          if (data.type === "boxyard:auth-ready")
            popup.postMessage({ type: "boxyard:auth-request" }, boxyardOrigin);
          else if (data.type === "boxyard:sandbox-token" && typeof data.token === "string") {
            sessionStorage.setItem(TOKEN_KEY, data.token);
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

function ask(worker: ServiceWorker, message: unknown): Promise<unknown> {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

async function start() {
  if (!("serviceWorker" in navigator)) {
    say("This browser cannot run previews: it has no service workers (a private window may turn them off).");
    return;
  }
  const [worker, files] = await Promise.all([activeWorker(), framed ? filesFromEditor() : filesFromServer()]);
  say("Loading the app…");
  await ask(worker, { type: "init", boxyardOrigin, files });
  location.reload();
}

start().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  say(message.startsWith("This") ? message : `The preview could not start: ${message}`, {
    label: "Try again",
    run: () => location.reload(),
  });
  post({ type: "boxyard:error", kind: "runtime", message });
  post({ type: "boxyard:status", status: "error" });
});
