import { parse as lexImports } from "es-module-lexer";
import { extension } from "./paths.ts";
import { BuildError, transformScript } from "./script.ts";

export type ImportMap = { imports: Record<string, string> };

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

export function inImportMap(map: ImportMap, specifier: string): boolean {
  if (specifier in map.imports) return true;
  for (const key of Object.keys(map.imports)) if (key.endsWith("/") && specifier.startsWith(key)) return true;
  return false;
}

export function lineAt(code: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (code.charCodeAt(i) === 10) line++;
  return line;
}

/** What a module's import of `specifier` (at `line`) becomes; the same text to leave it. */
export type Resolve = (specifier: string, line: () => number) => string;

/** The local specifiers of a module: relative (`./x`) or from the app's root (`/src/x`). */
export function isLocal(specifier: string): boolean {
  return specifier.startsWith(".") || specifier.startsWith("/");
}

/**
 * Rewrites a module's static and dynamic imports with string specifiers; a module that does not
 * lex is a build error at its line.
 */
export function rewriteImports(path: string, code: string, resolve: Resolve): string {
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
    const replacement = resolve(specifier, () => lineAt(code, entry.s));
    if (replacement === specifier) continue;
    // A dynamic import's range includes its quotes; a static one's does not.
    const quoted = entry.d >= 0 && /^['"`]/.test(code.slice(entry.s, entry.s + 1));
    out += code.slice(last, entry.s) + (quoted ? JSON.stringify(replacement) : replacement);
    last = entry.e;
  }
  return last === 0 ? code : out + code.slice(last);
}

/** The local specifiers a module imports, with their lines (before rewriting). */
export function localImports(path: string, code: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  rewriteImports(path, code, (specifier, line) => {
    if (isLocal(specifier)) found.push({ specifier, line: line() });
    return specifier;
  });
  return found;
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

/** A stylesheet imported from JavaScript: the runtime keeps one <style> per file and swaps its text. */
export function cssModule(path: string, css: string): string {
  return `globalThis.__boxyard.style(${JSON.stringify(path)}, ${JSON.stringify(css)});\nexport default ${JSON.stringify(css)};\n`;
}

/** An asset (image, font...) imported from JavaScript: its URL, or with `?raw` its text. */
export function assetModule(value: string): string {
  return `export default ${JSON.stringify(value)};\n`;
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

/** A script file as the browser runs it: types and JSX compiled away, loops guarded. */
export function compileScript(
  path: string,
  code: string,
  files: Record<string, string>,
  module = true,
): string {
  return viteEnv(
    transformScript(path, code, { ...scriptKind(path), jsxImportSource: jsxImportSourceOf(files), module }),
  );
}

export { BuildError };
