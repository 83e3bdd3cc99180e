/**
 * The package cache of browser sandboxes (issue 16), against the local registry stand-in:
 * - preparing react-dom cold (its packument and tarball from the registry, checked, unpacked, its
 *   ten entry points built with esbuild, stored): target < 2 s; beside it, esbuild alone bundling
 *   react-dom/client from node_modules (the floor of any preparation), in the same run;
 * - serving a prepared module (react's main entry, 50 KB) from the cache through
 *   `GET /_npm/react@<v>`: target >= 2,000 req/s; beside it, a bare Fastify route sending the same
 *   bytes from memory with the same headers, in the same run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { build } from "esbuild";
import Fastify from "fastify";
import type { Deps } from "../src/deps.ts";
import { DiskStorage } from "../src/integrations/storage/disk.adapter.ts";
import { PackageCache } from "../src/modules/packages/package-cache.ts";
import { registerPackageRoutes } from "../src/modules/packages/packages.routes.ts";
import type { PackagesCtx } from "../src/modules/packages/packages-ctx.ts";
import { preparePackage } from "../src/modules/packages/prepare.service.ts";
import { startNpmRegistry } from "../test/standins/npm-registry.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PREPARE_TARGET_MS = 2000;
const SERVE_TARGET_RPS = 2000;
const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runPackagesBench() {
  const registry = await startNpmRegistry();
  const dirs: string[] = [];
  const freshCtx = (): PackagesCtx => {
    const dir = mkdtempSync(join(tmpdir(), "boxyard-bench-npm-"));
    dirs.push(dir);
    return {
      deps: {
        storage: new DiskStorage(dir),
        packages: new PackageCache({ registry: registry.url, offline: false }),
      },
    };
  };
  try {
    // The stand-in packs its tarballs when first asked: not part of what is measured.
    const warm = freshCtx();
    const version = (await preparePackage(warm, "react-dom", "19.3.1")).version;
    await preparePackage(warm, "react", "19.3.1");

    const prepared: number[] = [];
    const floor: number[] = [];
    const reactDomClient = fileURLToPath(import.meta.resolve("react-dom/client"));
    for (let round = 0; round < ROUNDS; round++) {
      const ctx = freshCtx();
      let started = performance.now();
      await preparePackage(ctx, "react-dom", version);
      prepared.push(performance.now() - started);
      started = performance.now();
      await build({
        entryPoints: [reactDomClient],
        bundle: true,
        format: "esm",
        platform: "browser",
        write: false,
        external: ["react", "scheduler"],
        define: { "process.env.NODE_ENV": '"development"' },
        logLevel: "silent",
      });
      floor.push(performance.now() - started);
    }

    const ours = Fastify();
    registerPackageRoutes(ours, warm.deps as Deps);
    const served = await ours.inject({ url: "/_npm/react@19.3.1" });
    const bare = Fastify();
    bare.get("/react", (_request, reply) =>
      reply
        .header("content-type", served.headers["content-type"]!)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(served.rawPayload),
    );
    const oursUrl = `${await ours.listen({ port: 0, host: "127.0.0.1" })}/_npm/react@19.3.1`;
    const bareUrl = `${await bare.listen({ port: 0, host: "127.0.0.1" })}/react`;
    const load = async (url: string) => {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return { rps: result.requests.average, p99: result.latency.p99 };
    };
    await autocannon({ url: oursUrl, connections: CONNECTIONS, duration: 1 });
    const mine = await load(oursUrl);
    const base = await load(bareUrl);
    await ours.close();
    await bare.close();

    const prepareMs = median(prepared);
    const floorMs = median(floor);
    console.log(`\nPackage cache (issue 16), registry stand-in on this machine, react-dom ${version}`);
    console.log(
      `prepare react-dom cold: ${prepareMs.toFixed(0)} ms, median of ${ROUNDS} (target < ${PREPARE_TARGET_MS} ms)${prepareMs < PREPARE_TARGET_MS ? " ✔" : " ✘"}; esbuild alone on react-dom/client ${floorMs.toFixed(0)} ms; ratio ${(prepareMs / floorMs).toFixed(2)}`,
    );
    console.log("route                            req/s     p99");
    console.log(
      `GET /_npm/react@19.3.1 (${(served.rawPayload.length / 1024).toFixed(0)} KB) ${mine.rps.toFixed(0).padStart(7)} ${mine.p99.toFixed(1).padStart(7)} ms`,
    );
    console.log(
      `bare route, same bytes          ${base.rps.toFixed(0).padStart(7)} ${base.p99.toFixed(1).padStart(7)} ms`,
    );
    console.log(
      `served from cache: ${mine.rps.toFixed(0)} req/s (target >= ${SERVE_TARGET_RPS})${mine.rps >= SERVE_TARGET_RPS ? " ✔" : " ✘"}; throughput ratio ${(mine.rps / base.rps).toFixed(2)}`,
    );
    return { prepareMs, floorMs, ours: mine, base };
  } finally {
    await registry.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
