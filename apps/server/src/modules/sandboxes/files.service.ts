import { FILE_MESSAGES } from "@boxyard/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { sandboxDirectories, sandboxModules } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { command, type SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import {
  announceFiles,
  checkCode,
  type DirectoryRow,
  loadTree,
  type ModuleRow,
  sandboxForWriting,
  touchSandbox,
} from "./file-access.ts";
import type { FileTree, TreeEntry } from "./file-tree.ts";
import {
  createDirectoryInput,
  createModuleInput,
  createModulesInput,
  deleteModulesInput,
  type NewModule,
  updateDirectoryInput,
  updateModuleInput,
  updateModulesInput,
} from "./files.schema.ts";
import { shortId } from "./sandboxes.service.ts";

/**
 * The file API's commands (issue 15): files (modules) and folders (directories) of a sandbox,
 * each command one transaction that writes all of its changes or none. Whoever may not write the
 * sandbox's code is refused first (file-access.ts), then the tree rules (file-tree.ts) judge the
 * tree as the change would leave it, then a file's version: a save names the version it is based
 * on, and a stale one is refused with the file as it is now.
 */

/** A new file's shortid: free in the sandbox (files and folders alike) and in this request. */
function freeShortid(tree: FileTree, taken: Set<string>) {
  let id = shortId(5);
  while (tree.hasShortid(id) || taken.has(id)) id = shortId(5);
  taken.add(id);
  return id;
}

/** Inserts rows in slices: one statement's parameters are limited. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function createFiles(
  ctx: SignedIn<Ctx>,
  input: {
    sandboxId: string;
    clientId: string | null;
    modules: NewModule[];
    directories: { shortid: string | null; title: string; directoryShortid: string | null }[];
  },
): Promise<{ modules: ModuleRow[]; directories: DirectoryRow[] }> {
  const sandbox = await sandboxForWriting(ctx, input.sandboxId, "structure");
  const tree = await loadTree(ctx.db, sandbox.id);
  for (const m of input.modules) checkCode(m.code, m.isBinary);
  const taken = new Set<string>();
  const directories = input.directories.map((d) => {
    const shortid = d.shortid ?? freeShortid(tree, taken);
    if (tree.hasShortid(shortid) || (d.shortid !== null && taken.has(shortid))) {
      throw conflict(FILE_MESSAGES.folderShortidTaken(shortid), "shortid");
    }
    taken.add(shortid);
    tree.insert({ kind: "directory", shortid, title: d.title, directoryShortid: d.directoryShortid });
    return { sandboxId: sandbox.id, shortid, title: d.title, directoryShortid: d.directoryShortid };
  });
  const modules = input.modules.map((m) => {
    const shortid = freeShortid(tree, taken);
    tree.insert({ kind: "module", shortid, title: m.title, directoryShortid: m.directoryShortid });
    return { sandboxId: sandbox.id, shortid, ...m };
  });
  const problem = tree.problem();
  if (problem) throw problem;

  const madeDirectories: DirectoryRow[] = [];
  const madeModules: ModuleRow[] = [];
  await insertAll(directories, async (slice) =>
    madeDirectories.push(...(await ctx.db.insert(sandboxDirectories).values(slice).returning())),
  );
  await insertAll(modules, async (slice) =>
    madeModules.push(...(await ctx.db.insert(sandboxModules).values(slice).returning())),
  );
  await touchSandbox(ctx, sandbox);
  announceFiles(ctx, sandbox.id, input.clientId, {
    modules: madeModules.map((m) => ({ shortid: m.shortid, version: m.version })),
    directories: madeDirectories.length > 0,
  });
  return { modules: madeModules, directories: madeDirectories };
}

/** `POST .../modules`: one new file. */
export const createModule = command(createModuleInput, async (ctx, { sandboxId, clientId, module }) => {
  const made = await createFiles(ctx, { sandboxId, clientId, modules: [module], directories: [] });
  return made.modules[0]!;
});

/** `POST .../modules/mcreate`: files and folders at once (an upload of a folder, a paste of several files). */
export const createModules = command(createModulesInput, (ctx, input) => createFiles(ctx, input));

/** `POST .../directories`: one new folder (its shortid chosen here). */
export const createDirectory = command(
  createDirectoryInput,
  async (ctx, { sandboxId, clientId, directory }) => {
    const made = await createFiles(ctx, {
      sandboxId,
      clientId,
      modules: [],
      directories: [{ shortid: null, ...directory }],
    });
    return made.directories[0]!;
  },
);

type ModuleChange = {
  shortid: string;
  code?: string | undefined;
  title?: string | undefined;
  directoryShortid?: string | null | undefined;
  baseVersion: number;
};

/**
 * Changes files, each based on the version it names. A change of name or folder is judged on the
 * tree first; then each file is written only if it still is at its base version (compare and set,
 * in shortid order so that two requests never wait on each other's rows). A file another change
 * got to first makes the whole request a 409 that carries the files as they are now.
 */
async function updateFiles(
  ctx: SignedIn<Ctx>,
  input: { sandboxId: string; clientId: string | null; modules: ModuleChange[] },
  single: boolean,
): Promise<ModuleRow[]> {
  const structural = input.modules.some((m) => m.title !== undefined || m.directoryShortid !== undefined);
  const sandbox = await sandboxForWriting(ctx, input.sandboxId, structural ? "structure" : "code");
  if (structural) {
    const tree = await loadTree(ctx.db, sandbox.id);
    for (const m of input.modules) {
      const entry = tree.module(m.shortid);
      if (!entry) throw notFound(FILE_MESSAGES.fileNotFound);
      tree.change(entry, { title: m.title, directoryShortid: m.directoryShortid });
    }
    const problem = tree.problem();
    if (problem) throw problem;
  }
  for (const m of input.modules) if (m.code !== undefined) checkCode(m.code, false);

  const saved: ModuleRow[] = [];
  const stale: string[] = [];
  const now = new Date();
  for (const m of [...input.modules].sort((a, b) => (a.shortid < b.shortid ? -1 : 1))) {
    const [row] = await ctx.db
      .update(sandboxModules)
      .set({
        ...(m.code !== undefined ? { code: m.code } : {}),
        ...(m.title !== undefined ? { title: m.title } : {}),
        ...(m.directoryShortid !== undefined ? { directoryShortid: m.directoryShortid } : {}),
        version: sql`${sandboxModules.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(sandboxModules.sandboxId, sandbox.id),
          eq(sandboxModules.shortid, m.shortid),
          eq(sandboxModules.version, m.baseVersion),
        ),
      )
      .returning();
    if (row) saved.push(row);
    else stale.push(m.shortid);
  }
  if (stale.length > 0) {
    const current = await ctx.db
      .select()
      .from(sandboxModules)
      .where(and(eq(sandboxModules.sandboxId, sandbox.id), inArray(sandboxModules.shortid, stale)));
    if (current.length < stale.length) throw notFound(FILE_MESSAGES.fileNotFound);
    const shown = current.map(presentModule);
    throw conflict(
      single ? FILE_MESSAGES.stale(current[0]!.title) : FILE_MESSAGES.staleMany,
      undefined,
      single ? { current: { module: shown[0] } } : { current: { modules: shown } },
    );
  }
  // A binary file's new code is a data URL or an upload's address too.
  const coded = new Set(input.modules.filter((m) => m.code !== undefined).map((m) => m.shortid));
  for (const row of saved) if (row.isBinary && coded.has(row.shortid)) checkCode(row.code, true);
  await touchSandbox(ctx, sandbox);
  announceFiles(ctx, sandbox.id, input.clientId, {
    modules: saved.map((m) => ({ shortid: m.shortid, version: m.version })),
    directories: false,
  });
  const order = new Map(input.modules.map((m, i) => [m.shortid, i]));
  return saved.sort((a, b) => order.get(a.shortid)! - order.get(b.shortid)!);
}

/** `PUT .../modules/:shortid`: a save, a rename or a move of one file, based on `base_version`. */
export const updateModule = command(
  updateModuleInput,
  async (ctx, { sandboxId, clientId, shortid, module, baseVersion }) => {
    const [row] = await updateFiles(
      ctx,
      { sandboxId, clientId, modules: [{ shortid, ...module, baseVersion }] },
      true,
    );
    return row!;
  },
);

/** `PUT .../modules/mupdate`: several files at once, all or none. */
export const updateModules = command(updateModulesInput, (ctx, input) => updateFiles(ctx, input, false));

/** `PUT .../directories/:shortid`: renames or moves a folder (never into itself). */
export const updateDirectory = command(
  updateDirectoryInput,
  async (ctx, { sandboxId, clientId, shortid, directory }) => {
    const sandbox = await sandboxForWriting(ctx, sandboxId, "structure");
    const tree = await loadTree(ctx.db, sandbox.id);
    const entry = tree.directory(shortid);
    if (!entry) throw notFound(FILE_MESSAGES.folderNotFound);
    tree.change(entry, directory);
    const problem = tree.problem();
    if (problem) throw problem;
    const [row] = await ctx.db
      .update(sandboxDirectories)
      .set({ title: entry.title, directoryShortid: entry.directoryShortid })
      .where(and(eq(sandboxDirectories.sandboxId, sandbox.id), eq(sandboxDirectories.shortid, shortid)))
      .returning();
    await touchSandbox(ctx, sandbox);
    announceFiles(ctx, sandbox.id, clientId, { modules: [], directories: true });
    return row!;
  },
);

/** `DELETE .../modules/:shortid`, `DELETE .../directories/:shortid`, `POST .../modules/mdelete`: folders with all they hold. */
export const deleteModules = command(deleteModulesInput, async (ctx, input) => {
  const sandbox = await sandboxForWriting(ctx, input.sandboxId, "structure");
  const tree = await loadTree(ctx.db, sandbox.id);
  const named: TreeEntry[] = [
    ...input.moduleShortids.map((s) => {
      const entry = tree.module(s);
      if (!entry) throw notFound(FILE_MESSAGES.fileNotFound);
      return entry;
    }),
    ...input.directoryShortids.map((s) => {
      const entry = tree.directory(s);
      if (!entry) throw notFound(FILE_MESSAGES.folderNotFound);
      return entry;
    }),
  ];
  const removed = named.flatMap((entry) => tree.remove(entry));
  const moduleIds = removed.filter((e) => e.kind === "module").map((e) => e.shortid);
  const directoryIds = removed.filter((e) => e.kind === "directory").map((e) => e.shortid);
  const deleted: { shortid: string; version: number }[] = [];
  await insertAll(moduleIds, async (slice) =>
    deleted.push(
      ...(await ctx.db
        .delete(sandboxModules)
        .where(and(eq(sandboxModules.sandboxId, sandbox.id), inArray(sandboxModules.shortid, slice)))
        .returning({ shortid: sandboxModules.shortid, version: sandboxModules.version })),
    ),
  );
  await insertAll(directoryIds, (slice) =>
    ctx.db
      .delete(sandboxDirectories)
      .where(and(eq(sandboxDirectories.sandboxId, sandbox.id), inArray(sandboxDirectories.shortid, slice))),
  );
  await touchSandbox(ctx, sandbox);
  announceFiles(ctx, sandbox.id, input.clientId, {
    modules: deleted.map((m) => ({ ...m, deleted: true as const })),
    directories: directoryIds.length > 0,
  });
  return { modules: moduleIds, directories: directoryIds };
});

/** A file as the API answers it (camelCase; its code, version and updated time). */
export function presentModule(m: ModuleRow) {
  return {
    shortid: m.shortid,
    title: m.title,
    directoryShortid: m.directoryShortid,
    isBinary: m.isBinary,
    code: m.code,
    version: m.version,
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** A folder as the API answers it. */
export function presentDirectory(d: Pick<DirectoryRow, "shortid" | "title" | "directoryShortid">) {
  return { shortid: d.shortid, title: d.title, directoryShortid: d.directoryShortid };
}
