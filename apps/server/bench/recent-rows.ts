import { type ListedSandbox, RELATIONS } from "../src/modules/sandboxes/listed-sandboxes.ts";

/** The baseline's RecentSandbox rows (api-contract §3), mapped by hand from the listed sandboxes. */
export function recentRows(rows: ListedSandbox[], lastAccessedAt: Map<string, Date>) {
  return rows.map((r) => {
    const relations = r[RELATIONS];
    return {
      id: r.id,
      alias: r.alias,
      title: r.title,
      lastAccessedAt: lastAccessedAt.get(r.id)?.toISOString() ?? null,
      privacy: r.privacy,
      restricted: r.restricted,
      draft: r.collectionId === null,
      isV2: r.isV2,
      screenshotUrl: r.screenshotUrl,
      teamId: r.workspaceId,
      source: { template: r.sourceTemplate },
      customTemplate: relations?.template
        ? { id: relations.template.id, iconUrl: relations.template.iconUrl }
        : null,
      forkedTemplate: relations?.forkedTemplate
        ? {
            id: relations.forkedTemplate.id,
            color: relations.forkedTemplate.color,
            iconUrl: relations.forkedTemplate.iconUrl,
          }
        : null,
      collection: relations?.collection
        ? { path: relations.collection.path, id: relations.collection.id }
        : null,
      author: relations?.author ? { username: relations.author.username } : null,
    };
  });
}
