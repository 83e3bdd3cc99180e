import { createServer } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type TestApp, testApp } from "../../test/app.ts";
import { signUp } from "../../test/factories.ts";
import { openSocket, socketToken } from "../../test/socket.ts";
import { startIntervalJob } from "../jobs/interval-job.ts";

const TOKEN = "metrics-token-for-tests";
const auth = { authorization: `Bearer ${TOKEN}` };
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_METRICS_TOKEN: TOKEN });
});

const scrape = async (target: TestApp = app) => {
  const response = await target.inject({ method: "GET", url: "/metrics", headers: auth });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one sample (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("Prometheus metrics", () => {
  it("GET /metrics needs the token: none or a wrong one is 401, and nothing is told", async () => {
    const missing = await app.inject({ method: "GET", url: "/metrics" });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(missing.body).not.toContain("boxyard_");
    const wrong = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer nope" },
    });
    expect(wrong.statusCode).toBe(401);
    const user = await signUp(app);
    const signedIn = await app.inject({ method: "GET", url: "/metrics", headers: { cookie: user.cookie } });
    expect(signedIn.statusCode).toBe(401);
  });

  it("without a token or port setting there is no /metrics", async () => {
    const plain = await testApp();
    const response = await plain.inject({ method: "GET", url: "/metrics", headers: auth });
    expect(response.statusCode).toBe(404);
  });

  it("counts requests by route and status, with latency histograms", async () => {
    const route = { method: "GET", route: "/api/v1/meta/features", status_code: "200" };
    const before = sample(await scrape(), "boxyard_http_requests_total", route) ?? 0;
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: "GET", url: "/api/v1/meta/features" })).statusCode).toBe(200);
    }
    await app.inject({ method: "GET", url: "/api/v1/no-such-thing" });
    const text = await scrape();
    expect(sample(text, "boxyard_http_requests_total", route)).toBe(before + 3);
    expect(sample(text, "boxyard_http_request_duration_seconds_count", route)).toBe(before + 3);
    expect(sample(text, "boxyard_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(
      before + 3,
    );
    expect(
      sample(text, "boxyard_http_requests_total", { method: "GET", route: "unmatched", status_code: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain("# TYPE boxyard_http_request_duration_seconds histogram");
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("reports the database, the live bus and its lag", async () => {
    const text = await scrape();
    const kind = app.deps.database.kind;
    expect(sample(text, "boxyard_db_up", { kind })).toBe(1);
    expect(sample(text, "boxyard_db_ping_seconds")).toBeGreaterThanOrEqual(0);
    if (kind === "postgres") {
      expect(sample(text, "boxyard_db_pool_max_connections")).toBe(5);
      expect(sample(text, "boxyard_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
      expect(sample(text, "boxyard_db_pool_waiting_queries")).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain("boxyard_db_pool_");
    }
    expect(sample(text, "boxyard_live_bus_available")).toBe(1);
    const lag = sample(text, "boxyard_live_bus_lag_seconds");
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(1);
  });

  it("tells at each scrape whether the database answers", async () => {
    const kind = app.deps.database.kind;
    const down = vi.spyOn(app.deps.database, "query").mockRejectedValue(new Error("connection refused"));
    try {
      const text = await scrape();
      expect(sample(text, "boxyard_db_up", { kind })).toBe(0);
      expect(sample(text, "boxyard_db_ping_seconds")).toBeNaN();
    } finally {
      down.mockRestore();
    }
    const text = await scrape();
    expect(sample(text, "boxyard_db_up", { kind })).toBe(1);
    expect(sample(text, "boxyard_db_ping_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("counts open live sockets", async () => {
    const user = await signUp(app);
    const before = sample(await scrape(), "boxyard_live_sockets")!;
    const socket = await openSocket(app, await socketToken(app, user));
    expect(sample(await scrape(), "boxyard_live_sockets")).toBe(before + 1);
    socket.close();
    await vi.waitFor(async () => expect(sample(await scrape(), "boxyard_live_sockets")).toBe(before));
  });

  it("counts job runs and failures, with their duration", async () => {
    let runs = 0;
    const job = startIntervalJob(
      "metrics test job",
      async () => {
        runs++;
        if (runs === 2) throw new Error("this run fails");
      },
      { intervalMs: 10, firstRunMs: 0 },
    );
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    await job.stop();
    const text = await scrape();
    const job_ = { job: "metrics test job" };
    const succeeded = sample(text, "boxyard_job_runs_total", { ...job_, outcome: "success" })!;
    const failed = sample(text, "boxyard_job_runs_total", { ...job_, outcome: "failure" })!;
    expect(failed).toBe(1);
    expect(succeeded + failed).toBe(runs);
    expect(sample(text, "boxyard_job_duration_seconds_count", job_)).toBe(runs);
  });

  it("BOXYARD_METRICS_PORT serves them without a token on an internal port, and not on the main one", async () => {
    const port = await freePort();
    const internal = await testApp({ BOXYARD_METRICS_PORT: String(port), HOST: "127.0.0.1" });
    await internal.listen({ port: 0, host: "127.0.0.1" });
    expect((await internal.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toContain("boxyard_http_requests_total");
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
