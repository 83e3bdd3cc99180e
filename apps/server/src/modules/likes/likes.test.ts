import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen, type TestUser } from "../../../test/factories.ts";
import { sandboxes, sandboxLikes } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { sandbox } from "../search/testing.ts";

// Liking needs read access to the sandbox (sandbox.policy canReadSandbox): a public one anyone
// signed in may like; a private one only its workspace's members (READ included); others are told
// it does not exist. Liking changes the user's likes, not the workspace: a frozen workspace's
// sandboxes can still be liked.

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

const make = (privacy: 0 | 1 | 2) =>
  sandbox(app.deps.db, { workspaceId: p.workspaceId, authorId: p.writer.id, privacy });
const like = (user: TestUser | null, id: string) => call(app, user, "POST", `/api/v1/sandboxes/${id}/like`);
const unlike = (user: TestUser | null, id: string) =>
  call(app, user, "DELETE", `/api/v1/sandboxes/${id}/like`);
const count = async (id: string) =>
  (await app.deps.db.select().from(sandboxes).where(eq(sandboxes.id, id)))[0]!.likeCount;

describe("likes", () => {
  it("S1-3.012 / a like counts once however often it is sent; unliking takes it back; GET sandbox says whether the viewer likes it", async () => {
    const s = await make(0);
    expect((await like(p.outsider, s.id)).json()).toEqual({ sandboxId: s.id, liked: true, likeCount: 1 });
    expect((await like(p.outsider, s.id)).json()).toEqual({ sandboxId: s.id, liked: true, likeCount: 1 });
    expect((await like(p.reader, s.id)).json().likeCount).toBe(2);
    expect((await call(app, p.outsider, "GET", `/api/v1/sandboxes/${s.id}`)).json()).toMatchObject({
      liked: true,
      likeCount: 2,
    });
    expect((await call(app, p.admin, "GET", `/api/v1/sandboxes/${s.id}`)).json().liked).toBe(false);
    expect((await unlike(p.outsider, s.id)).json()).toEqual({ sandboxId: s.id, liked: false, likeCount: 1 });
    expect((await unlike(p.outsider, s.id)).json().likeCount).toBe(1);
    expect(await count(s.id)).toBe(1);
  });

  it("S1-3.012 / roles: signed out 401; a private sandbox is NOT_FOUND for outsiders and likeable by READ, WRITE and ADMIN; a frozen workspace's too", async () => {
    const s = await make(2);
    expect((await like(null, s.id)).statusCode).toBe(401);
    expect((await like(p.outsider, s.id)).statusCode).toBe(404);
    expect((await unlike(p.outsider, s.id)).statusCode).toBe(404);
    for (const user of [p.reader, p.writer, p.admin]) expect((await like(user, s.id)).statusCode).toBe(200);
    expect(await count(s.id)).toBe(3);
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await unlike(p.reader, s.id)).statusCode).toBe(200);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
    expect(await count(s.id)).toBe(2);
    const rows = await app.deps.db.select().from(sandboxLikes).where(eq(sandboxLikes.sandboxId, s.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([p.writer.id, p.admin.id].sort());
  });

  it("S1-3.012 / unknown sandboxes are 404 and the client marker is required", async () => {
    expect((await like(p.admin, "does-not-exist")).statusCode).toBe(404);
    const s = await make(0);
    const bare = await app.inject({
      method: "POST",
      url: `/api/v1/sandboxes/${s.id}/like`,
      headers: { cookie: p.admin.cookie },
    });
    expect(bare.statusCode).toBe(403);
    expect(await count(s.id)).toBe(0);
  });
});
