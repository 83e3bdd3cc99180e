/**
 * Notifications (issue 5): fan-out latency, from the commit of a transaction that notifies 1,000
 * users to each of their 1,000 sockets receiving `new-notification` (p50, p99), on one replica and
 * across two (PostgreSQL and Redis: DATABASE_URL and REDIS_URL); and RecentNotifications at
 * 16 connections beside a bare Fastify route running the same query through the same pool.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type NotificationData, notificationTopic } from "@boxyard/domain";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import WebSocket from "ws";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { notifications, users } from "../src/db/schema/index.ts";
import type { Deps } from "../src/deps.ts";
import { createSession, resolveSession } from "../src/modules/auth/sessions.service.ts";
import { credentialBinding, signSocketJwt } from "../src/modules/auth/socket-jwt.ts";
import { listNotifications } from "../src/modules/notifications/notifications.service.ts";
import { deliver, storeNotifications } from "../src/modules/notifications/notifier.ts";
import { runQuery } from "../src/service/context.ts";
import { Effects } from "../src/service/effects.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const migrations = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));
const now = () => performance.timeOrigin + performance.now();

const RECENT = `query RecentNotifications($type: [String]) { me { id notifications(limit: 20, type: $type, orderBy: { field: "insertedAt", direction: ASC }) { id type data insertedAt read } } }`;

const review = (n: number): NotificationData<"pull_request_review_requested"> => ({
  teamId: "00000000-0000-4000-8000-000000000000",
  owner: "acme",
  repo: "rocket",
  branch: `feature-${n}`,
  pullRequestNumber: n,
  requesterName: "Grace Hopper",
  requesterAvatar: null,
});

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Users straight into the table (signing 1,000 people up through the API measures argon2, not this). */
async function makeUsers(database: Database, count: number) {
  const tag = randomBytes(4).toString("hex");
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${tag}-${i}@example.test`,
        username: `bench${tag}${i}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Opens a socket per user at `baseUrl` and joins their notification topic; answers the arrival times. */
async function connectAll(baseUrl: string, deps: Pick<Deps, "secret" | "db">, userIds: string[]) {
  const arrivals: number[] = [];
  const sockets: WebSocket[] = [];
  const batch = 50;
  for (let i = 0; i < userIds.length; i += batch) {
    await Promise.all(
      userIds.slice(i, i + batch).map(async (userId) => {
        // Socket tokens are bound to a live session: one per user.
        const session = await createSession(deps.db, userId);
        const binding = await credentialBinding(deps.db, "session", session);
        const token = await signSocketJwt(deps.secret, userId, binding!);
        const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/socket?token=${token}`);
        sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once("error", reject);
          ws.on("message", (raw) => {
            const message = JSON.parse(String(raw)) as { event: string };
            if (message.event === "reply") resolve();
            else if (message.event === "new-notification") arrivals.push(now());
          });
          ws.once("open", () =>
            ws.send(JSON.stringify({ topic: notificationTopic(userId), event: "join", ref: "1" })),
          );
        });
      }),
    );
  }
  return {
    arrivals,
    close: () => {
      for (const s of sockets) s.close();
    },
  };
}

/** Rounds of one transaction notifying every user; the latency of each message from the commit. */
async function fanOut(
  deps: Parameters<typeof deliver>[0],
  userIds: string[],
  arrivals: number[],
): Promise<number[]> {
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    arrivals.length = 0;
    const effects = new Effects();
    effects.notify(
      userIds.map((userId) => ({
        userId,
        type: "pull_request_review_requested" as const,
        data: review(round),
      })),
    );
    const stored = await deps.db.transaction((tx) => storeNotifications(tx, deps.config.publicUrl, effects));
    const committed = now();
    await deliver(deps, effects, stored);
    const deadline = Date.now() + 30_000;
    while (arrivals.length < userIds.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    if (arrivals.length < userIds.length)
      throw new Error(`only ${arrivals.length} of ${userIds.length} arrived`);
    latencies.push(...arrivals.map((t) => t - committed));
  }
  return latencies.sort((a, b) => a - b);
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`replica B exited:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/meta/features`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`replica B did not start:\n${log()}`);
}

export async function runNotificationsBench() {
  const dataDir = mkdtempSync(join(tmpdir(), "boxyard-bench-notifications-"));
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
  );
  await database.migrate(migrations);
  const secret = randomBytes(32).toString("hex");
  const rows: string[] = [];

  // One replica (in-process events).
  {
    const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_DATA_DIR: dataDir, BOXYARD_SECRET: secret });
    const app = await buildApp({ config, database, logger: false });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    const userIds = await makeUsers(database, SOCKETS);
    const clients = await connectAll(url, app.deps, userIds);
    const latencies = await fanOut(app.deps, userIds, clients.arrivals);
    rows.push(
      `one replica           ${percentile(latencies, 50).toFixed(1).padStart(8)} ms ${percentile(latencies, 99).toFixed(1).padStart(8)} ms`,
    );
    clients.close();
    await throughput(app, database);
    await app.close();
  }

  // Two replicas: commits on A (this process), sockets on B (another process), through Redis.
  if (databaseUrl && redisUrl) {
    const prefix = `boxyard-bench-${randomBytes(4).toString("hex")}:`;
    const env = {
      LOG_LEVEL: "silent",
      REDIS_URL: redisUrl,
      BOXYARD_REDIS_PREFIX: prefix,
      BOXYARD_SECRET: secret,
    };
    const app = await buildApp({ config: loadConfig(env), database, logger: false });
    await new Promise<void>((resolve) => {
      if (app.deps.live.available) resolve();
      else app.deps.live.onAvailabilityChange((up) => up && resolve());
    });
    const entry = fileURLToPath(new URL("../dist/main.js", import.meta.url));
    if (!existsSync(entry)) throw new Error("build the server first: npm run build -w @boxyard/server");
    const port = 40000 + Math.floor(Math.random() * 20000);
    let output = "";
    const child = spawn(process.execPath, [entry], {
      env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const b = `http://127.0.0.1:${port}`;
    try {
      await waitUntilUp(b, child, () => output);
      const userIds = await makeUsers(database, SOCKETS);
      const clients = await connectAll(b, app.deps, userIds);
      const latencies = await fanOut(app.deps, userIds, clients.arrivals);
      rows.push(
        `across two replicas   ${percentile(latencies, 50).toFixed(1).padStart(8)} ms ${percentile(latencies, 99).toFixed(1).padStart(8)} ms`,
      );
      clients.close();
    } finally {
      child.kill("SIGTERM");
      await app.close();
    }
  } else {
    rows.push("across two replicas   skipped: set DATABASE_URL and REDIS_URL (PostgreSQL and Redis)");
  }
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  console.log(
    `\nNotification fan-out on ${database.kind}: ${SOCKETS} sockets, ${ROUNDS} rounds of one commit notifying all`,
  );
  console.log("                           p50         p99   (commit to message received)");
  for (const row of rows) console.log(row);
  console.log("target: p99 under 1000 ms for 1,000 sockets");
}

/** RecentNotifications through the API beside a bare route running listNotifications on the same pool. */
async function throughput(app: Awaited<ReturnType<typeof buildApp>>, database: Database) {
  const [userId] = await makeUsers(database, 1);
  await database.db.insert(notifications).values(
    Array.from({ length: 200 }, (_, i) => ({
      userId: userId!,
      type: "pull_request_review_requested",
      data: review(i),
    })),
  );
  const token = await createSession(database.db, userId!, "bench");
  const ours = app.server.address() as { port: number };
  const bare = Fastify();
  // The same work without the framework: the session, the user, the query.
  bare.post("/recent", async (request) => {
    const viewer = await resolveSession(database.db, request.headers["x-session"] as string);
    const [me] = await database.db.select().from(users).where(eq(users.id, viewer!)).limit(1);
    const list = await runQuery(app.deps, { userId: me!.id, via: "session" }, listNotifications, {
      limit: 20,
      orderBy: { field: "insertedAt", direction: "ASC" },
    });
    return {
      data: {
        me: {
          id: me!.id,
          notifications: list.map((n) => ({
            id: n.id,
            type: n.type,
            data: JSON.stringify(n.data),
            insertedAt: n.insertedAt.toISOString(),
            read: n.read,
          })),
        },
      },
    };
  });
  const baseline = await bare.listen({ port: 0, host: "127.0.0.1" });
  const body = JSON.stringify({ operationName: "RecentNotifications", query: RECENT, variables: {} });
  const headers = {
    cookie: `boxyard_session=${token}`,
    "x-session": token,
    "x-boxyard-client": "web",
    "content-type": "application/json",
  };
  const load = async (url: string) => {
    const result = await autocannon({
      url,
      method: "POST",
      body,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  await load(`http://127.0.0.1:${ours.port}/api/graphql`); // warm-up (query compilation)
  const base = await load(`${baseline}/recent`);
  const mine = await load(`http://127.0.0.1:${ours.port}/api/graphql`);
  await bare.close();
  const ratio = mine.rps / base.rps;
  console.log(
    `\nRecentNotifications (20 of 200) on ${database.kind}, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  console.log("endpoint                       ours req/s  base req/s  ratio   ours p99  base p99");
  console.log(
    `${"RecentNotifications".padEnd(30)} ${mine.rps.toFixed(0).padStart(10)} ${base.rps.toFixed(0).padStart(11)}  ${ratio.toFixed(2).padStart(5)}${ratio >= 0.6 ? " ✔" : " ✘"} ${`${mine.p99} ms`.padStart(9)} ${`${base.p99} ms`.padStart(9)}`,
  );
  console.log("target: ratio >= 0.60 of the baseline's throughput");
}
