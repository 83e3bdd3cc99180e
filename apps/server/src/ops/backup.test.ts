import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { CLIENT } from "../../test/app.ts";
import { signUp } from "../../test/factories.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { uploads, users } from "../db/schema/index.ts";
import { backupDataDir, restoreDataDir } from "./backup.ts";
import { LOCK_FILE } from "./data-dir-lock.ts";

const scratch = mkdtempSync(join(tmpdir(), "boxyard-backup-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const newDir = () => join(scratch, `dir-${++dirs}`);

/** An embedded install in its own data directory, as the server runs it (uploads on disk there). */
async function install(dataDir: string, fresh: boolean) {
  const database = await openDatabase({
    kind: "pglite",
    dataDir,
    ...(fresh ? { loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) } : {}),
  });
  const config = loadConfig({
    LOG_LEVEL: "silent",
    BOXYARD_PUBLIC_URL: "http://localhost:3000",
    BOXYARD_DATA_DIR: dataDir,
  });
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    rows: async () => ({
      users: await app.deps.db.select().from(users).orderBy(asc(users.id)),
      uploads: await app.deps.db.select().from(uploads).orderBy(asc(uploads.id)),
    }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A data directory with an account and an uploaded file. */
async function seeded() {
  const dataDir = newDir();
  const source = await install(dataDir, true);
  const ada = await signUp(source.app);
  const bytes = Buffer.from("a picture's bytes");
  const uploaded = await source.app.inject({
    method: "POST",
    url: "/api/v1/users/current_user/uploads?name=logo.png",
    headers: { ...CLIENT, cookie: ada.cookie, "content-type": "image/png" },
    payload: bytes,
  });
  expect(uploaded.statusCode).toBe(201);
  const before = await source.rows();
  await source.close();
  return { dataDir, before, bytes, url: new URL((uploaded.json() as { url: string }).url).pathname };
}

/** A process that stays alive until killed, to hold a lock the way a running server does. */
function otherProcess(): ChildProcess {
  return spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
}

const holdLock = (dataDir: string, pid: number) =>
  writeFileSync(
    join(dataDir, LOCK_FILE),
    JSON.stringify({ pid, host: hostname(), holder: "server", since: new Date().toISOString() }),
  );

describe.skipIf(process.env.BOXYARD_TEST_DB === "postgres")(
  "backup and restore of the embedded database",
  // Each test opens PGlite on disk several times (seconds each on a busy machine).
  { timeout: 120_000 },
  () => {
    it("round trip: a backup restored into a new data directory opens with the same rows and files", async () => {
      const { dataDir, before, bytes, url } = await seeded();
      expect(before.users.length).toBeGreaterThan(0);
      expect(before.uploads).toHaveLength(1);
      const archive = join(scratch, "round-trip.tar.gz");
      const backup = await backupDataDir(dataDir, archive, { uploads: true });
      expect(backup).toMatchObject({ archive, uploads: 1 });
      expect(backup.bytes).toBeGreaterThan(0);

      const target = newDir();
      const restored = await restoreDataDir(archive, target, { replace: false });
      expect(restored).toMatchObject({
        dataDir: target,
        uploads: 1,
        users: before.users.length,
        replacedTo: null,
      });

      const copy = await install(target, false);
      try {
        expect(await copy.rows()).toEqual(before);
        const served = await copy.app.inject({ method: "GET", url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload).toEqual(bytes);
      } finally {
        await copy.close();
      }
    });

    it("refuses to run while the server holds the data directory, and runs once it has stopped", async () => {
      const { dataDir } = await seeded();
      const archive = join(scratch, "while-running.tar.gz");
      await backupDataDir(dataDir, archive, { uploads: true });
      const server = otherProcess();
      try {
        holdLock(dataDir, server.pid!);
        await expect(backupDataDir(dataDir, archive, { uploads: true })).rejects.toThrow(
          `in use by the Boxyard server (pid ${server.pid}`,
        );
        await expect(restoreDataDir(archive, dataDir, { replace: true })).rejects.toThrow(
          "in use by the Boxyard server",
        );
      } finally {
        server.kill();
        await new Promise((resolve) => server.once("exit", resolve));
      }
      // The process ended without removing its lock (a crash): that lock no longer counts.
      await expect(backupDataDir(dataDir, archive, { uploads: true })).resolves.toMatchObject({ uploads: 1 });
    });

    it("restores over existing data only when asked, moving that data aside rather than deleting it", async () => {
      const { dataDir, before } = await seeded();
      const archive = join(scratch, "replace.tar.gz");
      await backupDataDir(dataDir, archive, { uploads: true });
      const other = await seeded();
      await expect(restoreDataDir(archive, other.dataDir, { replace: false })).rejects.toThrow(
        "already has data",
      );
      const restored = await restoreDataDir(archive, other.dataDir, { replace: true });
      expect(restored.replacedTo).toMatch(/replaced-/);
      const copy = await install(other.dataDir, false);
      try {
        expect(await copy.rows()).toEqual(before);
      } finally {
        await copy.close();
      }
      const aside = await install(join(restored.replacedTo!), false);
      try {
        expect(await aside.rows()).toEqual(other.before);
      } finally {
        await aside.close();
      }
    });

    it("refuses a file that is not a backup, changing nothing", async () => {
      const notABackup = join(scratch, "not-a-backup.tar.gz");
      writeFileSync(notABackup, "hello");
      const target = newDir();
      await expect(restoreDataDir(notABackup, target, { replace: false })).rejects.toThrow();
      await expect(backupDataDir(newDir(), join(scratch, "none.tar.gz"), { uploads: true })).rejects.toThrow(
        "There is no embedded database",
      );
    });
  },
);
