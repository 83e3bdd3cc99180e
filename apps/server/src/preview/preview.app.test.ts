import { SANDBOX_MESSAGES } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp, testPreviewApp } from "../../test/app.ts";
import { type Personas, personas } from "../../test/factories.ts";
import { loadConfig, previewUrlOf, settlePreviewUrl } from "../config.ts";
import { signSandboxPreviewToken } from "../modules/sandboxes/preview-tokens.ts";
import { sandbox } from "../modules/search/testing.ts";

let app: TestApp;
let preview: FastifyInstance;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  preview = await testPreviewApp(app);
  p = await personas(app);
});

const FILES = [
  { path: "index.html", code: "<!doctype html><div id=app></div>" },
  { path: "src/main.js", code: "console.log('hi')" },
  { path: "src/components/Card.jsx", code: "export default () => null;" },
];
const make = (privacy: 0 | 1 | 2) =>
  sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, files: FILES, privacy });

/** A session cookie as the browser would send it, if it ever reached the preview origin. */
const SESSION_COOKIE = "boxyard_session=s%3Aabc.def; boxyard_login=1";

describe("the preview origin", () => {
  it("issue 16 / is this server's public URL on the preview port with localhost and 127.0.0.1 swapped, listed among preview origins and in the features (S1-3.034)", async () => {
    expect(previewUrlOf("http://localhost:3000", 3001)).toEqual({
      url: "http://127.0.0.1:3001",
      sameHost: false,
    });
    expect(previewUrlOf("http://127.0.0.1:3000", 4000)).toEqual({
      url: "http://localhost:4000",
      sameHost: false,
    });
    expect(previewUrlOf("https://boxyard.example.com", 8443)).toEqual({
      url: "https://boxyard.example.com:8443",
      sameHost: true,
    });
    expect(loadConfig({ PORT: "4000" }).preview).toEqual({
      port: 4001,
      url: "http://127.0.0.1:4001",
      sameHost: false,
    });
    const explicit = loadConfig({
      BOXYARD_PREVIEW_URL: "https://preview.example.net/",
      BOXYARD_PREVIEW_PORT: "9000",
    });
    expect(explicit.preview).toEqual({ port: 9000, url: "https://preview.example.net", sameHost: false });
    expect(explicit.previewOrigins).toContain("https://preview.example.net");
    expect(() => loadConfig({ BOXYARD_PREVIEW_URL: "not a url" })).toThrow(/BOXYARD_PREVIEW_URL/);
    // "Any free port": the URL is known once it listens.
    const anyPort = loadConfig({ BOXYARD_PREVIEW_PORT: "0" });
    expect(anyPort.preview.url).toBeNull();
    settlePreviewUrl(anyPort, 41234);
    expect(anyPort.preview.url).toBe("http://127.0.0.1:41234");
    expect(anyPort.previewOrigins).toContain("http://127.0.0.1:41234");

    const features = await app.inject({ method: "GET", url: "/api/v1/meta/features" });
    expect(features.json()).toMatchObject({ previewUrl: "http://127.0.0.1:3001" });
    expect(app.deps.config.previewOrigins).toContain("http://127.0.0.1:3001");
    // The editor may frame it; nothing else may.
    const page = await app.inject({ method: "GET", url: "/api/v1/meta/features" });
    expect(page.headers["content-security-policy"]).toContain("frame-src 'self' http://127.0.0.1:3001");
  });

  it("issue 16 / answers every page of a sandbox with the runtime's shell, framable by Boxyard's origin only, and neither reads nor sets a cookie", async () => {
    const s = await make(2);
    const response = await preview.inject({
      method: "GET",
      url: `/${s.id}/about/team`,
      headers: { cookie: SESSION_COOKIE },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toMatch(
      new RegExp(`src="/_runtime/runtime.js\\?v=[0-9a-f]{12}" data-sandbox="${s.id}"`),
    );
    expect(response.body).toContain('data-boxyard-origin="http://localhost:3000"');
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors http://localhost:3000");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    const bad = await preview.inject({ method: "GET", url: "/..%2f..%2fetc/passwd" });
    expect(bad.statusCode).toBe(404);
  });

  it("issue 16 / the files route gives a public or unlisted sandbox's files by path to anyone, and no cookie signs anyone in", async () => {
    for (const privacy of [0, 1] as const) {
      const s = await make(privacy);
      const response = await preview.inject({ method: "GET", url: `/_files/${s.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        sandboxId: s.id,
        files: {
          "index.html": FILES[0]!.code,
          "src/main.js": FILES[1]!.code,
          "src/components/Card.jsx": FILES[2]!.code,
        },
      });
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    }
    // A private sandbox: the author's own session cookie does not reach it (the origin drops cookies).
    const secret = await make(2);
    const withCookie = await preview.inject({
      method: "GET",
      url: `/_files/${secret.id}`,
      headers: { cookie: p.writer.cookie },
    });
    expect(withCookie.statusCode).toBe(404);
  });

  it("issue 16 / a private sandbox's files need a preview token of someone who may read it; an expired or forged token is refused and changes nothing", async () => {
    const s = await make(2);
    const other = await make(2);
    const files = (token?: string) =>
      preview.inject({
        method: "GET",
        url: `/_files/${s.id}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await files()).statusCode).toBe(404);

    const { token } = await signSandboxPreviewToken(app.deps.secret, p.writer.id, s.id);
    const granted = await files(token);
    expect(granted.statusCode).toBe(200);
    expect(Object.keys(granted.json().files)).toContain("src/main.js");

    // A token for another sandbox, or of someone who may not read this one, reads nothing.
    const forOther = await signSandboxPreviewToken(app.deps.secret, p.writer.id, other.id);
    expect((await files(forOther.token)).statusCode).toBe(404);
    const outsider = await signSandboxPreviewToken(app.deps.secret, p.outsider.id, s.id);
    expect((await files(outsider.token)).statusCode).toBe(404);

    const expired = await new SignJWT({ sandbox: s.id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(p.writer.id)
      .setAudience("boxyard:sandbox-preview")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(app.deps.secret);
    const refused = await files(expired);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: { token: [SANDBOX_MESSAGES.previewTokenExpired] } });
    expect((await files("not.a.token")).statusCode).toBe(401);
  });

  it("issue 16 / serves the runtime and the packages' routes (registered by the packages module)", async () => {
    const runtime = await preview.inject({ method: "GET", url: "/_runtime/runtime.js" });
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers["content-type"]).toContain("javascript");
    const resolve = await preview.inject({
      method: "POST",
      url: "/_npm/resolve",
      payload: { dependencies: 3 },
    });
    expect(resolve.statusCode).toBe(400);
  });
});

describe("the preview origin's limits", () => {
  it("issue 16 / an address that asks for files too often is told to wait (429); other addresses are not held back", async () => {
    const own = await testPreviewApp(app);
    const { id } = await make(0);
    const ask = () => own.inject({ method: "GET", url: `/_files/${id}`, remoteAddress: "203.0.113.9" });
    let answered = 0;
    let refused = 0;
    for (let i = 0; i < 125; i++) {
      const status = (await ask()).statusCode;
      if (status === 200) answered++;
      if (status === 429) refused++;
    }
    expect(answered).toBe(120);
    expect(refused).toBe(5);
    // Another address is not held back.
    const other = await own.inject({ method: "GET", url: `/_files/${id}`, remoteAddress: "203.0.113.10" });
    expect(other.statusCode).toBe(200);
  });
});
