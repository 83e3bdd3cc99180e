#!/usr/bin/env node
// `npm start`: builds the web app and the server when their build is missing or older than their
// sources, then runs the server (which applies migrations at boot and serves API and web app).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import "./build.mjs";

const root = new URL("..", import.meta.url).pathname;

const envFile = join(root, ".env");
const flags = ["--enable-source-maps", ...(existsSync(envFile) ? [`--env-file=${envFile}`] : [])];
const server = spawnSync(process.execPath, [...flags, join(root, "apps/server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
});
process.exit(server.status ?? 0);
