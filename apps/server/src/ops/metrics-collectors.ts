import { randomUUID } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { Database } from "../db/client.ts";
import { type JobRun, jobRuns } from "../jobs/interval-job.ts";
import type { EventBus } from "../live/event-bus.ts";

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route a request matched, as registered: a bounded set of labels (hashed assets count as one). */
function routeLabel(url: string | undefined): string {
  if (url === undefined) return "unmatched";
  return url.startsWith("/static/") ? "/static/*" : url;
}

/** Requests by method, route and status: a count and a latency histogram. */
export function collectRequests(app: FastifyInstance, registry: Registry) {
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "boxyard_http_requests_total",
    help: "HTTP requests answered, by method, route (as registered) and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "boxyard_http_request_duration_seconds",
    help: "Time from a request's arrival to its response, by method, route and status.",
    labelNames,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeLabel(request.routeOptions.url),
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

type PgPool = { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } };
const isPgPool = (client: unknown): client is PgPool =>
  typeof client === "object" && client !== null && "totalCount" in client && "waitingCount" in client;

/**
 * The database at each scrape: whether it answers and how long `select 1` takes (on PGlite, which
 * runs one query at a time, that is mostly the wait behind the queries in progress) and, on
 * PostgreSQL, the connection pool.
 */
export function collectDatabase(database: Database, registry: Registry) {
  const ping = async () => {
    const started = performance.now();
    try {
      await database.query("select 1");
      return (performance.now() - started) / 1000;
    } catch {
      return null;
    }
  };
  // Both gauges below are collected together, in the same tick, at each scrape: they share its ping.
  let pending: Promise<number | null> | undefined;
  const pingOfThisScrape = () =>
    (pending ??= ping().finally(() => {
      pending = undefined;
    }));
  new Gauge({
    name: "boxyard_db_ping_seconds",
    help: "Time a `select 1` took at this scrape (NaN when the database did not answer).",
    registers: [registry],
    async collect() {
      this.set((await pingOfThisScrape()) ?? Number.NaN);
    },
  });
  new Gauge({
    name: "boxyard_db_up",
    help: "1 when the database answered at this scrape.",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      this.set({ kind: database.kind }, (await pingOfThisScrape()) === null ? 0 : 1);
    },
  });
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!isPgPool(client)) return;
  new Gauge({
    name: "boxyard_db_pool_connections",
    help: "PostgreSQL connections of this process's pool, by state.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "idle" }, client.idleCount);
      this.set({ state: "busy" }, client.totalCount - client.idleCount);
    },
  });
  new Gauge({
    name: "boxyard_db_pool_max_connections",
    help: "The pool's size limit.",
    registers: [registry],
    collect() {
      this.set(client.options.max ?? 10);
    },
  });
  new Gauge({
    name: "boxyard_db_pool_waiting_queries",
    help: "Queries waiting for a free connection of the pool.",
    registers: [registry],
    collect() {
      this.set(client.waitingCount);
    },
  });
}

/** Open live sockets (every open WebSocket connection of /api/socket, signed in or not yet). */
export function collectSockets(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: "boxyard_live_sockets",
    help: "Open live sockets (/api/socket) on this process.",
    registers: [registry],
    collect() {
      const server = (app as unknown as { websocketServer?: { clients: Set<{ readyState: number }> } })
        .websocketServer;
      let open = 0;
      // Sockets closing (the close handshake under way) are no longer counted.
      for (const socket of server?.clients ?? []) if (socket.readyState === 1) open++;
      this.set(open);
    },
  });
}

/** How long the live bus takes to carry an event (through Redis when set), probed at each scrape. */
const PROBE_TIMEOUT_MS = 1_000;

export function collectLiveBus(live: EventBus, registry: Registry): () => void {
  const channel = `ops-probe:${randomUUID()}`;
  const waiting = new Map<string, (receivedAt: number) => void>();
  const stop = live.subscribe(channel, (event) => {
    const id = (event.payload as { id?: string } | null)?.id;
    if (id) waiting.get(id)?.(performance.now());
  });
  const probe = async (): Promise<number | null> => {
    if (!live.available) return null;
    const id = randomUUID();
    const sentAt = performance.now();
    const received = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), PROBE_TIMEOUT_MS);
      waiting.set(id, (receivedAt) => {
        clearTimeout(timer);
        resolve(receivedAt);
      });
    });
    await live.publish(channel, { event: "probe", payload: { id } });
    const receivedAt = await received;
    waiting.delete(id);
    return receivedAt === null ? null : (receivedAt - sentAt) / 1000;
  };
  new Gauge({
    name: "boxyard_live_bus_available",
    help: "1 while the live bus delivers events (0: Redis unreachable).",
    registers: [registry],
    collect() {
      this.set(live.available ? 1 : 0);
    },
  });
  new Gauge({
    name: "boxyard_live_bus_lag_seconds",
    help: "Time from publishing a probe event to receiving it back at this scrape (NaN when lost).",
    registers: [registry],
    async collect() {
      this.set((await probe()) ?? Number.NaN);
    },
  });
  return stop;
}

/** Runs of the periodic jobs (billing cycle, purges, template sync): outcomes and durations. */
export function collectJobs(registry: Registry): () => void {
  const runs = new Counter({
    name: "boxyard_job_runs_total",
    help: "Runs of the periodic jobs by job and outcome (success, failure).",
    labelNames: ["job", "outcome"],
    registers: [registry],
  });
  const duration = new Histogram({
    name: "boxyard_job_duration_seconds",
    help: "Duration of the periodic jobs' runs.",
    labelNames: ["job"],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const onRun = (message: unknown) => {
    const run = message as JobRun;
    runs.inc({ job: run.name, outcome: run.ok ? "success" : "failure" });
    duration.observe({ job: run.name }, run.seconds);
  };
  subscribe(jobRuns.name, onRun);
  return () => void unsubscribe(jobRuns.name, onRun);
}
