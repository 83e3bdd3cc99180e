/**
 * `npm run bench`: our endpoints against a bare Fastify route that runs the same SQL (the same
 * service functions) through the same database pool, in one run; then server cold start.
 * Figures are printed as ratios against the baseline measured in the same run. BENCH_PARTS picks
 * parts (foundation, firstload, dashboard, repositories, notifications, files, editor, packages, preview; all by default).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { resolveSession } from "../src/modules/auth/sessions.service.ts";
import { workspacePlans } from "../src/modules/billing/workspace-plan.ts";
import { currentUser } from "../src/modules/users/users.service.ts";
import { membersOf, workspacesOf } from "../src/modules/workspaces/workspaces.service.ts";
import { runEditorBench } from "./editor.ts";
import { runFilesBench } from "./files.ts";
import { runFirstLoadBench } from "./first-load.ts";
import { runNotificationsBench } from "./notifications.ts";
import { runPackagesBench } from "./packages.ts";
import { runPreviewBench } from "./preview.ts";
import { runRepositoriesBench } from "./repositories.ts";
import { runDashboardBench } from "./sandboxes.ts";
import { seed } from "./seed.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const migrations = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));

const ALL_TEAMS = `query AllTeams { me { id primaryWorkspaceId workspaces { id name description avatarUrl insertedAt
  settings { minimumPrivacy } userAuthorizations { userId authorization teamManager }
  users { id name username avatarUrl } invitees { id name username avatarUrl }
  subscription(includeCancelled: true) { origin type status paymentProvider }
  featureFlags { ubbBeta friendOfCsb } limits { includedPublicSandboxes includedPrivateSandboxes }
  usage { publicSandboxesQuantity privateSandboxesQuantity } } } }`;

type Result = { rps: number; p99: number };

async function load(
  url: string,
  options: { method?: "GET" | "POST"; body?: string; headers: Record<string, string> },
) {
  const result = await autocannon({
    url,
    method: options.method ?? "GET",
    ...(options.body ? { body: options.body } : {}),
    headers: options.headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 } satisfies Result;
}

const PARTS = (
  process.env.BENCH_PARTS ??
  "foundation,firstload,dashboard,repositories,notifications,files,editor,packages,preview"
).split(",");

async function main() {
  // `npm run bench -- fuzz`: the fuzz run (bench/fuzz.ts) instead of the measures.
  if (process.argv.slice(2).includes("fuzz")) return (await import("./fuzz.ts")).runFuzz();
  if (PARTS.includes("foundation")) await runFoundationBench();
  if (PARTS.includes("firstload")) await runFirstLoadBench();
  // BENCH_PARTS=foundation skips the dashboard bench (100,000 sandboxes take a while to measure).
  if (PARTS.includes("dashboard")) await runDashboardBench();
  if (PARTS.includes("repositories")) await runRepositoriesBench();
  if (PARTS.includes("notifications")) await runNotificationsBench();
  if (PARTS.includes("files")) await runFilesBench();
  if (PARTS.includes("editor")) await runEditorBench();
  if (PARTS.includes("packages")) await runPackagesBench();
  if (PARTS.includes("preview")) await runPreviewBench();
}

async function runFoundationBench() {
  const dataDir = mkdtempSync(join(tmpdir(), "boxyard-bench-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
  );
  await database.migrate(migrations);
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_DATA_DIR: dataDir });
  const app = await buildApp({ config, database, logger: false });
  const { cookie, sessionToken } = await seed(app);
  const ours = await app.listen({ port: 0, host: "127.0.0.1" });

  // The baseline: bare Fastify, same service functions, same pool, no plugins.
  const bare = Fastify();
  const db = database.db;
  bare.get("/current", async (request) => {
    const userId = await resolveSession(db, request.headers["x-session"] as string);
    return currentUser(db, userId!);
  });
  bare.post("/all-teams", async (request) => {
    const userId = await resolveSession(db, request.headers["x-session"] as string);
    const [me] = await db.select().from(users).where(eq(users.id, userId!)).limit(1);
    const teams = await workspacesOf(db, me!.id);
    const ids = teams.map((t) => t.id);
    // The same two batched queries as the GraphQL resolvers: members, then plans with usage.
    const [members, plans] = await Promise.all([
      membersOf(db, ids),
      workspacePlans(db, config, ids, new Date(), { holdings: true }),
    ]);
    return {
      data: {
        me: {
          id: me!.id,
          primaryWorkspaceId: me!.primaryWorkspaceId,
          workspaces: teams.map((t) => ({
            ...t,
            members: members.filter((m) => m.workspaceId === t.id),
            plan: plans.get(t.id),
          })),
        },
      },
    };
  });
  const baseline = await bare.listen({ port: 0, host: "127.0.0.1" });

  const headers = { cookie, "x-boxyard-client": "web", "content-type": "application/json" };
  const gqlBody = JSON.stringify({ operationName: "AllTeams", query: ALL_TEAMS });
  // Warm up both (JIT compilation of the query, connection pools).
  await load(`${ours}/api/graphql`, { method: "POST", body: gqlBody, headers }).catch((e) => {
    throw e;
  });

  const rows: { name: string; ours: Result; base: Result }[] = [];
  for (const [name, ourUrl, baseUrl, method, body] of [
    ["GET /api/v1/users/current", `${ours}/api/v1/users/current`, `${baseline}/current`, "GET", undefined],
    ["AllTeams query", `${ours}/api/graphql`, `${baseline}/all-teams`, "POST", gqlBody],
  ] as const) {
    const base = await load(baseUrl, {
      method,
      ...(body ? { body } : {}),
      headers: { ...headers, "x-session": sessionToken },
    });
    const mine = await load(ourUrl, { method, ...(body ? { body } : {}), headers });
    rows.push({ name, ours: mine, base });
  }
  await app.close();
  await bare.close();
  await database.close();

  console.log(`\nBoxyard bench on ${database.kind}, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log("endpoint                       ours req/s  base req/s  ratio   ours p99  base p99");
  for (const r of rows) {
    const ratio = r.ours.rps / r.base.rps;
    console.log(
      `${r.name.padEnd(30)} ${r.ours.rps.toFixed(0).padStart(10)} ${r.base.rps.toFixed(0).padStart(11)}  ${ratio.toFixed(2).padStart(5)}${ratio >= 0.6 ? " ✔" : " ✘"} ${`${r.ours.p99} ms`.padStart(9)} ${`${r.base.p99} ms`.padStart(9)}`,
    );
  }
  console.log("target: ratio >= 0.60 of the baseline's throughput");

  const cold = await coldStart(dataDir);
  console.log(
    `\ncold start to ready (PGlite): first boot ${cold.fresh} ms, existing data ${cold.existing} ms (target < 1500 ms)`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}

/** Spawns the built server and times until it answers. */
async function coldStart(existingDir: string) {
  const entry = fileURLToPath(new URL("../dist/main.js", import.meta.url));
  if (!existsSync(entry)) throw new Error("build the server first: npm run build -w @boxyard/server");
  const time = async (dataDir: string) => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    const started = performance.now();
    const child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        PORT: String(port),
        BOXYARD_DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        DATABASE_URL: "",
      },
      stdio: "ignore",
    });
    try {
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/meta/features`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return Math.round(performance.now() - started);
        if (performance.now() - started > 30_000) throw new Error("server did not start in 30 s");
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      child.kill();
      await new Promise((r) => child.once("exit", r));
    }
  };
  const fresh = mkdtempSync(join(tmpdir(), "boxyard-cold-"));
  const result = { fresh: await time(fresh), existing: await time(fresh) };
  rmSync(fresh, { recursive: true, force: true });
  void existingDir;
  return result;
}

await main();
