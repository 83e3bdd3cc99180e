import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { closeAfterAll, freshDatabase } from "../../test/app.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

describe("the request log", () => {
  it("writes one JSON line per request, at its response, without the query string", async () => {
    const lines: Record<string, unknown>[] = [];
    const rawLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) {
          rawLines.push(line);
          lines.push(JSON.parse(line));
        }
        done();
      },
    });
    const database = await freshDatabase();
    const config = loadConfig({ LOG_LEVEL: "info", BOXYARD_PUBLIC_URL: "http://localhost:3000" });
    const app = await buildApp({ config, database, logStream: stream });
    closeAfterAll(async () => {
      await app.close();
      await database.close();
    });
    await app.ready();
    lines.length = 0;
    rawLines.length = 0;

    await app.inject({ method: "GET", url: "/api/v1/meta/features?token=secret" });
    await app.inject({ method: "GET", url: "/api/v1/no-such-route" });
    await app.inject({ method: "GET", url: "/healthz" });
    await app.inject({ method: "GET", url: "/readyz" });

    const requests = lines.filter((line) => "statusCode" in line);
    // One reqId per line (the request logger adds it; a second would repeat the JSON key).
    expect(
      rawLines
        .filter((line) => line.includes("statusCode"))
        .every((line) => line.split(`"reqId"`).length === 2),
    ).toBe(true);
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: "GET",
        url: "/api/v1/meta/features",
        statusCode: 200,
        reqId: expect.any(String),
        msg: expect.stringMatching(/^GET \/api\/v1\/meta\/features 200 \d+(\.\d)? ms$/),
      }),
      expect.objectContaining({ url: "/api/v1/no-such-route", statusCode: 404 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret");
    // Fastify's own pair of lines (incoming request, request completed) is gone.
    expect(
      lines.filter((line) => line.msg === "incoming request" || line.msg === "request completed"),
    ).toEqual([]);
  });
});
