/** Paths inside a sandbox: no leading slash, `/` between folders. */

export function dirname(path: string): string {
  const at = path.lastIndexOf("/");
  return at < 0 ? "" : path.slice(0, at);
}

export function extension(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const at = name.lastIndexOf(".");
  return at <= 0 ? "" : name.slice(at + 1).toLowerCase();
}

/** `a/./b/../c` to `a/c`; null when it climbs above the sandbox's root. */
export function normalize(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}

export const SCRIPT_EXTENSIONS = ["js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts"];
const RESOLVED_EXTENSIONS = [".js", ".jsx", ".ts", ".tsx", ".mjs", ".vue", ".svelte", ".json", ".css"];

/** The file an import or a URL names, as a bundler finds it: exact, with an extension, or a folder's index. */
export function findFile(files: Record<string, string>, path: string): string | null {
  if (path in files) return path;
  for (const ext of RESOLVED_EXTENSIONS) if (path + ext in files) return path + ext;
  const folder = path === "" ? "" : `${path}/`;
  for (const ext of RESOLVED_EXTENSIONS) if (`${folder}index${ext}` in files) return `${folder}index${ext}`;
  return null;
}

/** The file a request for `path` (relative to the app's root) serves: the sandbox's, else `public/`'s. */
export function findServed(files: Record<string, string>, path: string): string | null {
  if (path !== "" && path in files) return path;
  if (`public/${path}` in files && path !== "") return `public/${path}`;
  return findFile(files, path);
}

/** The page a navigation to `path` shows: that HTML file, its folder's index.html, else the app's (SPA routes). */
export function findPage(files: Record<string, string>, path: string): string | null {
  const clean = path.replace(/\/$/, "");
  const candidates = [
    clean,
    `${clean}.html`,
    clean === "" ? "index.html" : `${clean}/index.html`,
    `public/${clean}`,
    clean === "" ? "public/index.html" : `public/${clean}/index.html`,
  ];
  for (const candidate of candidates) {
    if (candidate.endsWith(".html") && candidate in files) return candidate;
  }
  if ("index.html" in files) return "index.html";
  if ("public/index.html" in files) return "public/index.html";
  return null;
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  wasm: "application/wasm",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
};

export function contentType(path: string): string {
  return TYPES[extension(path)] ?? "text/plain; charset=utf-8";
}
