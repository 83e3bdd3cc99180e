#!/usr/bin/env node
// Builds the preview's runtime into dist/, which the server's preview origin serves under /_runtime/:
// the runtime as a classic script (the shell page's only script), and the Vue and Svelte compilers
// as ES modules the runtime imports only when an app has such files.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { build } from "esbuild";

const here = new URL(".", import.meta.url).pathname;
const dist = `${here}dist`;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target: ["chrome111", "firefox115", "safari16.4"],
  logLevel: "warning",
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
};
await Promise.all([
  build({ ...common, entryPoints: { runtime: "src/runtime/runtime.ts" }, outdir: dist, format: "iife" }),
  build({
    ...common,
    entryPoints: { "compile-vue": "src/compilers/vue.ts", "compile-svelte": "src/compilers/svelte.ts" },
    outdir: dist,
    format: "esm",
    platform: "browser",
    mainFields: ["browser", "module", "main"],
    conditions: ["browser", "import", "default"],
  }),
]);
copyFileSync(`${here}src/shell/shell.css`, `${dist}/shell.css`);
