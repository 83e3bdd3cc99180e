/** The highlighting language of a file, by its name (highlight.js language names). */
const BY_EXTENSION: Record<string, string> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "typescript",
  json: "json",
  html: "xml",
  htm: "xml",
  xml: "xml",
  svg: "xml",
  vue: "xml",
  svelte: "xml",
  css: "css",
  scss: "scss",
  md: "markdown",
  markdown: "markdown",
  py: "python",
  sh: "bash",
  bash: "bash",
  yml: "yaml",
  yaml: "yaml",
  toml: "ini",
  ini: "ini",
  env: "ini",
};

const BY_NAME: Record<string, string> = {
  dockerfile: "dockerfile",
  ".gitignore": "plaintext",
  ".dockerignore": "plaintext",
  "requirements.txt": "plaintext",
};

export function languageOf(fileName: string): string {
  const name = fileName.toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name];
  const dot = name.lastIndexOf(".");
  return (dot >= 0 && BY_EXTENSION[name.slice(dot + 1)]) || "plaintext";
}
