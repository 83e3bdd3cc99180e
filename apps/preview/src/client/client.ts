import {
  type CompileRequest,
  type CompileResult,
  isEditorMessage,
  type PreviewMessage,
  type SourceLocation,
  type UpdateAction,
  type WorkerRequest,
} from "../protocol.ts";
import { formatArguments } from "./format.ts";
import { ErrorOverlay } from "./overlay.ts";
import { sourceOfStack } from "./source.ts";

/**
 * The runtime client, the first script of every page of a running app: it reports console calls,
 * uncaught errors and the location to the editor, shows build and runtime errors over the app,
 * guards loops, compiles Vue and Svelte files for the service worker, and applies the editor's
 * changes (a stylesheet swapped, the app's entry imported again, or a reload).
 */
const script = document.currentScript as HTMLScriptElement;
const sandboxId = script.dataset.sandbox ?? "";
const boxyardOrigin = script.dataset.boxyardOrigin ?? "";
const base = `/${encodeURIComponent(sandboxId)}`;
const framed = window.parent !== window;
const overlay = new ErrorOverlay();

function post(message: PreviewMessage) {
  if (framed) window.parent.postMessage(message, boxyardOrigin);
}

// --- Loops: one synchronous run of guarded loops may last this long before it is stopped. ---
const LOOP_LIMIT_MS = 1500;
let loopStarted = 0;
let loopTicks = 0;
Object.defineProperty(globalThis, "__boxyardLoop", {
  value(line: number) {
    if (loopStarted === 0) {
      loopStarted = performance.now();
      queueMicrotask(() => {
        loopStarted = 0;
      });
    }
    if ((++loopTicks & 1023) === 0 && performance.now() - loopStarted > LOOP_LIMIT_MS) {
      loopStarted = 0;
      throw new RangeError(
        `Stopped a loop at line ${line} that ran for more than ${LOOP_LIMIT_MS / 1000} s: is it infinite?`,
      );
    }
  },
});

const env = { MODE: "development", DEV: true, PROD: false, SSR: false, BASE_URL: `${base}/` };
const styles = new Map<string, HTMLStyleElement>();
Object.defineProperty(globalThis, "__boxyard", {
  value: {
    env,
    /** One <style> per imported stylesheet, its text swapped when the file changes. */
    style(path: string, css: string) {
      let element = styles.get(path);
      if (!element) {
        element = document.createElement("style");
        element.dataset.boxyardStyle = path;
        document.head.append(element);
        styles.set(path, element);
      }
      if (element.textContent !== css) element.textContent = css;
    },
  },
});
(globalThis as { process?: unknown }).process ??= { env: { NODE_ENV: "development" } };

// --- Console and errors. ---
const LEVELS = ["log", "info", "warn", "error", "debug"] as const;
for (const level of LEVELS) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    original(...args);
    try {
      post({
        type: "boxyard:console",
        level,
        text: formatArguments(args).slice(0, 10_000),
        source: sourceOfStack(new Error().stack, base),
      });
    } catch {
      // A value that cannot be shown is left out rather than breaking the app.
    }
  };
}

function reportError(kind: "build" | "runtime", message: string, source: SourceLocation | undefined) {
  overlay.show(kind, message, source);
  post({ type: "boxyard:error", kind, message, source });
  post({ type: "boxyard:status", status: "error" });
}

window.addEventListener("error", (event) => {
  const error = event.error as Error | undefined;
  const source =
    sourceOfStack(error?.stack, base) ??
    sourceOfStack(`${event.filename}:${event.lineno}:${event.colno}`, base);
  reportError("runtime", error?.message ?? event.message, source);
});
window.addEventListener("unhandledrejection", (event) => {
  const reason = event.reason as Error | undefined;
  const message = reason instanceof Error ? reason.message : `Unhandled rejection: ${String(reason)}`;
  reportError("runtime", message, reason instanceof Error ? sourceOfStack(reason.stack, base) : undefined);
});

// --- Location, for the editor's address bar. ---
function reportLocation() {
  const path = location.pathname.startsWith(`${base}/`)
    ? location.pathname.slice(base.length)
    : location.pathname;
  post({ type: "boxyard:location", path: `${path}${location.search}${location.hash}` });
}
for (const method of ["pushState", "replaceState"] as const) {
  const original = history[method].bind(history);
  history[method] = (...args: Parameters<History["pushState"]>) => {
    original(...args);
    reportLocation();
  };
}
window.addEventListener("popstate", reportLocation);
window.addEventListener("hashchange", reportLocation);

// --- The service worker: compiling for it, and asking it to take changes in. ---
const worker = navigator.serviceWorker;
worker.addEventListener("message", (event) => {
  const data = event.data as
    | CompileRequest
    | { type: "boxyard:build-error"; message: string; source?: SourceLocation };
  if (data?.type === "boxyard:compile") {
    void compileFor(data).then((result) => event.ports[0]?.postMessage(result));
  } else if (data?.type === "boxyard:build-error") {
    reportError("build", data.message, data.source);
  }
});
worker.startMessages();

async function compileFor(request: CompileRequest): Promise<CompileResult> {
  try {
    const url = `/_runtime/compile-${request.lang}.js`;
    const compiler = (await import(/* @vite-ignore */ url)) as {
      compile: (path: string, code: string) => CompileResult;
    };
    return compiler.compile(request.path, request.code);
  } catch (error) {
    return { error: `${request.path}: the ${request.lang} compiler failed: ${(error as Error).message}` };
  }
}

function askWorker(request: WorkerRequest): Promise<UpdateAction> {
  const controller = worker.controller;
  if (!controller) return Promise.resolve({ action: "reload", version: 0 });
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data as UpdateAction);
    controller.postMessage(request, [channel.port2]);
  });
}

// --- Updates. ---
/** The module scripts of the page as it loaded: what a change imports again. */
let entries: string[] = [];
let hasInlineModules = false;
/** The body as the HTML gives it, before the app's scripts change it: an update starts from it again. */
let bodyHtml = "";
// "interactive": the HTML is parsed and no deferred or module script has run yet.
document.addEventListener("readystatechange", () => {
  if (document.readyState !== "interactive") return;
  const modules = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')];
  hasInlineModules = modules.some((m) => !m.src);
  entries = modules.filter((m) => m.src).map((m) => m.src);
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const s of copy.querySelectorAll("script")) s.remove();
  bodyHtml = copy.innerHTML;
});

let queue = Promise.resolve();
function apply(action: UpdateAction) {
  queue = queue.then(() => run(action)).catch(() => undefined);
}

async function run(action: UpdateAction) {
  if (action.action === "none") return;
  if (action.action === "reload" || entries.length === 0 || hasInlineModules) {
    post({ type: "boxyard:status", status: "loading" });
    location.reload();
    return;
  }
  if (action.action === "css") {
    for (const [path, css] of Object.entries(action.css)) {
      globalThis.__boxyard.style(path, css);
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
        const url = new URL(link.href);
        const file = url.pathname.startsWith(`${base}/`)
          ? url.pathname.slice(base.length + 1)
          : url.pathname.slice(1);
        if (decodeURIComponent(file) === path || decodeURIComponent(file) === path.replace(/^public\//, "")) {
          url.searchParams.set("v", String(action.version));
          link.href = url.href;
        }
      }
    }
    post({ type: "boxyard:status", status: "ready" });
    return;
  }
  post({ type: "boxyard:status", status: "loading" });
  overlay.hide();
  let failed = false;
  // The app starts again from the page's own body: its root element fresh for the framework.
  document.body.innerHTML = bodyHtml;
  for (const entry of entries) {
    const url = new URL(entry);
    url.searchParams.set("v", String(action.version));
    try {
      await import(/* @vite-ignore */ url.href);
    } catch (error) {
      failed = true;
      if (!overlay.shown)
        reportError("runtime", (error as Error).message, sourceOfStack((error as Error).stack, base));
    }
  }
  if (!failed && !overlay.shown) post({ type: "boxyard:status", status: "ready" });
}

declare global {
  var __boxyard: { env: typeof env; style(path: string, css: string): void };
}

// --- The editor. ---
window.addEventListener("message", (event) => {
  if (event.source !== window.parent || event.origin !== boxyardOrigin || !isEditorMessage(event.data))
    return;
  const message = event.data;
  if (message.type === "boxyard:files") void askWorker({ type: "sync", files: message.files }).then(apply);
  else if (message.type === "boxyard:update")
    void askWorker({ type: "update", changed: message.changed }).then(apply);
  else if (message.type === "boxyard:navigate")
    location.href = `${base}${message.path.startsWith("/") ? "" : "/"}${message.path}`;
  else if (message.type === "boxyard:reload") location.reload();
});

for (const [name, message] of Object.entries(
  JSON.parse(script.dataset.packageErrors ?? "{}") as Record<string, string>,
)) {
  post({ type: "boxyard:console", level: "error", text: `${name}: ${message}` });
}
post({ type: "boxyard:ready" });
post({ type: "boxyard:status", status: "loading" });
reportLocation();
window.addEventListener("load", () => {
  if (!overlay.shown) post({ type: "boxyard:status", status: "ready" });
});
