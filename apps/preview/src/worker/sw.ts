/// <reference lib="webworker" />
import { init as initLexer } from "es-module-lexer";
import type { CompileRequest, CompileResult, Files, UpdateAction, WorkerRequest } from "../protocol.ts";
import { fallbackEntryOf, injectRuntime } from "../transform/html.ts";
import {
  type AppContext,
  assetModule,
  BuildError,
  cssModule,
  jsonModule,
  rewriteImports,
  scriptModule,
  viteEnv,
} from "../transform/modules.ts";
import { contentType, extension, findPage, findServed, SCRIPT_EXTENSIONS } from "../transform/paths.ts";
import { transformScript } from "../transform/script.ts";
import { dependenciesOf, resolveDependencies } from "./dependencies.ts";
import { type AppState, loadState, saveState } from "./state.ts";

declare const self: ServiceWorkerGlobalScope;

/**
 * The preview's service worker, one per sandbox (scope `/{sandboxId}/`). It holds the sandbox's
 * files as the editor sent them and serves the app from them: HTML with the import map and the
 * runtime client, scripts transformed on the fly, CSS, JSON and assets as modules when imported.
 */
const sandboxId = decodeURIComponent(new URL(self.registration.scope).pathname.split("/")[1] ?? "");
const base = `/${encodeURIComponent(sandboxId)}`;
const lexerReady = initLexer;
let state: AppState | null = null;
const stateLoaded = loadState(sandboxId).then((saved) => {
  state ??= saved;
});
/** Transformed modules by path and version: a re-import after a keystroke transforms one file. */
const transformed = new Map<string, { source: string; version: number; code: string }>();
const compiled = new Map<string, { source: string; result: CompileResult }>();

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  const data = event.data as
    | (WorkerRequest & { boxyardOrigin?: string })
    | { type: "init"; boxyardOrigin: string; files: Files };
  if (!port || !data || typeof data !== "object") return;
  // Only pages of this origin can reach a service worker; the editor's messages come through them.
  event.waitUntil(
    handleRequest(data)
      .then((answer) => port.postMessage(answer))
      .catch((error: unknown) => port.postMessage({ error: (error as Error).message })),
  );
});

async function handleRequest(
  data: WorkerRequest | { type: "init"; boxyardOrigin: string; files: Files },
): Promise<unknown> {
  await stateLoaded;
  if (data.type === "init") {
    const previous = state;
    state = {
      sandboxId,
      boxyardOrigin: data.boxyardOrigin,
      files: {},
      version: previous?.version ?? 0,
      importMap: previous?.importMap ?? { imports: {} },
      packageErrors: previous?.packageErrors ?? {},
      dependenciesKey: previous?.dependenciesKey ?? "",
    };
    return applyChanges(data.files, true);
  }
  if (!state) return { action: "reload", version: 0 } satisfies UpdateAction;
  if (data.type === "state") return { version: state.version };
  if (data.type === "sync") return applyChanges(data.files, true);
  return applyChanges(data.changed, false);
}

/** Takes in changed files (null: deleted; `whole`: these are all the files) and says how the page updates. */
async function applyChanges(incoming: Record<string, string | null>, whole: boolean): Promise<UpdateAction> {
  const current = state!;
  const changed: Record<string, string | null> = {};
  if (whole) {
    for (const path of Object.keys(current.files)) if (!(path in incoming)) changed[path] = null;
  }
  for (const [path, code] of Object.entries(incoming)) {
    if (current.files[path] !== code && !(code === null && !(path in current.files))) changed[path] = code;
  }
  const paths = Object.keys(changed);
  if (paths.length === 0 && current.dependenciesKey !== "")
    return { action: "none", version: current.version };
  const files = { ...current.files };
  for (const path of paths) {
    const code = changed[path];
    if (code === null || code === undefined) delete files[path];
    else files[path] = code;
  }
  let action: UpdateAction["action"];
  const { dependencies, problem } = dependenciesOf(files["package.json"]);
  const dependenciesKey = JSON.stringify([dependencies, problem]);
  let resolution = { importMap: current.importMap, packageErrors: current.packageErrors };
  if (dependenciesKey !== current.dependenciesKey) {
    resolution = await resolveDependencies(dependencies);
    if (problem) resolution.packageErrors["package.json"] = problem;
    action = "reload";
  } else if (paths.some((p) => p.endsWith(".html") || p === "package.json")) action = "reload";
  else if (paths.every((p) => p.endsWith(".css") && changed[p] !== null)) action = "css";
  else action = "reimport";
  state = {
    ...current,
    files,
    version: current.version + 1,
    importMap: resolution.importMap,
    packageErrors: resolution.packageErrors,
    dependenciesKey,
  };
  void saveState(state);
  if (action === "css") {
    const css: Record<string, string> = {};
    for (const path of paths) css[path] = changed[path]!;
    return { action, version: state.version, css };
  }
  return { action, version: state.version };
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== "GET") return;
  if (/^\/_(npm|runtime|files)\//.test(url.pathname)) return;
  event.respondWith(serve(event, url));
});

async function serve(event: FetchEvent, url: URL): Promise<Response> {
  await Promise.all([stateLoaded, lexerReady]);
  const request = event.request;
  if (!state || Object.keys(state.files).length === 0) return fetch(request);
  // The app's root is `/{sandboxId}/`; a path it names from the root (`/src/main.jsx`) is the same file.
  const path = decodeURIComponent(
    url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length + 1) : url.pathname.slice(1),
  );
  if (request.mode === "navigate") return page(path);
  const file = findServed(state.files, path);
  if (!file)
    return new Response(`Not found: /${path}`, { status: 404, headers: { "content-type": "text/plain" } });
  const app: AppContext = {
    files: state.files,
    base,
    version: Number(url.searchParams.get("v") ?? state.version),
    importMap: state.importMap,
    packageErrors: state.packageErrors,
  };
  const ext = extension(file);
  const asImport = url.searchParams.has("import");
  const source = state.files[file]!;
  try {
    // fetch() of a script file reads its text; a <script> runs it (classic: no-cors; module: cors).
    if (SCRIPT_EXTENSIONS.includes(ext) && request.destination !== "") {
      return javascript(cachedTransform(file, source, app, request.mode === "cors"));
    }
    if (ext === "vue" || ext === "svelte")
      return javascript(await compileComponent(event, file, source, ext, app));
    if (asImport && ext === "css") return javascript(cssModule(file, source));
    if (asImport && ext === "json") return javascript(jsonModule(file, source));
    if (asImport) {
      const raw = url.searchParams.has("raw") ? source : null;
      return javascript(assetModule(`${base}/${file}`, raw));
    }
    return asset(file, source);
  } catch (error) {
    await reportBuildError(event, error);
    const message = error instanceof Error ? error.message : String(error);
    return new Response(`throw new Error(${JSON.stringify(message)});`, {
      status: 200,
      headers: { "content-type": "text/javascript", "cache-control": "no-store" },
    });
  }
}

function cachedTransform(path: string, source: string, app: AppContext, module: boolean): string {
  const key = `${module ? "m" : "c"}:${path}`;
  const hit = transformed.get(key);
  if (hit && hit.source === source && hit.version === app.version) return hit.code;
  const code = scriptModule(path, source, app, module);
  transformed.set(key, { source, version: app.version, code });
  return code;
}

function page(path: string): Response {
  const current = state!;
  const file = findPage(current.files, path);
  if (!file) {
    return new Response(
      "<!doctype html><title>No page</title><p>This sandbox has no index.html (at its root or in public/).</p>",
      { status: 404, headers: { "content-type": "text/html; charset=utf-8" } },
    );
  }
  const html = injectRuntime(current.files[file]!, {
    importMap: current.importMap,
    client: {
      sandboxId,
      boxyardOrigin: current.boxyardOrigin,
      version: current.version,
      packageErrors: current.packageErrors,
    },
    fallbackEntry: fallbackEntryOf(current.files),
  });
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": `frame-ancestors ${current.boxyardOrigin}; object-src 'none'`,
    },
  });
}

function javascript(code: string): Response {
  return new Response(code, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
  });
}

function asset(path: string, source: string): Response {
  const headers = { "content-type": contentType(path), "cache-control": "no-store" };
  const dataUrl = /^data:([^;,]*)(;base64)?,/.exec(source);
  if (dataUrl) {
    const body = source.slice(dataUrl[0].length);
    const bytes = dataUrl[2]
      ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
      : new TextEncoder().encode(decodeURIComponent(body));
    return new Response(bytes, {
      headers: { ...headers, "content-type": dataUrl[1] || headers["content-type"] },
    });
  }
  if (/^https?:\/\//.test(source) && !/\n/.test(source.trim())) return Response.redirect(source.trim(), 302);
  return new Response(source, { headers });
}

/** Vue and Svelte compile in the page (their compilers load there, only when an app has such files). */
async function compileComponent(
  event: FetchEvent,
  path: string,
  source: string,
  lang: "vue" | "svelte",
  app: AppContext,
): Promise<string> {
  let hit = compiled.get(path);
  if (!hit || hit.source !== source) {
    const client = await clientOf(event);
    if (!client) throw new BuildError(`${path}: no page to compile it in`, path);
    const channel = new MessageChannel();
    const answer = new Promise<CompileResult>((resolve) => {
      channel.port1.onmessage = (message) => resolve(message.data as CompileResult);
    });
    const request: CompileRequest = { type: "boxyard:compile", lang, path, code: source };
    client.postMessage(request, [channel.port2]);
    hit = { source, result: await answer };
    compiled.set(path, hit);
  }
  const result = hit.result;
  if ("error" in result) throw new BuildError(result.error, path, result.line, result.column);
  const typescript = lang === "vue" && /<script[^>]*\blang\s*=\s*["']ts/.test(source);
  let js = transformScript(path, result.code, {
    typescript,
    jsx: false,
    jsxImportSource: "vue",
    module: true,
  });
  if (result.css)
    js += `\nglobalThis.__boxyard.style(${JSON.stringify(`${path}?style`)}, ${JSON.stringify(result.css)});\n`;
  return rewriteImports(path, viteEnv(js), app);
}

async function clientOf(event: FetchEvent): Promise<Client | null> {
  const byId = event.clientId ? await self.clients.get(event.clientId) : undefined;
  if (byId) return byId;
  const windows = await self.clients.matchAll({ type: "window" });
  return windows[0] ?? null;
}

async function reportBuildError(event: FetchEvent, error: unknown) {
  const client = await clientOf(event);
  if (!client) return;
  const build = error instanceof BuildError ? error : null;
  client.postMessage({
    type: "boxyard:build-error",
    message: error instanceof Error ? error.message : String(error),
    source: build?.line ? { path: build.path, line: build.line, column: build.column ?? 1 } : undefined,
  });
}
