import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SeededDashboard } from "./seeded-types.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "../../../..");

export type SeededServer<T = SeededDashboard> = { url: string; data: T; stop: () => Promise<void> };

export type SeededServerOptions = {
  /** The seed script beside this file (default seed-dashboard.ts): `tsx <script> <dataDir> <out.json>`. */
  seedScript?: string;
  /** More settings for the seed script and the server (a code-host stand-in's address, say). */
  env?: Record<string, string>;
};

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? ok(address.port) : fail(new Error("no port")),
      );
    });
  });
}

async function waitFor(url: string, server: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The seeded server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The seeded server did not answer ${url} in ${timeoutMs} ms`);
}

/**
 * A server of its own for the specs that need data the API cannot make yet (sandboxes, members):
 * a fresh embedded database seeded by seed-dashboard.ts before the server opens it, on a free
 * port, with password sign-in. `stop` ends the server and deletes its data.
 */
export async function startSeededServer<T = SeededDashboard>(
  options: SeededServerOptions = {},
): Promise<SeededServer<T>> {
  const dir = mkdtempSync(join(tmpdir(), "boxyard-e2e-seeded-"));
  const dataDir = join(dir, "data");
  const out = join(dir, "seeded.json");
  const build = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], {
    cwd: root,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const seed = spawnSync(
    join(root, "node_modules/.bin/tsx"),
    [join(here, options.seedScript ?? "seed-dashboard.ts"), dataDir, out],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, ...options.env, DATABASE_URL: "" },
    },
  );
  if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`);
  const data = JSON.parse(readFileSync(out, "utf8")) as T;

  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    BOXYARD_DATA_DIR: dataDir,
    BOXYARD_PUBLIC_URL: url,
    LOGIN_WITH_PASSWORD: "true",
    BOXYARD_SIGNIN_RATE_LIMIT: "1000",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/meta/features`, server, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, data, stop };
}
