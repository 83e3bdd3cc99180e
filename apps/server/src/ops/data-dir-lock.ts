import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/** Written in BOXYARD_DATA_DIR by whoever has the embedded database open (the server, a backup, a restore). */
export const LOCK_FILE = "boxyard.lock";

type LockContent = { pid: number; host: string; holder: string; since: string };

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly held: LockContent,
  ) {
    super(
      `${dataDir} is in use by ${held.holder === "server" ? "the Boxyard server" : `a ${held.holder}`} ` +
        `(pid ${held.pid} on ${held.host}, since ${held.since}). Stop it first` +
        (held.host === hostname()
          ? "."
          : `; if nothing runs there any more, delete ${join(dataDir, LOCK_FILE)}.`),
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function read(path: string): LockContent | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockContent;
  } catch {
    return null;
  }
}

/**
 * Who holds the data directory now, or null. A lock left by a process that has ended (a crash)
 * does not count; one written on another host (a shared volume) counts, since it cannot be checked.
 */
export function dataDirHolder(dataDir: string): LockContent | null {
  const held = read(join(dataDir, LOCK_FILE));
  if (!held || typeof held.pid !== "number") return null;
  if (held.host !== hostname()) return held;
  return held.pid !== process.pid && alive(held.pid) ? held : null;
}

/**
 * Takes the data directory for this process: PGlite is one process's database, and two processes
 * writing its files would corrupt it. Throws DataDirBusyError when another live process holds it.
 * The lock goes when `release` is called or the process exits.
 */
export function lockDataDir(dataDir: string, holder: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    holder,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(content), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const held = dataDirHolder(dataDir);
      if (held) throw new DataDirBusyError(dataDir, held);
      // Left by a process that ended without removing it.
      rmSync(path, { force: true });
    }
  }
  const release = () => {
    if (read(path)?.pid === process.pid) rmSync(path, { force: true });
    process.removeListener("exit", release);
  };
  process.on("exit", release);
  return { release };
}
