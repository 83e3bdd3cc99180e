import { inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestApp } from "../../test/app.ts";
import { signUp } from "../../test/factories.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { sandboxAccesses, sandboxes, sandboxModules } from "../db/schema/index.ts";
import { PURGE_LOCK, purgeDeletedSandboxes } from "../modules/sandboxes/purge.ts";
import { sandbox } from "../modules/search/testing.ts";
import { startPurgeJob } from "./purge-deleted.ts";

/** Two replicas: two apps on one database. */
let database: Database;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: "silent", BOXYARD_PUBLIC_URL: "http://localhost:3000" });
  one = (await buildApp({ config, database, logger: false })) as TestApp;
  two = (await buildApp({ config, database, logger: false })) as TestApp;
});
afterAll(async () => {
  await one.close();
  await two.close();
  await database.close();
});

const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60 * 1000);

async function scenario() {
  const user = await signUp(one);
  const db = one.deps.db;
  const make = (removedAt: Date | null) =>
    sandbox(db, {
      workspaceId: user.primaryTeamId,
      authorId: user.id,
      removedAt,
      files: [{ path: "src/a.js", code: "a" }],
    });
  const expired = [await make(daysAgo(31)), await make(daysAgo(90)), await make(daysAgo(30.01))];
  const kept = [await make(daysAgo(29)), await make(daysAgo(1)), await make(null)];
  await db
    .insert(sandboxAccesses)
    .values([...expired, ...kept].map((s) => ({ userId: user.id, sandboxId: s.id })));
  return { expired: expired.map((s) => s.id), kept: kept.map((s) => s.id) };
}

const present = async (ids: string[]) =>
  (await one.deps.db.select({ id: sandboxes.id }).from(sandboxes).where(inArray(sandboxes.id, ids))).map(
    (r) => r.id,
  );

describe("purge of deleted sandboxes", () => {
  it("S1-9.004 / S1-4.002 / two replicas racing delete exactly the sandboxes deleted more than 30 days ago, once; fresh ones stay", async () => {
    const { expired, kept } = await scenario();
    const results = await Promise.all([
      purgeDeletedSandboxes(one.deps.db),
      purgeDeletedSandboxes(two.deps.db),
      purgeDeletedSandboxes(one.deps.db),
      purgeDeletedSandboxes(two.deps.db),
    ]);
    const purged = results.flatMap((r) => r.purged);
    // Each expired id purged by exactly one run (other rows may be other tests' data: none here).
    expect(purged.filter((id) => expired.includes(id)).sort()).toEqual([...expired].sort());
    expect(new Set(purged).size).toBe(purged.length);
    expect(await present([...expired, ...kept])).toEqual(expect.arrayContaining(kept));
    expect((await present(expired)).length).toBe(0);
    // Their files and accesses went with them.
    const files = await one.deps.db
      .select()
      .from(sandboxModules)
      .where(inArray(sandboxModules.sandboxId, expired));
    expect(files).toEqual([]);
    const accesses = await one.deps.db
      .select()
      .from(sandboxAccesses)
      .where(inArray(sandboxAccesses.sandboxId, expired));
    expect(accesses).toEqual([]);
  });

  it.skipIf(process.env.BOXYARD_TEST_DB !== "postgres")(
    "S1-9.004 / a replica finding the lock held skips instead of waiting",
    async () => {
      const { expired } = await scenario();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      // The test database's name: read it from the pool the apps use.
      const [row] = await database.query<{ name: string }>("select current_database() as name");
      const name = row!.name;
      url.pathname = `/${name}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select pg_advisory_xact_lock($1)", [PURGE_LOCK]);
        expect(await purgeDeletedSandboxes(two.deps.db)).toEqual({ ran: false, purged: [] });
        expect((await present(expired)).sort()).toEqual([...expired].sort());
        await holder.query("commit");
      } finally {
        await holder.end();
      }
      expect((await purgeDeletedSandboxes(two.deps.db)).purged.sort()).toEqual([...expired].sort());
    },
  );

  it("S1-9.004 / the job runs on its interval on every replica, purging once, and stops on request", async () => {
    const { expired, kept } = await scenario();
    const jobs = [
      startPurgeJob(one.deps.db, { intervalMs: 40 }),
      startPurgeJob(two.deps.db, { intervalMs: 40 }),
    ];
    const deadline = Date.now() + 10_000;
    while ((await present(expired)).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await Promise.all(jobs.map((j) => j.stop()));
    expect(await present(expired)).toEqual([]);
    expect((await present(kept)).sort()).toEqual([...kept].sort());
    // Stopped: a newly expired sandbox stays until the next start.
    const user = await signUp(one);
    const late = await sandbox(one.deps.db, {
      workspaceId: user.primaryTeamId,
      authorId: user.id,
      removedAt: daysAgo(40),
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(await present([late.id])).toEqual([late.id]);
  });

  it("S1-9.004 / bad input: a non-positive age is refused; a custom age purges accordingly", async () => {
    await expect(purgeDeletedSandboxes(one.deps.db, { olderThanDays: 0 })).rejects.toThrow();
    await expect(purgeDeletedSandboxes(one.deps.db, { olderThanDays: -1 })).rejects.toThrow();
    const user = await signUp(one);
    const s = await sandbox(one.deps.db, {
      workspaceId: user.primaryTeamId,
      authorId: user.id,
      removedAt: daysAgo(3),
    });
    expect((await purgeDeletedSandboxes(one.deps.db)).purged).not.toContain(s.id);
    expect((await purgeDeletedSandboxes(one.deps.db, { olderThanDays: 2 })).purged).toContain(s.id);
  });
});
