import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { inlineScriptHashes, registerSecurityHeaders } from "./security-headers.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the web app's inline script (issue 19, the first paint's frame)", () => {
  it("is allowed by its hash and no other inline script is", async () => {
    const dist = mkdtempSync(join(tmpdir(), "boxyard-csp-"));
    dirs.push(dist);
    const script = 'document.getElementById("root").textContent = "frame";';
    writeFileSync(join(dist, "index.html"), `<!doctype html><div id="root"></div><script>${script}</script>`);
    const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    expect(inlineScriptHashes(dist)).toEqual([hash]);
    expect(inlineScriptHashes(undefined)).toEqual([]);

    const app = Fastify();
    registerSecurityHeaders(app, loadConfig({}), inlineScriptHashes(dist));
    app.get("/", async () => "ok");
    const csp = String((await app.inject({ url: "/" })).headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toContain("unsafe-inline'; script");
    await app.close();
  });
});
