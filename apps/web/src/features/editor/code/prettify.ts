import type { Options, Plugin } from "prettier";
import type { PrettierConfig } from "../../preferences/editorSettings.ts";

/**
 * Prettier's standalone build, loaded the first time a file is prettified, with only the plugins
 * its language needs (each its own piece).
 */
type Formatter = { parser: string; plugins: () => Promise<Plugin[]> };

const estree = () => import("prettier/plugins/estree").then((m) => m.default as Plugin);
const babel = () => import("prettier/plugins/babel").then((m) => m.default as Plugin);
const typescript = () => import("prettier/plugins/typescript").then((m) => m.default as Plugin);
const postcss = () => import("prettier/plugins/postcss").then((m) => m.default as Plugin);
const html = () => import("prettier/plugins/html").then((m) => m.default as Plugin);
const markdown = () => import("prettier/plugins/markdown").then((m) => m.default as Plugin);
const yaml = () => import("prettier/plugins/yaml").then((m) => m.default as Plugin);

const all =
  (...loaders: (() => Promise<Plugin>)[]) =>
  () =>
    Promise.all(loaders.map((load) => load()));

const JS: Formatter = { parser: "babel", plugins: all(babel, estree) };
const TS: Formatter = { parser: "typescript", plugins: all(typescript, estree) };

const FORMATTERS: Record<string, Formatter> = {
  js: JS,
  jsx: JS,
  mjs: JS,
  cjs: JS,
  ts: TS,
  tsx: TS,
  mts: TS,
  cts: TS,
  json: { parser: "json", plugins: all(babel, estree) },
  css: { parser: "css", plugins: all(postcss) },
  scss: { parser: "scss", plugins: all(postcss) },
  less: { parser: "less", plugins: all(postcss) },
  html: { parser: "html", plugins: all(html, postcss, babel, estree) },
  htm: { parser: "html", plugins: all(html, postcss, babel, estree) },
  vue: { parser: "vue", plugins: all(html, postcss, babel, estree, typescript) },
  md: { parser: "markdown", plugins: all(markdown) },
  markdown: { parser: "markdown", plugins: all(markdown) },
  yml: { parser: "yaml", plugins: all(yaml) },
  yaml: { parser: "yaml", plugins: all(yaml) },
};

/** Whether Prettier knows the file's language. */
export function canPrettify(path: string) {
  return formatterOf(path) !== null;
}

function formatterOf(path: string): Formatter | null {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  if (name === ".prettierrc" || name === ".babelrc") return FORMATTERS.json!;
  const dot = name.lastIndexOf(".");
  return dot < 0 ? null : (FORMATTERS[name.slice(dot + 1)] ?? null);
}

/** The options a sandbox's `.prettierrc` may set (plugins and overrides are not followed). */
const RC_KEYS = new Set([
  "printWidth",
  "tabWidth",
  "useTabs",
  "semi",
  "singleQuote",
  "jsxSingleQuote",
  "quoteProps",
  "trailingComma",
  "bracketSpacing",
  "bracketSameLine",
  "arrowParens",
  "proseWrap",
  "htmlWhitespaceSensitivity",
  "vueIndentScriptAndStyle",
  "endOfLine",
  "singleAttributePerLine",
  "embeddedLanguageFormatting",
]);

/** A sandbox's `.prettierrc` (JSON): its known options; anything unreadable is left out. */
export function parsePrettierRc(text: string | undefined): Partial<Options> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([key]) => RC_KEYS.has(key))) as Partial<Options>;
  } catch {
    return {};
  }
}

/**
 * The file formatted with the editor's Prettier settings and the sandbox's `.prettierrc` over
 * them; null when Prettier does not know the language. Throws on a syntax error.
 */
export async function prettify(
  path: string,
  text: string,
  config: PrettierConfig,
  rc: Partial<Options>,
): Promise<string | null> {
  const formatter = formatterOf(path);
  if (!formatter) return null;
  const [{ format }, plugins] = await Promise.all([import("prettier/standalone"), formatter.plugins()]);
  return format(text, { ...config, ...rc, parser: formatter.parser, plugins, filepath: path });
}
