#!/usr/bin/env node
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import * as esbuild from "esbuild-wasm";
// The transformer, chosen by measurement (README, Previews): sucrase against esbuild-wasm on the
// React template's App.jsx, 200 transforms each, in Node (the same engine as Chromium's workers).
// `node apps/preview/bench/transformers.mjs`
import { transform } from "sucrase";

const require = createRequire(import.meta.url);
const app = `import { useState } from "react";\n\nexport default function App() {\n  const [count, setCount] = useState(0);\n  return (\n    <main className="app">\n      <h1>Hello React</h1>\n      <p>Edit src/App.jsx and save to see your changes.</p>\n      <button type="button" onClick={() => setCount((n) => n + 1)}>\n        Clicked {count} {count === 1 ? "time" : "times"}\n      </button>\n    </main>\n  );\n}\n`;
const p = (xs, q) => xs.sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))].toFixed(2);
let t = performance.now();
const s = [];
for (let i = 0; i < 200; i++) {
  const a = performance.now();
  transform(app, { transforms: ["jsx"], jsxRuntime: "automatic", production: true });
  s.push(performance.now() - a);
}
console.log("sucrase first", s[0].toFixed(2), "p50", p([...s], 0.5), "p95", p([...s], 0.95));
t = performance.now();
await esbuild.initialize({});
const init = performance.now() - t;
const e = [];
for (let i = 0; i < 200; i++) {
  const a = performance.now();
  await esbuild.transform(app, { loader: "jsx", jsx: "automatic", format: "esm" });
  e.push(performance.now() - a);
}
console.log(
  "esbuild-wasm init",
  init.toFixed(0),
  "first",
  e[0].toFixed(2),
  "p50",
  p([...e], 0.5),
  "p95",
  p([...e], 0.95),
);
console.log("esbuild.wasm bytes", statSync(require.resolve("esbuild-wasm/esbuild.wasm")).size);
