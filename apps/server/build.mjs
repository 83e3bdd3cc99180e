// Bundles the server into dist/ and copies the migrations beside it, where main.ts looks for them.
// npm dependencies are bundled too: resolving and compiling hundreds of small files is most of
// a cold start. Left out: packages with WebAssembly or native files they find next to themselves.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const external = ["@electric-sql/pglite", "@node-rs/argon2", "pg-native"];

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts"],
  outdir: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS code calls require() for Node's built-ins.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/db/migrations", { recursive: true });
console.log("built apps/server/dist/main.js");
