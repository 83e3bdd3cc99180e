import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as tar from "tar";
import { openDatabase } from "../db/client.ts";
import { lockDataDir } from "./data-dir-lock.ts";

/**
 * One archive (tar.gz) of an embedded install's data: `boxyard-backup.json` (what it holds),
 * `database.tar` (PGlite's dump of its data directory) and `uploads/` (the uploaded files, when they
 * are kept on disk). Made and restored with the server stopped: the data directory's lock tells.
 */
const MANIFEST = "boxyard-backup.json";
const DATABASE = "database.tar";
const UPLOADS = "uploads";
const FORMAT = 1;

type Manifest = { format: number; createdAt: string; database: "pglite"; uploads: number | null };
export type BackupSummary = { archive: string; bytes: number; uploads: number | null };
export type RestoreSummary = {
  dataDir: string;
  uploads: number | null;
  users: number;
  replacedTo: string | null;
};

const pgliteDir = (dataDir: string) => join(dataDir, "pglite");
const hasDatabase = (dataDir: string) => existsSync(join(pgliteDir(dataDir), "PG_VERSION"));
/** Files the disk storage is still writing (`<key>.<random>.part`) are not uploads yet. */
const isPartial = (path: string) => path.endsWith(".part");

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(join(dir, entry.name));
    else if (entry.isFile() && !isPartial(entry.name)) count++;
  }
  return count;
}

/**
 * Writes the database and (with `uploads`) the files of BOXYARD_DATA_DIR/uploads to `archive`,
 * which appears whole or not at all. Refuses while another process holds the data directory.
 */
export async function backupDataDir(
  dataDir: string,
  archive: string,
  options: { uploads: boolean },
): Promise<BackupSummary> {
  if (!hasDatabase(dataDir)) throw new Error(`There is no embedded database in ${dataDir}.`);
  const lock = lockDataDir(dataDir, "backup");
  const work = await mkdtemp(join(dataDir, ".backup-"));
  const partial = `${archive}.${process.pid}.part`;
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      await writeFile(join(work, DATABASE), Buffer.from(await (await database.dump!()).arrayBuffer()));
    } finally {
      await database.close();
    }
    const entries = [MANIFEST, DATABASE];
    const uploadsDir = join(dataDir, UPLOADS);
    let uploads: number | null = null;
    if (options.uploads) {
      uploads = existsSync(uploadsDir) ? countFiles(uploadsDir) : 0;
      if (existsSync(uploadsDir)) {
        // Packed where they are (through a link the packer follows), not copied first.
        await symlink(uploadsDir, join(work, UPLOADS), "dir");
        entries.push(UPLOADS);
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: "pglite",
      uploads,
    };
    await writeFile(join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(dirname(archive), { recursive: true });
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: work,
        follow: true,
        portable: true,
        filter: (path) => !isPartial(path),
      },
      entries,
    );
    await rename(partial, archive);
    return { archive, bytes: statSync(archive).size, uploads };
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
    lock.release();
  }
}

/**
 * Restores an archive of `backupDataDir` into `dataDir`. A data directory that already has a
 * database or uploads is refused unless `replace`, and then its data is moved aside (into
 * `replaced-<time>/`), never deleted. Refuses while another process holds the data directory.
 */
export async function restoreDataDir(
  archive: string,
  dataDir: string,
  options: { replace: boolean },
): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new Error(`${archive} does not exist.`);
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, "restore");
  const uploadsDir = join(dataDir, UPLOADS);
  const occupied = hasDatabase(dataDir) || (existsSync(uploadsDir) && readdirSync(uploadsDir).length > 0);
  if (occupied && !options.replace) {
    lock.release();
    throw new Error(
      `${dataDir} already has data. Restore into an empty BOXYARD_DATA_DIR, or add --replace to move the current data aside.`,
    );
  }
  const work = await mkdtemp(join(dataDir, ".restore-"));
  try {
    // node-tar keeps entries inside `cwd` (no absolute paths, no '..'); only files and folders are taken.
    await tar.extract({
      file: archive,
      cwd: work,
      strict: true,
      filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
    });
    const manifest = JSON.parse(
      await readFile(join(work, MANIFEST), "utf8").catch(() => "null"),
    ) as Manifest | null;
    if (manifest?.format !== FORMAT || manifest.database !== "pglite" || !existsSync(join(work, DATABASE))) {
      throw new Error(`${archive} is not a Boxyard backup (made by npm run backup).`);
    }
    let replacedTo: string | null = null;
    if (occupied) {
      replacedTo = join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      await mkdir(replacedTo);
      for (const name of ["pglite", UPLOADS]) {
        if (existsSync(join(dataDir, name))) await rename(join(dataDir, name), join(replacedTo, name));
      }
    }
    const database = await openDatabase({
      kind: "pglite",
      dataDir,
      loadDataDir: new Blob([await readFile(join(work, DATABASE))]),
    });
    let users: number;
    try {
      // Opened and read once: the restored database works before this says so.
      const [row] = await database.query<{ count: number | string }>("select count(*) as count from users");
      users = Number(row?.count ?? 0);
    } finally {
      await database.close();
    }
    if (existsSync(join(work, UPLOADS))) await rename(join(work, UPLOADS), uploadsDir);
    return { dataDir, uploads: manifest.uploads, users, replacedTo };
  } finally {
    await rm(work, { recursive: true, force: true });
    lock.release();
  }
}
