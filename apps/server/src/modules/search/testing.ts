import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collections, sandboxDirectories, sandboxes, sandboxModules } from "../../db/schema/index.ts";

/** Test data written straight to the tables (the dashboard's own commands are another module's). */
export async function folder(db: Db, workspaceId: string, path = "/") {
  const [found] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.workspaceId, workspaceId), eq(collections.path, path)))
    .limit(1);
  if (found) return found;
  const [row] = await db.insert(collections).values({ workspaceId, path }).returning();
  return row!;
}

export type SandboxFixture = Partial<typeof sandboxes.$inferInsert> & {
  workspaceId: string;
  authorId: string;
  /** A draft: no folder. */
  draft?: boolean;
  files?: { path: string; code: string; isBinary?: boolean }[];
};

export async function sandbox(db: Db, input: SandboxFixture) {
  const { draft, files, ...values } = input;
  const id = values.id ?? `t${randomBytes(4).toString("hex")}`;
  const collectionId = draft ? null : (values.collectionId ?? (await folder(db, input.workspaceId)).id);
  const [row] = await db
    .insert(sandboxes)
    .values({ title: `Sandbox ${id}`, ...values, id, alias: values.alias ?? id, collectionId })
    .returning();
  const dirs = new Map<string, string>();
  for (const file of files ?? []) {
    const parts = file.path.split("/");
    const name = parts.pop()!;
    let parent: string | null = null;
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(0, i + 1).join("/");
      let shortid = dirs.get(key);
      if (!shortid) {
        shortid = `d${randomBytes(3).toString("hex")}`;
        dirs.set(key, shortid);
        await db
          .insert(sandboxDirectories)
          .values({ sandboxId: id, shortid, title: parts[i]!, directoryShortid: parent });
      }
      parent = shortid;
    }
    await db.insert(sandboxModules).values({
      sandboxId: id,
      shortid: `m${randomBytes(3).toString("hex")}`,
      title: name,
      code: file.code,
      isBinary: file.isBinary ?? false,
      directoryShortid: parent,
    });
  }
  return row!;
}
