import { parse as lexImports } from "es-module-lexer";
import { dirname, extension, findFile, normalize, SCRIPT_EXTENSIONS } from "./paths.ts";
import { BuildError, transformScript } from "./script.ts";

export type ImportMap = { imports: Record<string, string> };

/** What the rewriting of a module's imports needs to know about the app. */
export type AppContext = {
  files: Record<string, string>;
  /** `/{sandboxId}`: where the app's files are served. */
  base: string;
  /** The app's version: every local import carries it, so a new version re-imports the graph. */
  version: number;
  importMap: ImportMap;
  /** Packages that failed to resolve, by name, with the server's message. */
  packageErrors: Record<string, string>;
};

/** `react` for React (and for most JSX), `preact` when the app depends on Preact and not React. */
export function jsxImportSourceOf(files: Record<string, string>): string {
  try {
    const pkg = JSON.parse(files["package.json"] ?? "{}") as Record<string, Record<string, string>>;
    const deps = { ...pkg.devDependencies, ...pkg.dependencies };
    if (deps.preact && !deps.react) return "preact";
  } catch {
    // A package.json that does not parse is reported when dependencies resolve.
  }
  return "react";
}

/** The package a bare specifier names: `react-dom/client` → `react-dom`, `@vue/shared/x` → `@vue/shared`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function inImportMap(map: ImportMap, specifier: string): boolean {
  if (specifier in map.imports) return true;
  for (const key of Object.keys(map.imports)) if (key.endsWith("/") && specifier.startsWith(key)) return true;
  return false;
}

function lineAt(code: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (code.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Points a module's imports where the preview serves them: local files to `/{sandboxId}/path?v=N`
 * (with `&import` for CSS, JSON and assets, which are served as modules then), packages stay bare
 * for the page's import map. An import of a file that does not exist or of a package that is not a
 * dependency is a build error at the import's line.
 */
export function rewriteImports(path: string, code: string, app: AppContext): string {
  let imports: ReturnType<typeof lexImports>[0];
  try {
    [imports] = lexImports(code, path);
  } catch (error) {
    const index = (error as { idx?: number }).idx;
    throw new BuildError(
      `${path}: ${(error as Error).message}`,
      path,
      index === undefined ? undefined : lineAt(code, index),
    );
  }
  let out = "";
  let last = 0;
  for (const entry of imports) {
    const specifier = entry.n;
    if (specifier === undefined || entry.d === -2) continue;
    const replacement = resolveSpecifier(path, specifier, app, () => lineAt(code, entry.s));
    if (replacement === specifier) continue;
    // A dynamic import's range includes its quotes; a static one's does not.
    const quoted = entry.d >= 0 && /^['"`]/.test(code.slice(entry.s, entry.s + 1));
    out += code.slice(last, entry.s) + (quoted ? JSON.stringify(replacement) : replacement);
    last = entry.e;
  }
  return last === 0 ? code : out + code.slice(last);
}

function resolveSpecifier(from: string, specifier: string, app: AppContext, line: () => number): string {
  const [bare, query = ""] = specifier.split("?", 2) as [string, string?];
  if (/^(https?:|data:|blob:)/.test(bare)) return specifier;
  if (bare.startsWith(".") || bare.startsWith("/")) {
    const joined = normalize(bare.startsWith("/") ? bare : `${dirname(from)}/${bare}`);
    const found =
      joined === null ? null : (findFile(app.files, joined) ?? findFile(app.files, `public/${joined}`));
    if (!found) {
      throw new BuildError(`${from}: cannot find the file "${specifier}"`, from, line());
    }
    const ext = extension(found);
    const asModule = !SCRIPT_EXTENSIONS.includes(ext) && ext !== "vue" && ext !== "svelte";
    const flags = [query, asModule && !query.includes("import") ? "import" : ""].filter(Boolean).join("&");
    return `${app.base}/${found.split("/").map(encodeURIComponent).join("/")}?v=${app.version}${flags ? `&${flags}` : ""}`;
  }
  const name = packageName(bare);
  if (!inImportMap(app.importMap, bare)) {
    const failed = app.packageErrors[name];
    throw new BuildError(
      failed
        ? `${from}: the package "${name}" cannot be used: ${failed}`
        : `${from}: the package "${name}" is not in package.json's dependencies`,
      from,
      line(),
    );
  }
  return specifier;
}

/** A JSON file imported from JavaScript. */
export function jsonModule(path: string, text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    throw new BuildError(`${path}: ${(error as Error).message}`, path);
  }
  return `export default ${text};\n`;
}

/** A stylesheet imported from JavaScript: the runtime client keeps one <style> per file and swaps its text. */
export function cssModule(path: string, css: string): string {
  return `globalThis.__boxyard.style(${JSON.stringify(path)}, ${JSON.stringify(css)});\nexport default ${JSON.stringify(css)};\n`;
}

/** An asset (image, font...) imported from JavaScript: its URL. `?raw` asks for its text. */
export function assetModule(url: string, raw: string | null): string {
  return `export default ${JSON.stringify(raw ?? url)};\n`;
}

/** `import.meta.env` as Vite gives it in development. */
export function viteEnv(code: string): string {
  return code.includes("import.meta.env")
    ? code.replace(/\bimport\.meta\.env\b/g, "globalThis.__boxyard.env")
    : code;
}

export type ScriptKind = { typescript: boolean; jsx: boolean };

export function scriptKind(path: string): ScriptKind {
  const ext = extension(path);
  return {
    typescript: ext === "ts" || ext === "tsx" || ext === "mts" || ext === "cts",
    // .js may hold JSX (Create React App, many examples); sucrase leaves JSX-free code as it is.
    jsx: ext === "jsx" || ext === "tsx" || ext === "js",
  };
}

/** A script file as the browser runs it: transformed, loops guarded, imports pointed at the preview. */
export function scriptModule(path: string, code: string, app: AppContext, module = true): string {
  const kind = scriptKind(path);
  const js = transformScript(path, code, {
    ...kind,
    jsxImportSource: jsxImportSourceOf(app.files),
    module,
  });
  return module ? rewriteImports(path, viteEnv(js), app) : js;
}

export { BuildError };
