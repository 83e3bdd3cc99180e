import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DataDirBusyError, dataDirHolder, LOCK_FILE, lockDataDir } from "./data-dir-lock.ts";

const scratch = mkdtempSync(join(tmpdir(), "boxyard-lock-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const newDir = () => join(scratch, `dir-${++dirs}`);

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill();
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  }
});
/** Another live process, as a running server would be. */
function otherProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}
const writeLock = (dataDir: string, pid: number, host = hostname()) =>
  writeFileSync(
    join(dataDir, LOCK_FILE),
    JSON.stringify({ pid, host, holder: "server", since: "2026-01-01T00:00:00.000Z" }),
  );

describe("the data directory's lock", () => {
  it("is taken (creating the directory), says who holds it, and goes on release", () => {
    const dataDir = newDir();
    const lock = lockDataDir(dataDir, "backup");
    const content = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), "utf8"));
    expect(content).toMatchObject({ pid: process.pid, host: hostname(), holder: "backup" });
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("refuses while another live process holds it, and takes over the lock of one that ended", async () => {
    const dataDir = newDir();
    lockDataDir(dataDir, "server").release();
    const pid = otherProcess();
    writeLock(dataDir, pid);
    expect(dataDirHolder(dataDir)).toMatchObject({ pid, holder: "server" });
    expect(() => lockDataDir(dataDir, "restore")).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dataDir, "restore")).toThrow(`in use by the Boxyard server (pid ${pid}`);
    const child = children.pop()!;
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
    expect(dataDirHolder(dataDir)).toBeNull();
    const lock = lockDataDir(dataDir, "restore");
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("counts a lock written on another host, which cannot be checked, and says how to clear it", () => {
    const dataDir = newDir();
    lockDataDir(dataDir, "server").release();
    writeLock(dataDir, 1, "another-host");
    expect(() => lockDataDir(dataDir, "backup")).toThrow(`delete ${join(dataDir, LOCK_FILE)}`);
  });

  it("the server refuses to start on a data directory another process holds", () => {
    const dataDir = newDir();
    lockDataDir(dataDir, "server").release();
    writeLock(dataDir, otherProcess());
    const serverRoot = fileURLToPath(new URL("../..", import.meta.url));
    const started = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: { ...process.env, BOXYARD_DATA_DIR: dataDir, DATABASE_URL: "", PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`${dataDir} is in use by the Boxyard server`);
    expect(existsSync(join(dataDir, "pglite"))).toBe(false);
  });
});
