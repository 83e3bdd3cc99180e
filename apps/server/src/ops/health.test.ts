import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type TestApp, testApp } from "../../test/app.ts";
import { printSdl } from "../graphql/schema.ts";

// Public by design (load balancers and Kubernetes call them): they answer states, nothing else.

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

describe("health probes", () => {
  it("GET /healthz answers while the process runs", async () => {
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("GET /readyz is ready with the database up, every migration applied and no Redis configured", async () => {
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: "not configured" },
    });
  });

  it("GET /readyz is 503 naming a migration the database has not applied", async () => {
    const [last] = await app.deps.database.query<{ id: number; hash: string; created_at: string }>(
      "select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    await app.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const response = await app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      const body = response.json() as { status: string; checks: Record<string, string> };
      expect(body.status).toBe("not ready");
      expect(body.checks.database).toBe("ok");
      expect(body.checks.migrations).toMatch(/^1 not applied: \d{4}_\w+$/);
    } finally {
      await app.deps.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("GET /readyz is 503 when the database does not answer", async () => {
    vi.spyOn(app.deps.database, "query").mockRejectedValueOnce(new Error("connection refused"));
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "not ready",
      checks: { database: "unreachable", migrations: "unknown (no database)", redis: "not configured" },
    });
  });

  it("GET /readyz is 503 while the configured Redis is unreachable", async () => {
    const cutOff = await testApp({ REDIS_URL: "redis://127.0.0.1:1" });
    const response = await cutOff.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "not ready",
      checks: { database: "ok", migrations: "ok", redis: "unreachable" },
    });
    expect((await cutOff.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)("GET /readyz is ready with a reachable Redis", async () => {
    const withRedis = await testApp({ REDIS_URL: process.env.TEST_REDIS_URL! });
    await vi.waitFor(() => expect(withRedis.deps.live.available).toBe(true), { timeout: 5_000 });
    const response = await withRedis.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ checks: { redis: "ok" } });
  });
});

describe("the GraphQL schema", () => {
  it("GET /api/graphql/schema.graphql serves the SDL, the same as the checked-in schema", async () => {
    const response = await app.inject({ method: "GET", url: "/api/graphql/schema.graphql" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toBe(printSdl());
    expect(response.body).toContain("type Query {");
  });
});
