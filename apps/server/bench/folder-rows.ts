import { inArray } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { collections, templates, users } from "../src/db/schema/index.ts";
import type { SandboxRow } from "../src/modules/sandboxes/sandboxes.service.ts";

/**
 * The baseline's SandboxByPath rows: the queries the GraphQL loaders run (templates of the
 * sandboxes and of what they were forked from, folders, authors), mapped by hand.
 */
export async function folderRows(db: Db, rows: SandboxRow[]) {
  const ids = rows.map((r) => r.id);
  const forkedIds = rows.flatMap((r) => (r.forkedFromId ? [r.forkedFromId] : []));
  const [own, forked, folders, authors] = await Promise.all([
    ids.length ? db.select().from(templates).where(inArray(templates.sandboxId, ids)) : [],
    forkedIds.length ? db.select().from(templates).where(inArray(templates.sandboxId, forkedIds)) : [],
    db
      .select()
      .from(collections)
      .where(
        inArray(collections.id, [...new Set(rows.flatMap((r) => (r.collectionId ? [r.collectionId] : [])))]),
      ),
    db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))])),
  ]);
  const template = new Map([...own, ...forked].map((t) => [t.sandboxId, t]));
  const folder = new Map(folders.map((f) => [f.id, f]));
  const author = new Map(authors.map((a) => [a.id, a]));
  return rows.map((r) => {
    const custom = template.get(r.id);
    const fork = r.forkedFromId ? template.get(r.forkedFromId) : undefined;
    const collection = r.collectionId ? folder.get(r.collectionId) : undefined;
    return {
      id: r.id,
      alias: r.alias,
      title: r.title,
      insertedAt: r.insertedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      screenshotUrl: r.screenshotUrl,
      isV2: r.isV2,
      isFrozen: r.isFrozen,
      privacy: r.privacy,
      restricted: r.restricted,
      draft: r.collectionId === null,
      viewCount: r.viewCount,
      teamId: r.workspaceId,
      source: { template: r.sourceTemplate },
      customTemplate: custom ? { id: custom.id, iconUrl: custom.iconUrl } : null,
      forkedTemplate: fork ? { id: fork.id, iconUrl: fork.iconUrl } : null,
      collection: collection ? { path: collection.path, id: collection.id } : null,
      author: r.authorId ? { username: author.get(r.authorId)?.username ?? null } : null,
      permissions: {
        preventSandboxLeaving: r.preventSandboxLeaving,
        preventSandboxExport: r.preventSandboxExport,
      },
    };
  });
}
