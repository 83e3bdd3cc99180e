import { RECENT_LIMIT } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, signUp, type TestUser } from "../../../test/factories.ts";
import { sandboxAccesses, sandboxCollaborators, sandboxes, templates } from "../../db/schema/index.ts";
import { runQuery } from "../../service/context.ts";
import { sandbox } from "../search/testing.ts";
import { recentlyAccessed, recordAccess } from "./recent.service.ts";

let app: TestApp;
let p: Personas;

beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** The web app's RecentlyAccessedSandboxes and SharedWithMeSandboxes (api-contract §3, §8). */
const RECENT = `query RecentlyAccessedSandboxes($limit: Int!, $teamId: UUID4) {
  me { id recentlyAccessedSandboxes(limit: $limit, teamId: $teamId) {
    id alias title lastAccessedAt privacy restricted draft isV2 screenshotUrl teamId
    source { template } customTemplate { id iconUrl } forkedTemplate { id color iconUrl }
    collection { path id } author { username } } } }`;
const SHARED = `query SharedWithMeSandboxes { me { id collaboratorSandboxes {
  id alias title description updatedAt viewCount isV2 draft restricted privacy screenshotUrl teamId
  source { template } customTemplate { id iconUrl } author { username } collection { path id } authorization } } }`;

type Listed = Record<string, unknown> & { id: string };
async function recent(user: TestUser, limit: number, teamId?: string) {
  const r = await gql<{ me: { recentlyAccessedSandboxes: Listed[] } }>(app, user, RECENT, { limit, teamId });
  if (r.errors) throw Object.assign(new Error(r.errors[0]!.message), { errors: r.errors });
  return r.data!.me.recentlyAccessedSandboxes;
}
async function sharedList(user: TestUser) {
  const r = await gql<{ me: { collaboratorSandboxes: Listed[] } }>(app, user, SHARED);
  expect(r.errors).toBeUndefined();
  return r.data!.me.collaboratorSandboxes;
}

describe("recently accessed", () => {
  it("S1-2.033 / opening records the access once per user and sandbox, the latest time wins", async () => {
    const db = app.deps.db;
    const s = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id });
    const latest = minutesAgo(1);
    await recordAccess(db, p.writer.id, s.id, minutesAgo(10));
    await recordAccess(db, p.writer.id, s.id, latest);
    const rows = await db
      .select()
      .from(sandboxAccesses)
      .where(and(eq(sandboxAccesses.userId, p.writer.id), eq(sandboxAccesses.sandboxId, s.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastAccessedAt.toISOString()).toBe(latest.toISOString());
  });

  it("S1-2.033 / newest first, at most 18 whatever the limit asked, RecentSandbox-shaped", async () => {
    const db = app.deps.db;
    const user = await signUp(app);
    const made = [];
    const times: Date[] = [];
    for (let i = 0; i < 20; i++) {
      const s = await sandbox(db, {
        workspaceId: user.primaryTeamId,
        authorId: user.id,
        title: `Recent ${i}`,
      });
      times.push(minutesAgo(100 - i));
      await recordAccess(db, user.id, s.id, times[i]);
      made.push(s);
    }
    const newestFirst = made.map((s) => s.id).reverse();
    const all = await recent(user, 1000);
    expect(all.map((s) => s.id)).toEqual(newestFirst.slice(0, RECENT_LIMIT));
    expect((await recent(user, 5)).map((s) => s.id)).toEqual(newestFirst.slice(0, 5));
    expect(all[0]).toEqual({
      id: made[19]!.id,
      alias: made[19]!.alias,
      title: "Recent 19",
      lastAccessedAt: times[19]!.toISOString(),
      privacy: 2,
      restricted: false,
      draft: false,
      isV2: false,
      screenshotUrl: null,
      teamId: user.primaryTeamId,
      source: { template: null },
      customTemplate: null,
      forkedTemplate: null,
      collection: { path: "/", id: made[19]!.collectionId },
      author: { username: user.username },
    });
  });

  it("S1-2.033 / the forked template and the team filter", async () => {
    const db = app.deps.db;
    const user = await signUp(app);
    const base = await sandbox(db, { workspaceId: user.primaryTeamId, authorId: user.id });
    const [t] = await db
      .insert(templates)
      .values({ sandboxId: base.id, color: "#fff", iconUrl: "react" })
      .returning();
    const fork = await sandbox(db, {
      workspaceId: user.primaryTeamId,
      authorId: user.id,
      forkedFromId: base.id,
    });
    const other = await sandbox(db, {
      workspaceId: p.outsider.primaryTeamId,
      authorId: p.outsider.id,
      privacy: 0,
    });
    await recordAccess(db, user.id, fork.id, minutesAgo(2));
    await recordAccess(db, user.id, other.id, minutesAgo(1));
    const mine = await recent(user, 18, user.primaryTeamId);
    expect(mine.map((s) => s.id)).toEqual([fork.id]);
    expect(mine[0]!.forkedTemplate).toEqual({ id: t!.id, color: "#fff", iconUrl: "react" });
    expect((await recent(user, 18)).map((s) => s.id)).toEqual([other.id, fork.id]);
  });

  it("S1-2.033 / authorization: only sandboxes the user may still see (members of any role, not outsiders, no deleted, no others' drafts)", async () => {
    const db = app.deps.db;
    const privateOne = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id, privacy: 2 });
    const deleted = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      removedAt: new Date(),
    });
    const adminsDraft = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id, draft: true });
    for (const user of [p.admin, p.writer, p.reader, p.outsider]) {
      for (const s of [privateOne, deleted, adminsDraft]) await recordAccess(db, user.id, s.id);
    }
    const seen = async (userId: string) =>
      (await runQuery(app.deps, null, recentlyAccessed, { userId, limit: 18, teamId: p.workspaceId })).map(
        (s) => s.id,
      );
    expect(await recent(p.outsider, 18, p.workspaceId)).toEqual([]);
    expect(await seen(p.admin.id)).toEqual(expect.arrayContaining([privateOne.id, adminsDraft.id]));
    expect(await seen(p.admin.id)).not.toContain(deleted.id);
    for (const user of [p.writer, p.reader]) {
      expect(await seen(user.id)).toContain(privateOne.id);
      expect(await seen(user.id)).not.toContain(adminsDraft.id);
      expect(await seen(user.id)).not.toContain(deleted.id);
    }
    expect(await seen(p.outsider.id)).toEqual([]);
    // Made public, the outsider may open it again.
    await db.update(sandboxes).set({ privacy: 0 }).where(eq(sandboxes.id, privateOne.id));
    expect(await seen(p.outsider.id)).toEqual([privateOne.id]);
  });

  it("S1-2.033 / bad input: a limit below 1 or not a whole number is refused", async () => {
    await expect(recent(p.reader, 0)).rejects.toThrow("The limit must be a positive whole number.");
    for (const limit of [0, -3, 1.5, Number.NaN]) {
      await expect(async () =>
        runQuery(app.deps, null, recentlyAccessed, { userId: p.reader.id, limit }),
      ).rejects.toMatchObject({
        code: "INVALID",
        field: "limit",
      });
    }
  });
});

describe("shared with me", () => {
  it("S1-2.056 / sandboxes where the user is a collaborator, with their authorization; deleted ones and others' shares are not listed", async () => {
    const db = app.deps.db;
    const guest = await signUp(app);
    expect(await sharedList(guest)).toEqual([]);
    const shared = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Shared thing",
    });
    const gone = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      removedAt: new Date(),
    });
    const notMine = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id });
    await db.insert(sandboxCollaborators).values([
      { sandboxId: shared.id, userId: guest.id, authorization: "WRITE_CODE" },
      { sandboxId: gone.id, userId: guest.id, authorization: "READ" },
      { sandboxId: notMine.id, userId: p.reader.id, authorization: "COMMENT" },
    ]);
    const list = await sharedList(guest);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: shared.id,
      title: "Shared thing",
      authorization: "WRITE_CODE",
      teamId: p.workspaceId,
      author: { username: p.admin.username },
      draft: false,
    });
    // The outsider, the writer and the admin share nothing here.
    for (const user of [p.outsider, p.writer, p.admin]) expect(await sharedList(user)).toEqual([]);
    // A member who is also a collaborator holds the higher of the two.
    expect((await sharedList(p.reader)).map((s) => [s.id, s.authorization])).toEqual([
      [notMine.id, "COMMENT"],
    ]);
  });
});
