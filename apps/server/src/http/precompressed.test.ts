import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAfterAll, freshDatabase, type TestApp } from "../../test/app.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { servableAsAsked } from "./web-app.ts";

const SCRIPT = "static/js/index.DbWi1qzD.js";
const script = `console.log(${JSON.stringify("boxyard ".repeat(400))});`;
const page = `<!doctype html><title>Boxyard</title>${"<!-- shell -->".repeat(200)}`;
let dist: string;

/** A built web app as the build leaves it: each text file with its .br and .gz, and (here) a source map. */
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "boxyard-web-compressed-"));
  mkdirSync(join(dist, "static/js"), { recursive: true });
  for (const [name, body] of [
    ["index.html", page],
    [SCRIPT, script],
  ] as const) {
    writeFileSync(join(dist, name), body);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
  }
  writeFileSync(join(dist, `${SCRIPT}.map`), JSON.stringify({ version: 3, sources: ["src/secret.ts"] }));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function webApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_PUBLIC_URL: "http://localhost:3000", ...env });
  const app = await buildApp({ config, database, logger: false, webDist: dist });
  closeAfterAll(async () => {
    await app.close();
    await database.close();
  });
  return app as TestApp;
}

describe("compressed assets and source maps", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await webApp();
  });

  it("sends the brotli copy to clients that accept br, the gzip one to those that accept gzip only", async () => {
    const br = await app.inject({ url: `/${SCRIPT}`, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload).toEqual(brotliCompressSync(script));

    const gz = await app.inject({ url: `/${SCRIPT}`, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-type"]).toContain("javascript");
    expect(gz.headers.vary).toContain("accept-encoding");
    expect(gz.rawPayload).toEqual(gzipSync(script));

    const plain = await app.inject({ url: `/${SCRIPT}`, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body).toBe(script);
  });

  it("pages (index.html for client routes) are compressed too, and checked again on every use", async () => {
    const response = await app.inject({ url: "/dashboard/recent", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.rawPayload).toEqual(brotliCompressSync(page));
  });

  it("source maps and the compressed copies by name are 404", async () => {
    for (const url of [`/${SCRIPT}.map`, `/${SCRIPT}.br`, `/${SCRIPT}.gz`, "/index.html.br"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("secret.ts");
    }
  });

  it("BOXYARD_SOURCEMAPS=true serves the source maps", async () => {
    const withMaps = await webApp({ BOXYARD_SOURCEMAPS: "true" });
    const response = await withMaps.inject({ url: `/${SCRIPT}.map` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sources: ["src/secret.ts"] });
  });

  it("only the server picks compressed copies; maps only with the setting", () => {
    expect(servableAsAsked("/static/js/a.js", false)).toBe(true);
    expect(servableAsAsked("/static/js/a.js.map", false)).toBe(false);
    expect(servableAsAsked("/static/js/a.js.map", true)).toBe(true);
    expect(servableAsAsked("/static/js/a.js.br", true)).toBe(false);
    expect(servableAsAsked("/static/js/a.js.GZ", true)).toBe(false);
  });
});
