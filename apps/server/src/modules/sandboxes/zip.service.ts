import { PassThrough, type Readable } from "node:stream";
import { DASHBOARD_MESSAGES } from "@boxyard/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { sandboxDirectories, sandboxes, sandboxModules } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { query } from "../../service/command.ts";
import { requireWorkspace } from "../workspaces/membership.service.ts";
import { canSeeSandbox } from "./sandbox.policy.ts";
import { zipDownloadInput, zipIdsInput } from "./sandboxes.schema.ts";
import { safeSegment, ZipWriter } from "./zip.ts";

export type ZipExport = {
  /** How many of the requested sandboxes were left out for lack of export permission. */
  skipped: number;
  /** How many are in the archive. */
  included: number;
  /** The archive's suggested file name. */
  fileName: string;
  /** The archive, produced as it is read. */
  stream: Readable;
};

type Exportable = { id: string; title: string | null; updatedAt: Date };

/**
 * Download as zip (spec 1 §5): any member may download what they can see; devboxes and
 * sandboxes whose export is prevented (by the sandbox or its workspace) are skipped and counted.
 * A requested id the user cannot see (other workspace, someone else's draft, deleted, unknown)
 * answers not-found for the whole request, without saying which.
 */
export const exportSandboxesZip = query(zipDownloadInput, async (ctx, input): Promise<ZipExport> => {
  const userId = ctx.userId;
  const workspaceId = input.teamId;
  if (!z.uuid().safeParse(input.teamId).success) throw notFound("Workspace not found.");
  const { ids } = parseOrInvalid(zipIdsInput, { ids: input.ids });
  // The archive is written after this answers, as it is read: on the database, not a transaction.
  const db = ctx.deps.db;
  const membership = await requireWorkspace(db, userId, workspaceId, "READ", { write: false });
  const rows = await db
    .select({
      id: sandboxes.id,
      title: sandboxes.title,
      workspaceId: sandboxes.workspaceId,
      authorId: sandboxes.authorId,
      collectionId: sandboxes.collectionId,
      isFrozen: sandboxes.isFrozen,
      isV2: sandboxes.isV2,
      preventSandboxExport: sandboxes.preventSandboxExport,
      preventSandboxLeaving: sandboxes.preventSandboxLeaving,
      removedAt: sandboxes.removedAt,
      updatedAt: sandboxes.updatedAt,
    })
    .from(sandboxes)
    .where(and(inArray(sandboxes.id, [...ids]), eq(sandboxes.workspaceId, workspaceId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = ids.map((id) => byId.get(id));
  if (visible.some((s) => !s || s.removedAt !== null || !canSeeSandbox(userId, membership, s))) {
    throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  }
  const allowed = visible.filter(
    (s): s is NonNullable<typeof s> =>
      !!s && !s.isV2 && !s.preventSandboxExport && !membership.preventSandboxExport,
  );
  const stream = new PassThrough();
  writeArchive(db, allowed, stream).catch((error: unknown) => stream.destroy(error as Error));
  const single = allowed.length === 1 ? safeSegment(allowed[0]!.title, allowed[0]!.id) : "sandboxes";
  return {
    skipped: ids.length - allowed.length,
    included: allowed.length,
    fileName: `${single}.zip`,
    stream,
  };
});

/** Each sandbox's files under a folder named by its title ('Title (2)' when two share one). */
async function writeArchive(db: Db, list: readonly Exportable[], out: PassThrough) {
  const zip = new ZipWriter(out);
  const used = new Set<string>();
  for (const s of list) {
    const base = safeSegment(s.title, s.id);
    let root = base;
    for (let n = 2; used.has(root.toLowerCase()); n++) root = `${base} (${n})`;
    used.add(root.toLowerCase());
    await writeSandbox(db, zip, s, root);
  }
  await zip.finish();
}

async function writeSandbox(db: Db, zip: ZipWriter, s: Exportable, root: string) {
  const [directories, modules] = await Promise.all([
    db
      .select({
        shortid: sandboxDirectories.shortid,
        title: sandboxDirectories.title,
        parent: sandboxDirectories.directoryShortid,
      })
      .from(sandboxDirectories)
      .where(eq(sandboxDirectories.sandboxId, s.id)),
    db
      .select({
        title: sandboxModules.title,
        code: sandboxModules.code,
        parent: sandboxModules.directoryShortid,
        updatedAt: sandboxModules.updatedAt,
      })
      .from(sandboxModules)
      .where(eq(sandboxModules.sandboxId, s.id))
      .orderBy(asc(sandboxModules.title)),
  ]);
  const dirs = new Map(directories.map((d) => [d.shortid, d]));
  const paths = new Map<string, string | null>();
  /** The directory's path inside the sandbox, or null when its chain is broken or loops. */
  const pathOf = (shortid: string, seen = new Set<string>()): string | null => {
    if (paths.has(shortid)) return paths.get(shortid)!;
    const d = dirs.get(shortid);
    if (!d || seen.has(shortid)) return null;
    seen.add(shortid);
    const parent = d.parent ? pathOf(d.parent, seen) : "";
    const path = parent === null ? null : `${parent}${safeSegment(d.title, d.shortid)}/`;
    paths.set(shortid, path);
    return path;
  };
  await zip.addDirectory(`${root}/`, s.updatedAt);
  const dirPaths = directories
    .map((d) => pathOf(d.shortid))
    .filter((p): p is string => p !== null)
    .sort();
  for (const p of dirPaths) await zip.addDirectory(`${root}/${p}`, s.updatedAt);
  const written = new Set<string>();
  for (const m of modules) {
    const dir = m.parent ? pathOf(m.parent) : "";
    // A module whose directory chain is broken goes to the sandbox's top level rather than vanishing.
    let path = `${root}/${dir ?? ""}${safeSegment(m.title, "file")}`;
    for (let n = 2; written.has(path); n++) path = `${root}/${dir ?? ""}${n}-${safeSegment(m.title, "file")}`;
    written.add(path);
    // Binary modules (their code is a URL or base64) are written as stored.
    await zip.addFile(path, m.code, m.updatedAt);
  }
}
