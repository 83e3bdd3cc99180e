/**
 * Dashboard bench (issue 3, Performance): 100,000 sandboxes and 2,000 folders in one workspace;
 * SandboxesByPath of a folder of 10,000, RecentlyAccessedSandboxes and search through our routes,
 * each against a bare Fastify route running the same SQL (the same service functions, the same
 * pool), at 32 connections; p95 and p99 latency and throughput.
 * `npm run bench` runs it after bench/run.ts; alone: `npx tsx bench/sandboxes.ts`.
 * With DATABASE_URL it runs on PostgreSQL (use a fresh database), otherwise on PGlite.
 */

import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { and, eq, inArray } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { sandboxAccesses } from "../src/db/schema/index.ts";
import { resolveSession } from "../src/modules/auth/sessions.service.ts";
import { findCollection, listCollections, sandboxesIn } from "../src/modules/folders/folders.service.ts";
import { recentlyAccessed } from "../src/modules/recent/recent.service.ts";
import { searchWorkspace } from "../src/modules/search/search.service.ts";
import { runQuery } from "../src/service/context.ts";
import { FIRST_CARD_TARGET_MS, LONG_TASK_MS, measureBrowser } from "./browser.ts";
import { folderRows } from "./folder-rows.ts";
import type { LoadOptions, LoadResult } from "./load-client.ts";
import { recentRows } from "./recent-rows.ts";
import { seedDashboard } from "./seed-dashboard.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 32;
const P95_TARGET_MS = 30;
const migrations = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));
/** What people type: a framework with a typo, a phrase, a rare word. */
const QUERIES = ["reactt dashboard", "todo app", "kanban"];

type Measure = { rps: number; p50: number; p95: number; p99: number };

/** api-contract §7's SandboxesByPath, the whole folder in one answer (the web app asks for it in pages). */
const SANDBOXES_BY_PATH = `query SandboxesByPath($path: String!, $teamId: ID) {
  me { id collections(teamId: $teamId) { id path sandboxCount }
    collection(path: $path, teamId: $teamId) { id path sandboxes {
      id alias title insertedAt updatedAt screenshotUrl isV2 isFrozen privacy restricted draft viewCount teamId
      source { template } customTemplate { id iconUrl } forkedTemplate { id iconUrl }
      collection { path id } author { username } permissions { preventSandboxLeaving preventSandboxExport } } } } }`;

/** The web app's RecentlyAccessedSandboxes (api-contract §8) with its RecentSandbox fragment. */
const RECENTLY_ACCESSED = `query RecentlyAccessedSandboxes($limit: Int!, $teamId: UUID4) {
  me { id recentlyAccessedSandboxes(limit: $limit, teamId: $teamId) {
    id alias title lastAccessedAt privacy restricted draft isV2 screenshotUrl teamId
    source { template } customTemplate { id iconUrl } forkedTemplate { id color iconUrl }
    collection { path id } author { username } } } }`;

type Request = { url: string; headers: Record<string, string>; method?: "GET" | "POST"; body?: string };

/**
 * Which measure is running. Requests of a finished measure can still be queued behind the
 * embedded database, and each would run its query during the next measure. Both servers refuse
 * a request of another measure at once (`refuseStale`), and each measure starts when no request
 * is being answered.
 */
let phase = 0;
let inFlight = 0;

function refuseStale(server: FastifyInstance) {
  const admitted = new WeakSet<object>();
  server.addHook("onRequest", async (request, reply) => {
    const of = request.headers["x-bench-phase"];
    if (of === undefined) return; // the browser's, and the probes
    if (Number(of) !== phase) return reply.code(503).send();
    admitted.add(request);
    inFlight++;
  });
  // onSend runs for every answer, also one to a client that has gone; a request whose client went
  // while it was still being read (the load client ends with requests under way) gets no answer.
  server.addHook("onSend", async (request) => {
    if (admitted.delete(request)) inFlight--;
  });
  server.addHook("onRequestAbort", async (request) => {
    if (admitted.delete(request)) inFlight--;
  });
}

/** 32 connections from another process (bench/load-client.ts), each measure its own phase. */
async function load(request: Request, duration = DURATION_S): Promise<Measure> {
  phase++;
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const client = fork(fileURLToPath(new URL("./load-client.ts", import.meta.url)));
    client.once("message", (message) => resolve(message as LoadResult));
    client.once("error", reject);
    client.once("exit", (code) => code !== 0 && reject(new Error(`the load client ended with ${code}`)));
    const options: LoadOptions = {
      ...request,
      headers: { ...request.headers, "x-bench-phase": String(phase) },
      connections: CONNECTIONS,
      duration,
    };
    client.send(options);
  });
  phase++;
  // Requests still being answered finish first (two minutes at most: a measure's queue drains).
  const until = Date.now() + 120_000;
  while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  inFlight = 0;
  if (result.failed > 0) throw new Error(`${request.url}: ${result.failed} failed requests`);
  return result;
}

export async function runDashboardBench() {
  const dataDir = mkdtempSync(join(tmpdir(), "boxyard-bench-dashboard-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
  );
  await database.migrate(migrations);
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_DATA_DIR: dataDir });
  const webDist = fileURLToPath(new URL("../../web/dist/", import.meta.url));
  const app = await buildApp({ config, database, logger: false, webDist });
  const seeded = await seedDashboard(app.deps);
  refuseStale(app);
  const ours = await app.listen({ port: 0, host: "127.0.0.1" });

  const bare = Fastify();
  refuseStale(bare);
  const db = database.db;
  bare.get<{ Querystring: { query: string } }>("/search", async (request) => {
    const userId = await resolveSession(db, request.headers["x-session"] as string);
    return searchWorkspace(db, userId!, seeded.workspaceId, request.query.query);
  });
  bare.post<{ Body: { variables: { path: string; teamId: string } } }>(
    "/sandboxes-by-path",
    async (request) => {
      const userId = (await resolveSession(db, request.headers["x-session"] as string))!;
      const { path, teamId } = request.body.variables;
      const actor = { userId, via: "session" as const };
      const folders = await runQuery(app.deps, actor, listCollections, { teamId });
      const folder = await runQuery(app.deps, actor, findCollection, { path, teamId });
      const rows = folder ? ((await sandboxesIn(db, [folder.id])).get(folder.id) ?? []) : [];
      return {
        data: {
          me: {
            id: userId,
            collections: folders.map((f) => ({
              id: f.id,
              path: f.path,
              sandboxCount: f.sandboxCount,
            })),
            collection: folder && { id: folder.id, path: folder.path, sandboxes: await folderRows(db, rows) },
          },
        },
      };
    },
  );
  bare.post<{ Body: { variables: { limit: number; teamId: string } } }>("/recent", async (request) => {
    const userId = (await resolveSession(db, request.headers["x-session"] as string))!;
    const { limit, teamId } = request.body.variables;
    const rows = await runQuery(app.deps, { userId, via: "session" }, recentlyAccessed, {
      userId,
      limit,
      teamId,
    });
    const ids = rows.map((r) => r.id);
    const accesses = ids.length
      ? await db
          .select()
          .from(sandboxAccesses)
          .where(and(eq(sandboxAccesses.userId, userId), inArray(sandboxAccesses.sandboxId, ids)))
      : [];
    const at = new Map(accesses.map((a) => [a.sandboxId, a.lastAccessedAt]));
    return { data: { me: { id: userId, recentlyAccessedSandboxes: recentRows(rows, at) } } };
  });
  const baseline = await bare.listen({ port: 0, host: "127.0.0.1" });
  const headers = { cookie: seeded.cookie, "x-boxyard-client": "web", "x-session": seeded.sessionToken };
  const json = { ...headers, "content-type": "application/json" };

  const rows: { name: string; hits: number; ours: Measure; base: Measure }[] = [];
  let browser: Awaited<ReturnType<typeof measureBrowser>> | null = null;
  try {
    // In the browser first: the load tests below leave the server busy for a while. The browser
    // opens another folder first, so the server has answered the web app's operations before (a
    // running server has: its compiled queries, plans and code are warm); the folder measured is
    // one it has not served.
    const byPathOf = (path: string) =>
      fetch(`${ours}/api/graphql`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          operationName: "SandboxesByPath",
          query: SANDBOXES_BY_PATH,
          variables: { path, teamId: seeded.workspaceId },
        }),
      }).then(
        (r) =>
          r.json() as Promise<{ data: { me: { collections: { path: string; sandboxCount: number }[] } } }>,
      );
    const others = (await byPathOf("/")).data.me.collections.filter((c) => c.path !== seeded.bigFolderPath);
    const warmFolderPath = others.sort((a, b) => b.sandboxCount - a.sandboxCount)[0]!.path;
    if (!process.env.BENCH_NO_BROWSER)
      browser = await measureBrowser({
        baseUrl: ours,
        sessionToken: seeded.sessionToken,
        workspaceId: seeded.workspaceId,
        folderPath: seeded.bigFolderPath,
        warmFolderPath,
      });
    else await byPathOf(warmFolderPath);
    const byPath = JSON.stringify({
      operationName: "SandboxesByPath",
      query: SANDBOXES_BY_PATH,
      variables: { path: seeded.bigFolderPath, teamId: seeded.workspaceId },
    });
    const ourRequest: Request = { url: `${ours}/api/graphql`, headers: json, method: "POST", body: byPath };
    const probe = await fetch(ourRequest.url, { method: "POST", headers: json, body: byPath });
    const answer = (await probe.json()) as { data: { me: { collection: { sandboxes: unknown[] } } } };
    const hits = answer.data.me.collection.sandboxes.length;
    // Each answer is ~10,000 sandboxes: a longer run, so that 32 connections complete enough of them.
    const long = DURATION_S * 4;
    const base = await load({ ...ourRequest, url: `${baseline}/sandboxes-by-path` }, long);
    rows.push({ name: "SandboxesByPath (10k)", hits, ours: await load(ourRequest, long), base });

    const recent = JSON.stringify({
      operationName: "RecentlyAccessedSandboxes",
      query: RECENTLY_ACCESSED,
      variables: { limit: 18, teamId: seeded.workspaceId },
    });
    const ourRecent: Request = { url: `${ours}/api/graphql`, headers: json, method: "POST", body: recent };
    const recentProbe = await fetch(ourRecent.url, { method: "POST", headers: json, body: recent });
    const recentAnswer = (await recentProbe.json()) as {
      data: { me: { recentlyAccessedSandboxes: unknown[] } };
    };
    await load(ourRecent, 1); // warm-up: the query's JIT compilation, plans, pools
    const recentBase = await load({ ...ourRecent, url: `${baseline}/recent` });
    rows.push({
      name: "RecentlyAccessedSandboxes",
      hits: recentAnswer.data.me.recentlyAccessedSandboxes.length,
      ours: await load(ourRecent),
      base: recentBase,
    });

    for (const query of QUERIES) {
      const q = encodeURIComponent(query);
      const ourUrl = `${ours}/api/v1/teams/${seeded.workspaceId}/search?query=${q}`;
      const probe = await fetch(ourUrl, { headers });
      if (!probe.ok) throw new Error(`search answered ${probe.status}: ${await probe.text()}`);
      const hits = ((await probe.json()) as { sandboxes: unknown[] }).sandboxes.length;
      await load({ url: ourUrl, headers }, 1); // warm-up: plans, pools, JIT
      const base = await load({ url: `${baseline}/search?query=${q}`, headers });
      const mine = await load({ url: ourUrl, headers });
      rows.push({ name: `search "${query}"`, hits, ours: mine, base });
    }
  } finally {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nDashboard bench on ${database.kind}: ${seeded.seconds.toFixed(1)} s to seed ${seeded.sandboxes.toLocaleString("en")} sandboxes and 2,000 folders; ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  console.log(
    "endpoint                   hits  ours req/s  base req/s  ratio  ours p95  base p95  ours p99  base p99",
  );
  const ms = (value: number, width: number) => `${value.toFixed(1)} ms`.padStart(width);
  for (const r of rows) {
    const ratio = r.ours.rps / r.base.rps;
    const mark = r.name.startsWith("search") ? (r.ours.p95 < P95_TARGET_MS ? "✔" : "✘") : " ";
    console.log(
      `${r.name.padEnd(26)} ${String(r.hits).padStart(4)} ${r.ours.rps.toFixed(0).padStart(11)} ${r.base.rps.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(6)} ${ms(r.ours.p95, 9)}${mark} ${ms(r.base.p95, 9)} ${ms(r.ours.p99, 9)} ${ms(r.base.p99, 9)}`,
    );
  }
  console.log(
    `target: search p95 < ${P95_TARGET_MS} ms at ${CONNECTIONS} connections (✔/✘ after the search rows' p95)`,
  );
  if (browser) {
    const worst = Math.max(0, ...browser.longTasks);
    console.log(
      `Chromium: folder of 10,000 sandboxes, first card painted ${browser.firstCardMs} ms after the click ${browser.firstCardMs <= FIRST_CARD_TARGET_MS ? "✔" : "✘"} (target ${FIRST_CARD_TARGET_MS} ms; its first screen had arrived at ${browser.firstAnswerMs} ms, the whole folder at ${browser.answerMs} ms); scrolling to the end (${browser.scrolledRows} wheel steps): ${browser.longTasks.length} tasks over ${LONG_TASK_MS} ms, longest ${Math.round(worst)} ms ${browser.longTasks.length === 0 ? "✔" : "✘"}`,
    );
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runDashboardBench();
