import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/app.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { embeddableCsp } from "./web-app.ts";

const PREVIEW = "https://preview.example.test";
let app: Awaited<ReturnType<typeof buildApp>>;
let dist: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "boxyard-web-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Boxyard</title>");
  writeFileSync(join(dist, "service-worker.js"), "self.addEventListener('fetch', () => {});");
  mkdirSync(join(dist, "static/js"), { recursive: true });
  mkdirSync(join(dist, "static/css"), { recursive: true });
  writeFileSync(join(dist, "static/js/index.DbWi1qzD.js"), "console.log('boxyard');");
  writeFileSync(join(dist, "static/css/index.B37ZPSFr.css"), "body{margin:0}");
  const database = await freshDatabase();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    BOXYARD_PUBLIC_URL: "http://localhost:3000",
    BOXYARD_PREVIEW_ORIGINS: PREVIEW,
  });
  app = await buildApp({ config, database, logger: false, webDist: dist });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(dist, { recursive: true, force: true });
});

const frameAncestors = (csp: unknown) => String(csp).match(/frame-ancestors [^;]*/)?.[0];

describe("the web app's pages", () => {
  it("S1-7.021 / page pieces come from static/js and static/css by name and hash, cached for good; the worker and pages are checked again", async () => {
    const script = await app.inject({ url: "/static/js/index.DbWi1qzD.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const style = await app.inject({ url: "/static/css/index.B37ZPSFr.css" });
    expect(style.headers["content-type"]).toContain("text/css");
    expect(style.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const worker = await app.inject({ url: "/service-worker.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toContain("javascript");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const page = await app.inject({ url: "/dashboard/recent" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect((await app.inject({ url: "/static/js/missing.00000000.js" })).statusCode).toBe(404);
  });

  it("S2-2.002 / the standalone screens may be framed by Boxyard and the preview origins; every other page by Boxyard only", async () => {
    for (const id of ["create", "create-repo-files", "no-such-screen"]) {
      const response = await app.inject({ method: "GET", url: `/standalone/${id}?sandbox=react` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<title>Boxyard</title>");
      expect(frameAncestors(response.headers["content-security-policy"])).toBe(
        `frame-ancestors 'self' http://localhost:3000 ${PREVIEW}`,
      );
      expect(response.headers["x-frame-options"]).toBeUndefined();
    }
    const dashboard = await app.inject({ method: "GET", url: "/dashboard/recent" });
    expect(dashboard.statusCode).toBe(200);
    expect(frameAncestors(dashboard.headers["content-security-policy"])).toBe("frame-ancestors 'self'");
    expect(dashboard.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("S2-2.002 / the frame-ancestors directive is replaced, or added when missing", () => {
    expect(
      embeddableCsp("default-src 'self';frame-ancestors 'self';object-src 'none'", ["https://a.test"]),
    ).toBe("default-src 'self';frame-ancestors 'self' https://a.test;object-src 'none'");
    expect(embeddableCsp("default-src 'self'", [])).toBe("default-src 'self';frame-ancestors 'self'");
  });
});
