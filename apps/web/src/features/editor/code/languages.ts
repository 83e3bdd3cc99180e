import type { StreamParser } from "@codemirror/language";
import type { Extension } from "@codemirror/state";

/**
 * The languages of the official templates, each loaded the first time a file of it opens (its
 * own piece of the build): JS/JSX/TS/TSX, HTML, CSS/SCSS/Sass, JSON, Markdown, Vue, Svelte,
 * Python, Dockerfile, YAML, and shell and TOML scripts beside them.
 */
export type EditorLanguage = { name: string; load: () => Promise<Extension> };

/** An older CodeMirror mode (Dockerfile, shell, TOML) through the stream-language adapter. */
const legacy = async (load: () => Promise<StreamParser<unknown>>) => {
  const [{ StreamLanguage }, mode] = await Promise.all([import("@codemirror/language"), load()]);
  return StreamLanguage.define(mode);
};

const javascript = (options: { jsx?: boolean; typescript?: boolean }) => async () =>
  (await import("@codemirror/lang-javascript")).javascript(options);

const LANGUAGES: Record<string, EditorLanguage> = {
  js: { name: "JavaScript", load: javascript({ jsx: true }) },
  mjs: { name: "JavaScript", load: javascript({}) },
  cjs: { name: "JavaScript", load: javascript({}) },
  jsx: { name: "JavaScript JSX", load: javascript({ jsx: true }) },
  ts: { name: "TypeScript", load: javascript({ typescript: true }) },
  mts: { name: "TypeScript", load: javascript({ typescript: true }) },
  cts: { name: "TypeScript", load: javascript({ typescript: true }) },
  tsx: { name: "TypeScript JSX", load: javascript({ jsx: true, typescript: true }) },
  html: { name: "HTML", load: async () => (await import("@codemirror/lang-html")).html() },
  htm: { name: "HTML", load: async () => (await import("@codemirror/lang-html")).html() },
  css: { name: "CSS", load: async () => (await import("@codemirror/lang-css")).css() },
  scss: { name: "SCSS", load: async () => (await import("@codemirror/lang-sass")).sass() },
  sass: { name: "Sass", load: async () => (await import("@codemirror/lang-sass")).sass({ indented: true }) },
  less: { name: "Less", load: async () => (await import("@codemirror/lang-css")).css() },
  json: { name: "JSON", load: async () => (await import("@codemirror/lang-json")).json() },
  md: { name: "Markdown", load: async () => (await import("@codemirror/lang-markdown")).markdown() },
  mdx: { name: "Markdown", load: async () => (await import("@codemirror/lang-markdown")).markdown() },
  markdown: { name: "Markdown", load: async () => (await import("@codemirror/lang-markdown")).markdown() },
  vue: { name: "Vue", load: async () => (await import("@codemirror/lang-vue")).vue() },
  svelte: { name: "Svelte", load: async () => (await import("@replit/codemirror-lang-svelte")).svelte() },
  py: { name: "Python", load: async () => (await import("@codemirror/lang-python")).python() },
  yml: { name: "YAML", load: async () => (await import("@codemirror/lang-yaml")).yaml() },
  yaml: { name: "YAML", load: async () => (await import("@codemirror/lang-yaml")).yaml() },
  sh: {
    name: "Shell",
    load: () => legacy(async () => (await import("@codemirror/legacy-modes/mode/shell")).shell),
  },
  toml: {
    name: "TOML",
    load: () => legacy(async () => (await import("@codemirror/legacy-modes/mode/toml")).toml),
  },
};

const DOCKERFILE: EditorLanguage = {
  name: "Dockerfile",
  load: () => legacy(async () => (await import("@codemirror/legacy-modes/mode/dockerfile")).dockerFile),
};

/** Files without an extension that are JSON. */
const JSON_NAMES = new Set([".prettierrc", ".babelrc", ".eslintrc", "tsconfig.json", "jsconfig.json"]);

export function languageOf(fileName: string): EditorLanguage | null {
  const name = fileName.toLowerCase();
  if (name === "dockerfile" || name.endsWith(".dockerfile") || name.startsWith("dockerfile."))
    return DOCKERFILE;
  if (JSON_NAMES.has(name)) return LANGUAGES.json!;
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  return LANGUAGES[name.slice(dot + 1)] ?? null;
}
