#!/usr/bin/env node
// Starts Boxyard for the end-to-end tests: a fresh data directory every run, then the repository's
// `scripts/start.mjs`, which builds the web app and the server only when their build is missing or
// older than their sources, and runs the built server (migrations are applied at boot).
//
// Playwright's `webServer` starts this script and stops it (the whole process group) at the end.
// The environment (PORT, BOXYARD_PUBLIC_URL, SSO_CONNECTIONS, ...) comes from playwright.config.ts.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const port = process.env.PORT ?? "4173";
const dataDir = process.env.BOXYARD_DATA_DIR ?? join(tmpdir(), `boxyard-e2e-${port}`);

// A fresh database: delete what the last run left, keep the parent (PGlite needs it to exist).
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(join(dataDir, ".."), { recursive: true });

const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, BOXYARD_DATA_DIR: dataDir },
});

const stop = (signal) => {
  if (child.exitCode === null) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
