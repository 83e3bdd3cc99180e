import { FILE_MESSAGES } from "@boxyard/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxDirectories, sandboxModules } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { openQuery } from "../../service/command.ts";
import type { DirectoryRow, ModuleRow } from "./file-access.ts";
import { readModuleInput, sandboxFilesInput } from "./files.schema.ts";
import { readableSandbox } from "./read.service.ts";

/**
 * Reading a sandbox's files, for whoever may read the sandbox (signed out too, when it is public).
 * Reading counts no view: an open editor reads changed files again as others save them.
 */

/** One file with its code and version (`GET .../modules/:shortid`). */
export const readModule = openQuery(readModuleInput, async (ctx, { sandboxId, shortid }) => {
  const { sandbox } = await readableSandbox(
    ctx.db,
    { viewerId: ctx.actor?.userId ?? null, grant: null },
    sandboxId,
  );
  const [row] = await ctx.db
    .select()
    .from(sandboxModules)
    .where(and(eq(sandboxModules.sandboxId, sandbox.id), eq(sandboxModules.shortid, shortid)))
    .limit(1);
  if (!row) throw notFound(FILE_MESSAGES.fileNotFound);
  return row;
});

/** The whole tree with its code (`GET .../modules`): what an open editor reads again when folders changed. */
export const readSandboxFiles = openQuery(sandboxFilesInput, async (ctx, { sandboxId }) => {
  const { sandbox } = await readableSandbox(
    ctx.db,
    { viewerId: ctx.actor?.userId ?? null, grant: null },
    sandboxId,
  );
  return (await filesOfSandboxes(ctx.db, [sandbox.id])).get(sandbox.id)!;
});

/** The files and folders of several sandboxes, by sandbox id (GraphQL's Sandbox.modules and .directories, batched). */
export async function filesOfSandboxes(
  db: Db | Tx,
  sandboxIds: readonly string[],
): Promise<Map<string, { modules: ModuleRow[]; directories: DirectoryRow[] }>> {
  const ids = [...sandboxIds];
  const files = new Map(
    ids.map((id) => [id, { modules: [] as ModuleRow[], directories: [] as DirectoryRow[] }]),
  );
  if (ids.length === 0) return files;
  const modules = await db
    .select()
    .from(sandboxModules)
    .where(inArray(sandboxModules.sandboxId, ids))
    .orderBy(asc(sandboxModules.title), asc(sandboxModules.shortid));
  const directories = await db
    .select()
    .from(sandboxDirectories)
    .where(inArray(sandboxDirectories.sandboxId, ids))
    .orderBy(asc(sandboxDirectories.title), asc(sandboxDirectories.shortid));
  for (const m of modules) files.get(m.sandboxId)?.modules.push(m);
  for (const d of directories) files.get(d.sandboxId)?.directories.push(d);
  return files;
}
