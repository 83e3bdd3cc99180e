import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, type TestUser } from "../../../test/factories.ts";
import { sandboxes, sandboxViews } from "../../db/schema/index.ts";
import { sandbox } from "../search/testing.ts";
import { call, sandboxRow } from "./testing.ts";
import { forgetPastViews, VIEW_PERIOD_MS } from "./views.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

/** A public sandbox written by the workspace's writer. */
const make = () => sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, privacy: 0 });
const open = (user: TestUser | null, id: string, headers: Record<string, string> = {}) =>
  call(app, user, "GET", `/api/v1/sandboxes/${id}`, undefined, headers);
const views = async (id: string) => (await sandboxRow(app, id))!.viewCount;

async function bearerToken(user: TestUser) {
  const code = (await app.inject({ url: "/api/v1/auth/auth-token", headers: { cookie: user.cookie } })).json()
    .token;
  return (await app.inject({ url: `/api/v1/auth/verify/${code}` })).json().token as string;
}

/** Moves every mark of the sandbox back in time, as if `ms` had passed. */
async function age(id: string, ms: number) {
  await app.deps.db
    .update(sandboxViews)
    .set({ countedAt: sql`${sandboxViews.countedAt} - ${ms} * interval '1 millisecond'` })
    .where(eq(sandboxViews.sandboxId, id));
}

describe("counting views of a sandbox", () => {
  it("S1-3.012 / the author's own visits count nothing; another person counts once an hour, again after it", async () => {
    const s = await make();
    for (let i = 0; i < 3; i++) expect((await open(p.writer, s.id)).statusCode).toBe(200);
    expect(await views(s.id)).toBe(0);

    const first = await open(p.reader, s.id);
    expect(first.json().viewCount).toBe(1);
    await open(p.reader, s.id);
    await open(p.reader, s.alias!);
    expect(await views(s.id)).toBe(1);
    await open(p.outsider, s.id);
    expect(await views(s.id)).toBe(2);

    await age(s.id, VIEW_PERIOD_MS + 1000);
    expect((await open(p.reader, s.id)).json().viewCount).toBe(3);
    await open(p.reader, s.id);
    expect(await views(s.id)).toBe(3);
  });

  it("S1-3.012 / API calls with a bearer token and requests without the web app's marker count nothing, yet answer the sandbox", async () => {
    const s = await make();
    const token = await bearerToken(p.outsider);
    const byToken = await app.inject({
      url: `/api/v1/sandboxes/${s.id}`,
      headers: { authorization: `Bearer ${token}`, "x-boxyard-client": "web" },
    });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json().id).toBe(s.id);
    const unmarked = await app.inject({
      url: `/api/v1/sandboxes/${s.id}`,
      headers: { cookie: p.reader.cookie },
    });
    expect(unmarked.statusCode).toBe(200);
    const script = await app.inject({ url: `/api/v1/sandboxes/${s.id}` });
    expect(script.statusCode).toBe(200);
    expect(await views(s.id)).toBe(0);
  });

  it("S1-3.012 / signed-out visitors count once an hour each, keyed without their address or browser", async () => {
    const s = await make();
    const firefox = {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    };
    const chrome = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0" };
    await open(null, s.id, firefox);
    await open(null, s.id, firefox);
    expect(await views(s.id)).toBe(1);
    await open(null, s.id, chrome);
    expect(await views(s.id)).toBe(2);

    const marks = await app.deps.db.select().from(sandboxViews).where(eq(sandboxViews.sandboxId, s.id));
    expect(marks).toHaveLength(2);
    for (const mark of marks) {
      expect(mark.viewerKey).toMatch(/^anon:[\w-]{32}$/);
      expect(mark.viewerKey).not.toContain("127.0.0.1");
      expect(mark.viewerKey).not.toContain("Mozilla");
    }
  });

  it("S1-3.012 / marks older than the period are forgotten; a sandbox deleted for good takes its marks with it", async () => {
    const kept = await make();
    const old = await make();
    await open(p.reader, kept.id);
    await open(p.reader, old.id);
    await age(old.id, VIEW_PERIOD_MS + 1000);
    expect(await forgetPastViews(app.deps.db)).toBeGreaterThanOrEqual(1);
    const left = await app.deps.db
      .select()
      .from(sandboxViews)
      .where(eq(sandboxViews.viewerKey, `user:${p.reader.id}`));
    expect(left.map((m) => m.sandboxId)).toContain(kept.id);
    expect(left.map((m) => m.sandboxId)).not.toContain(old.id);
    // The count itself stays.
    expect(await views(old.id)).toBe(1);

    await app.deps.db.delete(sandboxes).where(eq(sandboxes.id, kept.id));
    const gone = await app.deps.db.select().from(sandboxViews).where(eq(sandboxViews.sandboxId, kept.id));
    expect(gone).toHaveLength(0);
  });
});
