import { DASHBOARD_MESSAGES, PREVIEW_TOKEN_LIFETIME_S, SANDBOX_MESSAGES } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen } from "../../../test/factories.ts";
import { loadConfig } from "../../config.ts";
import { sandboxAccesses, sandboxCollaborators, sandboxes } from "../../db/schema/index.ts";
import { sandbox } from "../search/testing.ts";
import { call, sandboxRow } from "./testing.ts";

const PREVIEW_ORIGIN = "https://preview.example.test";
let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp({ BOXYARD_PREVIEW_ORIGINS: PREVIEW_ORIGIN });
  p = await personas(app);
});

const FILES = [
  { path: "package.json", code: '{"name":"weather"}' },
  { path: "src/index.js", code: "console.log('hi')" },
  { path: "src/components/Card.jsx", code: "export default () => null;" },
  { path: "public/logo.png", code: "https://cdn.example.test/logo.png", isBinary: true },
];

const make = (values: Partial<Parameters<typeof sandbox>[1]> = {}) =>
  sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, files: FILES, ...values });

const NOT_FOUND = { errors: { detail: [DASHBOARD_MESSAGES.sandboxNotFound] } };

describe("GET /api/v1/sandboxes/:id", () => {
  it("S1-7.010 S2-7.011 S1-3.038 / answers the full sandbox: fields, workspace, author, files (modules and directories), the viewer's authorization; opening it counts a view and records it in Recent", async () => {
    const s = await make({
      title: "Weather app",
      privacy: 2,
      sourceTemplate: "react",
      description: "Rain or shine",
    });
    const response = await call(app, p.admin, "GET", `/api/v1/sandboxes/${s.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: s.id,
      alias: s.alias,
      title: "Weather app",
      description: "Rain or shine",
      privacy: 2,
      isV2: false,
      v2: false,
      draft: false,
      teamId: p.workspaceId,
      team: { id: p.workspaceId, name: expect.any(String) },
      author: { id: p.writer.id, username: p.writer.username },
      collection: { path: "/" },
      source: { template: "react" },
      authorization: "WRITE_CODE",
      permissions: { preventSandboxLeaving: false, preventSandboxExport: false },
      canExport: true,
      viewCount: 1,
    });
    expect(body.directories.map((d: { title: string }) => d.title).sort()).toEqual([
      "components",
      "public",
      "src",
    ]);
    expect(body.modules).toHaveLength(4);
    const byTitle = new Map(body.modules.map((m: { title: string }) => [m.title, m]));
    const src = body.directories.find((d: { title: string }) => d.title === "src");
    const components = body.directories.find((d: { title: string }) => d.title === "components");
    expect(components.directoryShortid).toBe(src.shortid);
    expect(byTitle.get("Card.jsx")).toMatchObject({
      code: "export default () => null;",
      directoryShortid: components.shortid,
      isBinary: false,
    });
    expect(byTitle.get("logo.png")).toMatchObject({ isBinary: true });
    expect(byTitle.get("package.json")).toMatchObject({ directoryShortid: null });
    expect(response.headers["cache-control"]).toBe("no-store");

    const [access] = await app.deps.db
      .select()
      .from(sandboxAccesses)
      .where(and(eq(sandboxAccesses.userId, p.admin.id), eq(sandboxAccesses.sandboxId, s.id)));
    expect(access).toBeDefined();
    const recent = await gql<{ me: { recentlyAccessedSandboxes: { id: string }[] } }>(
      app,
      p.admin,
      "query { me { id recentlyAccessedSandboxes(limit: 18) { id } } }",
    );
    expect(recent.data!.me.recentlyAccessedSandboxes[0]!.id).toBe(s.id);

    await call(app, null, "GET", `/api/v1/sandboxes/${(await make({ privacy: 0 })).id}`);
    expect((await call(app, p.reader, "GET", `/api/v1/sandboxes/${s.id}`)).json().viewCount).toBe(2);
    expect((await sandboxRow(app, s.id))!.viewCount).toBe(2);
  });

  it("S1-2.006 / a sandbox opens by its alias too (the dashboard links to /s/{alias})", async () => {
    const s = await make({ privacy: 0, alias: "weather-station-abc123" });
    const response = await call(app, null, "GET", "/api/v1/sandboxes/weather-station-abc123");
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(s.id);
  });

  it("S2-4.004 S1-6.009 / who may read: public and unlisted anyone (signed out too), private members and collaborators, a draft only its author, deleted only members; anything else answers 404 exactly as an unknown id", async () => {
    const open = async (user: typeof p.admin | null, id: string) => {
      const r = await call(app, user, "GET", `/api/v1/sandboxes/${id}`);
      return r.statusCode === 200 ? r.json().authorization : r.statusCode;
    };
    const unknown = await call(app, p.outsider, "GET", "/api/v1/sandboxes/nosuch1");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);

    const pub = await make({ privacy: 0 });
    const unlisted = await make({ privacy: 1 });
    const priv = await make({ privacy: 2 });
    expect(await open(null, pub.id)).toBe("READ");
    expect(await open(p.outsider, pub.id)).toBe("READ");
    expect(await open(null, unlisted.id)).toBe("READ");
    expect(await open(p.outsider, unlisted.id)).toBe("READ");
    expect(await open(null, priv.id)).toBe(404);
    const outsiderPrivate = await call(app, p.outsider, "GET", `/api/v1/sandboxes/${priv.id}`);
    expect(outsiderPrivate.statusCode).toBe(404);
    expect(outsiderPrivate.json()).toEqual(NOT_FOUND);
    expect(await open(p.reader, priv.id)).toBe("READ");
    expect(await open(p.writer, priv.id)).toBe("OWNER");
    expect(await open(p.admin, priv.id)).toBe("WRITE_CODE");
    // A collaborator is no member, yet reads a private sandbox at their level.
    await app.deps.db
      .insert(sandboxCollaborators)
      .values({ sandboxId: priv.id, userId: p.outsider.id, authorization: "COMMENT" });
    expect(await open(p.outsider, priv.id)).toBe("COMMENT");
    // Another workspace's member sees no collaborator-free private sandbox of this one.
    const other = await sandbox(app.deps.db, {
      workspaceId: p.outsider.primaryTeamId,
      authorId: p.outsider.id,
      privacy: 2,
    });
    expect(await open(p.admin, other.id)).toBe(404);

    const draft = await make({ privacy: 0, draft: true, authorId: p.admin.id });
    expect(await open(p.admin, draft.id)).toBe("OWNER");
    expect(await open(p.writer, draft.id)).toBe(404);
    expect(await open(null, draft.id)).toBe(404);

    const deleted = await make({ privacy: 0, removedAt: new Date() });
    expect(await open(p.outsider, deleted.id)).toBe(404);
    expect(await open(null, deleted.id)).toBe(404);
    expect(await open(p.reader, deleted.id)).toBe("READ");

    await setFrozen(app, p.workspaceId, true);
    try {
      expect(await open(p.reader, priv.id)).toBe("READ");
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-5.018 / canExport: members of non-devboxes whose export is not prevented; outsiders never (the zip route is for members)", async () => {
    const pub = await make({ privacy: 0 });
    const devbox = await make({ privacy: 0, isV2: true });
    const locked = await make({ privacy: 0, preventSandboxExport: true });
    const exportable = async (user: typeof p.admin | null, id: string) =>
      (await call(app, user, "GET", `/api/v1/sandboxes/${id}`)).json().canExport;
    expect(await exportable(p.reader, pub.id)).toBe(true);
    expect(await exportable(p.outsider, pub.id)).toBe(false);
    expect(await exportable(null, pub.id)).toBe(false);
    expect(await exportable(p.admin, devbox.id)).toBe(false);
    expect(await exportable(p.admin, locked.id)).toBe(false);
    const outsiderView = (await call(app, p.outsider, "GET", `/api/v1/sandboxes/${pub.id}`)).json();
    expect(outsiderView.collection).toBeNull();
  });
});

describe("preview tokens (/auth/sandbox/:id and /auth/sandpack/:teamId)", () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("S1-2.014 / POST /api/v1/sandboxes/:id/preview_token gives a short-lived token that reads that one sandbox, for an allowed origin only", async () => {
    const priv = await make({ privacy: 2 });
    const another = await make({ privacy: 2 });
    const url = `/api/v1/sandboxes/${priv.id}/preview_token`;
    const issued = await call(app, p.reader, "POST", url, { origin: PREVIEW_ORIGIN });
    expect(issued.statusCode).toBe(200);
    const { token, expiresAt, sandboxId } = issued.json();
    expect(sandboxId).toBe(priv.id);
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan((PREVIEW_TOKEN_LIFETIME_S - 60) * 1000);
    expect(lifetime).toBeLessThanOrEqual(PREVIEW_TOKEN_LIFETIME_S * 1000);

    const read = await app.inject({
      method: "GET",
      url: `/api/v1/sandboxes/${priv.id}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: priv.id, authorization: "READ", canExport: false });
    const elsewhere = await app.inject({
      method: "GET",
      url: `/api/v1/sandboxes/${another.id}`,
      headers: bearer(token),
    });
    expect(elsewhere.statusCode).toBe(404);
    // The grant reads as the user who asked: once they leave the workspace, it reads nothing.
    const garbage = await app.inject({
      method: "GET",
      url: `/api/v1/sandboxes/${priv.id}`,
      headers: bearer("not.a.token"),
    });
    expect(garbage.statusCode).toBe(404);
    const expired = await new SignJWT({ sandbox: priv.id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(p.reader.id)
      .setAudience("boxyard:sandbox-preview")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(app.deps.secret);
    expect(
      (await app.inject({ method: "GET", url: `/api/v1/sandboxes/${priv.id}`, headers: bearer(expired) }))
        .statusCode,
    ).toBe(404);
    const forged = await new SignJWT({ sandbox: priv.id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(p.reader.id)
      .setAudience("boxyard:sandbox-preview")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("a secret that is not the server's secret"));
    expect(
      (await app.inject({ method: "GET", url: `/api/v1/sandboxes/${priv.id}`, headers: bearer(forged) }))
        .statusCode,
    ).toBe(404);

    const own = await call(app, p.reader, "POST", url, { origin: "http://localhost:3000" });
    expect(own.statusCode).toBe(200);
    const refused = await call(app, p.reader, "POST", url, { origin: "https://evil.example.test" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { origin: [SANDBOX_MESSAGES.previewOriginRefused] } });
    expect((await call(app, p.reader, "POST", url, {})).statusCode).toBe(422);
    expect((await call(app, p.outsider, "POST", url, { origin: PREVIEW_ORIGIN })).statusCode).toBe(404);
    expect((await call(app, null, "POST", url, { origin: PREVIEW_ORIGIN })).statusCode).toBe(401);
    const noMarker = await app.inject({
      method: "POST",
      url,
      headers: { cookie: p.reader.cookie },
      payload: { origin: PREVIEW_ORIGIN },
    });
    expect(noMarker.statusCode).toBe(403);
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await call(app, p.reader, "POST", url, { origin: PREVIEW_ORIGIN })).statusCode).toBe(200);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-7.003 / POST /api/v1/sandpack/token/:teamId: members only; the token reads the workspace's sandboxes (not other workspaces', not others' drafts)", async () => {
    const url = `/api/v1/sandpack/token/${p.workspaceId}`;
    const issued = await call(app, p.reader, "POST", url, {});
    expect(issued.statusCode).toBe(200);
    const { token } = issued.json();
    expect(typeof token).toBe("string");
    const priv = await make({ privacy: 2 });
    const draft = await make({ privacy: 2, draft: true, authorId: p.admin.id });
    const other = await sandbox(app.deps.db, {
      workspaceId: p.outsider.primaryTeamId,
      authorId: p.outsider.id,
      privacy: 2,
    });
    const read = (id: string) =>
      app.inject({ method: "GET", url: `/api/v1/sandboxes/${id}`, headers: bearer(token) });
    expect((await read(priv.id)).statusCode).toBe(200);
    expect((await read(draft.id)).statusCode).toBe(404);
    expect((await read(other.id)).statusCode).toBe(404);
    // A Sandpack token is no preview token of one sandbox and signs nobody in.
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/users/current", headers: bearer(token) })).statusCode,
    ).toBe(401);

    for (const member of [p.admin, p.writer])
      expect((await call(app, member, "POST", url, {})).statusCode).toBe(200);
    expect((await call(app, p.outsider, "POST", url, {})).statusCode).toBe(404);
    expect((await call(app, null, "POST", url, {})).statusCode).toBe(401);
    expect((await call(app, p.reader, "POST", "/api/v1/sandpack/token/not-a-team", {})).statusCode).toBe(404);
    expect((await call(app, p.reader, "POST", url, { origin: "https://evil.example.test" })).statusCode).toBe(
      403,
    );
    expect((await call(app, p.reader, "POST", url, { origin: PREVIEW_ORIGIN })).statusCode).toBe(200);
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await call(app, p.reader, "POST", url, {})).statusCode).toBe(200);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-2.014 / previews on a configured origin may read with a bearer token (CORS without cookies); other origins get no CORS answer", async () => {
    const pub = await make({ privacy: 0 });
    const preflight = await app.inject({
      method: "OPTIONS",
      url: `/api/v1/sandboxes/${pub.id}`,
      headers: { origin: PREVIEW_ORIGIN, "access-control-request-method": "GET" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(PREVIEW_ORIGIN);
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
    const evil = await app.inject({
      method: "OPTIONS",
      url: `/api/v1/sandboxes/${pub.id}`,
      headers: { origin: "https://evil.example.test", "access-control-request-method": "GET" },
    });
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    const get = await app.inject({
      method: "GET",
      url: `/api/v1/sandboxes/${pub.id}`,
      headers: { origin: PREVIEW_ORIGIN },
    });
    expect(get.headers["access-control-allow-origin"]).toBe(PREVIEW_ORIGIN);
  });
});

describe("BOXYARD_PREVIEW_ORIGINS", () => {
  it("S1-2.014 / takes origins only; this server's own origin always receives tokens", () => {
    // This server's origin, and its own preview origin (issue 16: another port, the same host here).
    expect(loadConfig({ BOXYARD_PUBLIC_URL: "https://boxyard.example.test/" }).previewOrigins).toEqual([
      "https://boxyard.example.test",
      "https://boxyard.example.test:3001",
    ]);
    expect(
      loadConfig({ BOXYARD_PREVIEW_ORIGINS: "https://a.example.test, http://localhost:5000" }).previewOrigins,
    ).toContain("http://localhost:5000");
    for (const bad of ["https://a.example.test/path", "ftp://a.example.test", "not a url"]) {
      expect(() => loadConfig({ BOXYARD_PREVIEW_ORIGINS: bad }), bad).toThrow(/BOXYARD_PREVIEW_ORIGINS/);
    }
  });
});

describe("GET /api/v1/sandboxes (sandbox picker)", () => {
  it("S1-7.010 / the signed-in user's own sandboxes, newest first, not deleted ones, not other people's", async () => {
    const user = p.writer;
    const older = await make({ title: "Older", updatedAt: new Date(Date.now() - 60_000) });
    const newer = await make({ title: "Newer", updatedAt: new Date(Date.now() + 60_000) });
    await make({ title: "Gone", removedAt: new Date() });
    await make({ title: "Not mine", authorId: p.admin.id });
    const response = await call(app, user, "GET", "/api/v1/sandboxes");
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: string; title: string; authorId: string }[];
    expect(list[0]!.id).toBe(newer.id);
    expect(list.map((s) => s.id)).toContain(older.id);
    expect(list.every((s) => s.authorId === user.id)).toBe(true);
    expect(list.map((s) => s.title)).not.toContain("Gone");
    expect((await call(app, user, "GET", "/api/v1/sandboxes?limit=1")).json()).toHaveLength(1);
    expect((await call(app, user, "GET", "/api/v1/sandboxes?limit=0")).statusCode).toBe(422);
    expect((await call(app, null, "GET", "/api/v1/sandboxes")).statusCode).toBe(401);
    const outsiders = (await call(app, p.outsider, "GET", "/api/v1/sandboxes")).json() as {
      authorId: string;
    }[];
    expect(outsiders.every((s) => s.authorId === p.outsider.id)).toBe(true);
  });
});

describe("GET /api/v1/sandboxes/:id/screenshot.png", () => {
  it("S1-7.015 S2-7.003 / a real PNG card image, cacheable (an ETag answers 304), private ones only to who may read them", async () => {
    const pub = await make({ privacy: 0, title: "Card image" });
    const response = await call(app, null, "GET", `/api/v1/sandboxes/${pub.id}/screenshot.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const png = response.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 360]);
    const etag = response.headers.etag as string;
    const again = await call(app, null, "GET", `/api/v1/sandboxes/${pub.id}/screenshot.png`, undefined, {
      "if-none-match": etag,
    });
    expect(again.statusCode).toBe(304);
    await app.deps.db.update(sandboxes).set({ title: "Renamed" }).where(eq(sandboxes.id, pub.id));
    const renamed = await call(app, null, "GET", `/api/v1/sandboxes/${pub.id}/screenshot.png`, undefined, {
      "if-none-match": etag,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);

    const priv = await make({ privacy: 2 });
    expect(
      (await call(app, p.outsider, "GET", `/api/v1/sandboxes/${priv.id}/screenshot.png`)).statusCode,
    ).toBe(404);
    expect((await call(app, null, "GET", `/api/v1/sandboxes/${priv.id}/screenshot.png`)).statusCode).toBe(
      404,
    );
    const member = await call(app, p.reader, "GET", `/api/v1/sandboxes/${priv.id}/screenshot.png`);
    expect(member.statusCode).toBe(200);
    expect(member.headers["cache-control"]).toBe("private, max-age=300");
    // Looking at the card is not opening the sandbox.
    expect((await sandboxRow(app, priv.id))!.viewCount).toBe(0);
  });
});

describe("GraphQL sandbox(sandboxId)", () => {
  const GET_SANDBOX_WITH_TEMPLATE = `query GetSandboxWithTemplate($id: ID!) { sandbox(sandboxId: $id) {
    id alias title description forkCount viewCount isV2 insertedAt updatedAt team { name } source { template } customTemplate { id iconUrl } } }`;
  type Answer = {
    sandbox: { id: string; team: { name: string } | null; source: { template: string } } | null;
  };

  it("S1-7.028 / GetSandboxWithTemplate answers what the viewer may open (same rule as GET); the workspace only to its members", async () => {
    const pub = await make({ privacy: 0, sourceTemplate: "vue" });
    const priv = await make({ privacy: 2 });
    const anonymous = await gql<Answer>(app, null, GET_SANDBOX_WITH_TEMPLATE, { id: pub.id });
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data!.sandbox).toMatchObject({ id: pub.id, source: { template: "vue" }, team: null });
    const member = await gql<Answer>(app, p.reader, GET_SANDBOX_WITH_TEMPLATE, { id: priv.id });
    expect(member.data!.sandbox!.team!.name).toEqual(expect.any(String));
    for (const user of [null, p.outsider]) {
      const hidden = await gql<Answer>(app, user, GET_SANDBOX_WITH_TEMPLATE, { id: priv.id });
      expect(hidden.errors).toBeUndefined();
      expect(hidden.data!.sandbox).toBeNull();
    }
    expect(
      (await gql<Answer>(app, p.outsider, GET_SANDBOX_WITH_TEMPLATE, { id: "nosuch" })).data!.sandbox,
    ).toBeNull();
    const leak = await gql<{ sandbox: { team: { inviteToken: string } | null } }>(
      app,
      p.outsider,
      "query($id: ID!) { sandbox(sandboxId: $id) { team { inviteToken } } }",
      { id: pub.id },
    );
    expect(leak.data!.sandbox!.team).toBeNull();
  });
});
