#!/usr/bin/env node
// Builds the web app and the server when their build is missing or older than their sources.
// `npm start` and `npm run bench` run it first.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(join(root, dir)) > built);
}

const domain = "packages/domain/src";
const builds = [
  {
    name: "preview runtime",
    workspace: "@boxyard/preview",
    output: "apps/preview/dist/runtime.js",
    sources: ["apps/preview/src", "apps/preview/build.mjs"],
  },
  {
    name: "web app",
    workspace: "@boxyard/web",
    output: "apps/web/dist/index.html",
    sources: ["apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", domain],
  },
  {
    name: "server",
    workspace: "@boxyard/server",
    output: "apps/server/dist/main.js",
    sources: ["apps/server/src", domain],
  },
];
for (const build of builds) {
  if (!stale(join(root, build.output), build.sources)) continue;
  console.log(`Building the ${build.name}...`);
  const started = performance.now();
  // What a build reports on success (Vite's table of every file) stays out of the way; warnings
  // and errors (stderr) show, and the whole report when it fails.
  const result = spawnSync("npm", ["run", "--silent", "build", "-w", build.workspace], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    console.error(`Building the ${build.name} failed.`);
    process.exit(result.status ?? 1);
  }
  console.log(`Built the ${build.name} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
