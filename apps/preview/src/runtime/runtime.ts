import { formatArguments } from "../client/format.ts";
import { ErrorOverlay } from "../client/overlay.ts";
import { sourceOfStack } from "../client/source.ts";
import {
  type CompileResult,
  type EditorMessage,
  type Files,
  isEditorMessage,
  type PreviewMessage,
  type SourceLocation,
} from "../protocol.ts";
import { BuildError } from "../transform/modules.ts";
import { findPage } from "../transform/paths.ts";
import { AppBuild } from "./app-build.ts";
import { dependenciesOf, resolveDependencies } from "./dependencies.ts";
import { filesFromServer } from "./files-source.ts";
import { type BuiltPage, buildPage } from "./page.ts";

/**
 * The preview's runtime, the one script of the page the preview origin answers for
 * `/{sandboxId}/...`. It gets the files (from the editor that frames it by postMessage, or in a
 * tab of its own from the files route), resolves the packages' import map, builds the app's
 * modules in the page (sucrase; Vue and Svelte compilers loaded only when needed) and writes the
 * app's page in place of its own. It reports console calls, uncaught errors and the location to
 * the editor, shows errors over the app, stops runaway loops and applies changes: a stylesheet
 * swapped, the entry imported again with only the changed modules new, or a reload.
 */
const script = document.currentScript as HTMLScriptElement;
const sandboxId = script.dataset.sandbox ?? "";
const boxyardOrigin = script.dataset.boxyardOrigin ?? "";
const base = `/${encodeURIComponent(sandboxId)}`;
const framed = window.parent !== window;
const overlay = new ErrorOverlay();

let files: Files = {};
let build: AppBuild | null = null;
let page: BuiltPage | null = null;
const pathOf = (url: string) => build?.pathOf(url);

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
Object.defineProperty(globalThis, "__boxyard", {
  value: {
    env,
    /** One <style> per stylesheet, its text swapped when the file changes. */
    style(path: string, css: string) {
      let element = document.head.querySelector<HTMLStyleElement>(
        `style[data-boxyard-style="${CSS.escape(path)}"]`,
      );
      if (!element) {
        element = document.createElement("style");
        element.dataset.boxyardStyle = path;
        document.head.append(element);
      }
      if (element.textContent !== css) element.textContent = css;
    },
  },
});
(globalThis as { process?: unknown }).process ??= { env: { NODE_ENV: "development" } };

// --- Console. ---
for (const level of ["log", "info", "warn", "error", "debug"] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    original(...args);
    try {
      post({
        type: "boxyard:console",
        level,
        text: formatArguments(args).slice(0, 10_000),
        source: sourceOfStack(new Error().stack, pathOf),
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

function reportBuildError(error: unknown) {
  if (error instanceof BuildError) {
    reportError(
      "build",
      error.message,
      error.line ? { path: error.path, line: error.line, column: error.column ?? 1 } : undefined,
    );
  } else {
    const e = error as Error;
    reportError("runtime", e?.message ?? String(error), sourceOfStack(e?.stack, pathOf));
  }
}

// --- The editor's messages, and the page's own listeners (document.open() erases listeners). ---
let pending: EditorMessage[] = [];
let handle: ((message: EditorMessage) => void) | null = null;
function onEditorMessage(event: MessageEvent) {
  if (event.source !== window.parent || event.origin !== boxyardOrigin || !isEditorMessage(event.data))
    return;
  if (handle) handle(event.data);
  else pending.push(event.data);
}

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

function listen() {
  window.addEventListener("message", onEditorMessage);
  window.addEventListener("popstate", reportLocation);
  window.addEventListener("hashchange", reportLocation);
  window.addEventListener("error", (event) => {
    const error = event.error as Error | undefined;
    const source =
      sourceOfStack(error?.stack, pathOf) ??
      sourceOfStack(`${event.filename}:${event.lineno}:${event.colno}`, pathOf);
    reportError("runtime", error?.message ?? event.message, source);
  });
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as Error | undefined;
    const message = reason instanceof Error ? reason.message : `Unhandled rejection: ${String(reason)}`;
    reportError(
      "runtime",
      message,
      reason instanceof Error ? sourceOfStack(reason.stack, pathOf) : undefined,
    );
  });
}

// --- Vue and Svelte compile here, their compilers loaded on first use. ---
async function compileComponent(lang: "vue" | "svelte", path: string, code: string): Promise<CompileResult> {
  try {
    const url = `/_runtime/compile-${lang}.js`;
    const compiler = (await import(/* @vite-ignore */ url)) as {
      compile: (p: string, c: string) => CompileResult;
    };
    return compiler.compile(path, code);
  } catch (error) {
    return { error: `${path}: the ${lang} compiler could not load: ${(error as Error).message}` };
  }
}

// --- The shell's own messages until the app is written. ---
function say(text: string, action?: { label: string; run: () => void }) {
  const main = document.querySelector("main");
  if (!main) return;
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

function filesFromEditor(): Promise<Files> {
  return new Promise((resolve) => {
    handle = (message) => {
      if (message.type === "boxyard:files") {
        handle = null;
        resolve(message.files);
      }
    };
    post({ type: "boxyard:ready" });
  });
}

/** Writes the app's page for the current location in place of the shell. */
async function start() {
  post({ type: "boxyard:status", status: "loading" });
  window.addEventListener("message", onEditorMessage);
  files = framed ? await filesFromEditor() : await filesFromServer(sandboxId, boxyardOrigin, say);
  const { dependencies, problem } = dependenciesOf(files["package.json"]);
  const resolution = await resolveDependencies(dependencies);
  if (problem) resolution.packageErrors["package.json"] = problem;
  build = new AppBuild(files, resolution.importMap, resolution.packageErrors, compileComponent);
  const path = decodeURIComponent(
    location.pathname.startsWith(`${base}/`) ? location.pathname.slice(base.length + 1) : "",
  );
  const pagePath = findPage(files, path);
  if (!pagePath) {
    say("This sandbox has no index.html (at its root or in public/), so there is no page to show.");
    post({ type: "boxyard:status", status: "error" });
    handle = apply;
    return;
  }
  page = await buildPage(build, pagePath);
  document.open();
  document.write(page.html);
  document.close();
  listen();
  handle = apply;
  for (const message of pending.splice(0)) apply(message);
  pending = [];
  reportLocation();
  for (const [name, message] of Object.entries(resolution.packageErrors)) {
    post({ type: "boxyard:console", level: "error", text: `${name}: ${message}` });
  }
  if (page.errors.length > 0) reportBuildError(page.errors[0]);
  else if (document.readyState === "complete") post({ type: "boxyard:status", status: "ready" });
  else
    window.addEventListener(
      "load",
      () => !overlay.shown && post({ type: "boxyard:status", status: "ready" }),
    );
}

// --- Changes. ---
let queue = Promise.resolve();
function apply(message: EditorMessage) {
  queue = queue.then(() => run(message)).catch(reportBuildError);
}

async function run(message: EditorMessage) {
  if (message.type === "boxyard:reload") return location.reload();
  if (message.type === "boxyard:navigate") {
    location.href = `${base}${message.path.startsWith("/") ? "" : "/"}${message.path}`;
    return;
  }
  const changed: Record<string, string | null> = {};
  if (message.type === "boxyard:files") {
    for (const path of Object.keys(files)) if (!(path in message.files)) changed[path] = null;
    for (const [path, code] of Object.entries(message.files)) if (files[path] !== code) changed[path] = code;
  } else Object.assign(changed, message.changed);
  const paths = Object.keys(changed);
  if (paths.length === 0) return;
  const next = { ...files };
  for (const path of paths) {
    const code = changed[path];
    if (code === null || code === undefined) delete next[path];
    else next[path] = code;
  }
  files = next;
  // A new page or new packages: the import map of a page cannot change once modules loaded.
  if (
    !build ||
    !page ||
    page.inlineModules ||
    page.entries.length === 0 ||
    paths.some((p) => p.endsWith(".html") || p === "package.json")
  ) {
    post({ type: "boxyard:status", status: "loading" });
    location.reload();
    return;
  }
  build.update(files, paths);
  if (paths.every((p) => p.endsWith(".css") && changed[p] !== null)) {
    for (const path of paths) globalThis.__boxyard.style(path, changed[path]!);
    return;
  }
  post({ type: "boxyard:status", status: "loading" });
  overlay.hide();
  // The app starts again from the page's own body: its root element fresh for the framework.
  document.body.innerHTML = page.bodyHtml;
  for (const entry of page.entries) {
    try {
      await import(/* @vite-ignore */ await build.moduleUrl(entry));
    } catch (error) {
      reportBuildError(error);
      return;
    }
  }
  if (!overlay.shown) post({ type: "boxyard:status", status: "ready" });
}

declare global {
  var __boxyard: { env: typeof env; style(path: string, css: string): void };
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
