import type { SandboxAuthorization } from "@boxyard/domain";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  collections,
  sandboxDirectories,
  sandboxes,
  sandboxModules,
  templates,
  users,
  workspaces,
} from "../../db/schema/index.ts";
import { query } from "../../service/command.ts";
import type { Membership } from "../workspaces/workspace.policy.ts";
import { readableSandbox, readableSandboxIds } from "./read.service.ts";
import { sandboxByIdInput } from "./sandboxes.schema.ts";
import type { SandboxRow, TemplateRow } from "./sandboxes.service.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentTemplate(t: TemplateRow | undefined) {
  if (!t) return null;
  return {
    id: t.id,
    color: t.color,
    iconUrl: t.iconUrl,
    published: t.published,
    official: t.official,
    tags: t.tags,
  };
}

/**
 * The fields every REST answer about a sandbox carries (camelCase, api-contract §13). The sandbox it
 * was forked from is named only when the viewer may read it (`readable`, from readableSandboxIds):
 * a public fork of a private sandbox does not tell its source's id.
 */
export function presentSandboxSummary(s: SandboxRow, readable: ReadonlySet<string>) {
  return {
    id: s.id,
    alias: s.alias,
    title: s.title,
    description: s.description,
    privacy: s.privacy,
    isV2: s.isV2,
    v2: s.isV2,
    isFrozen: s.isFrozen,
    draft: s.collectionId === null,
    restricted: s.restricted,
    viewCount: s.viewCount,
    forkCount: s.forkCount,
    likeCount: s.likeCount,
    vmTier: s.vmTier,
    screenshotUrl: s.screenshotUrl,
    source: { template: s.sourceTemplate },
    teamId: s.workspaceId,
    authorId: s.authorId,
    forkedFromId: s.forkedFromId && readable.has(s.forkedFromId) ? s.forkedFromId : null,
    insertedAt: s.insertedAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    removedAt: iso(s.removedAt),
  };
}

export type SandboxViewContext = {
  membership: Membership | null;
  authorization: SandboxAuthorization;
  /** Who reads (null: signed out); left out, the member of `membership`. */
  viewerId?: string | null;
};

/**
 * The full sandbox of `GET /api/v1/sandboxes/:id`: its fields, workspace name, author, template
 * metadata, the viewer's authorization and effective permissions, and its files (`modules` and
 * `directories`, what zip export reads). The folder is shown to members only.
 */
export async function sandboxView(db: Db | Tx, s: SandboxRow, ctx: SandboxViewContext) {
  const [workspace] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      preventSandboxExport: workspaces.preventSandboxExport,
      preventSandboxLeaving: workspaces.preventSandboxLeaving,
    })
    .from(workspaces)
    .where(eq(workspaces.id, s.workspaceId));
  const [author] = s.authorId
    ? await db
        .select({ id: users.id, username: users.username, name: users.name, avatarUrl: users.avatarUrl })
        .from(users)
        .where(eq(users.id, s.authorId))
    : [];
  const [template] = await db.select().from(templates).where(eq(templates.sandboxId, s.id));
  const viewerId = ctx.viewerId === undefined ? (ctx.membership?.userId ?? null) : ctx.viewerId;
  const readable = await readableSandboxIds(db, viewerId, [s.forkedFromId]);
  // Nothing of a source the viewer may not open: not its id, not its template.
  const source = s.forkedFromId && readable.has(s.forkedFromId) ? s.forkedFromId : null;
  const [forkedTemplate] = source
    ? await db.select().from(templates).where(eq(templates.sandboxId, source))
    : [];
  const [forkedFrom] = source
    ? await db
        .select({
          id: sandboxes.id,
          alias: sandboxes.alias,
          title: sandboxes.title,
          privacy: sandboxes.privacy,
          collectionId: sandboxes.collectionId,
          removedAt: sandboxes.removedAt,
        })
        .from(sandboxes)
        .where(eq(sandboxes.id, source))
    : [];
  const [collection] =
    ctx.membership && s.collectionId
      ? await db
          .select({ id: collections.id, path: collections.path })
          .from(collections)
          .where(eq(collections.id, s.collectionId))
      : [];
  const directories = await db
    .select({
      shortid: sandboxDirectories.shortid,
      title: sandboxDirectories.title,
      directoryShortid: sandboxDirectories.directoryShortid,
    })
    .from(sandboxDirectories)
    .where(eq(sandboxDirectories.sandboxId, s.id))
    .orderBy(asc(sandboxDirectories.title), asc(sandboxDirectories.shortid));
  const modules = await db
    .select({
      shortid: sandboxModules.shortid,
      title: sandboxModules.title,
      code: sandboxModules.code,
      directoryShortid: sandboxModules.directoryShortid,
      isBinary: sandboxModules.isBinary,
      version: sandboxModules.version,
      updatedAt: sandboxModules.updatedAt,
    })
    .from(sandboxModules)
    .where(eq(sandboxModules.sandboxId, s.id))
    .orderBy(asc(sandboxModules.title), asc(sandboxModules.shortid));
  const preventSandboxExport = s.preventSandboxExport || (workspace?.preventSandboxExport ?? false);
  const preventSandboxLeaving = s.preventSandboxLeaving || (workspace?.preventSandboxLeaving ?? false);
  return {
    ...presentSandboxSummary(s, readable),
    // A workspace's details are its members' (as GraphQL's Sandbox.team): null for anyone else.
    team: workspace && ctx.membership ? { id: workspace.id, name: workspace.name } : null,
    author: author ?? null,
    collection: collection ?? null,
    customTemplate: presentTemplate(template),
    forkedTemplate: presentTemplate(forkedTemplate),
    // The source's address only when anyone may open it (not private, not a draft, not deleted).
    forkedFrom:
      forkedFrom &&
      forkedFrom.privacy < 2 &&
      forkedFrom.collectionId !== null &&
      forkedFrom.removedAt === null
        ? { id: forkedFrom.id, alias: forkedFrom.alias, title: forkedFrom.title }
        : null,
    authorization: ctx.authorization,
    permissions: { preventSandboxLeaving, preventSandboxExport },
    // Zip export is for members (GET /api/v1/teams/:teamId/sandboxes/zip), never devboxes (spec 1 §5).
    canExport: ctx.membership !== null && !s.isV2 && !preventSandboxExport,
    directories,
    modules: modules.map((m) => ({ ...m, updatedAt: m.updatedAt.toISOString() })),
  };
}

export type SandboxView = Awaited<ReturnType<typeof sandboxView>>;

/** The sandbox as REST answers it to the signed-in viewer (after a write to it). */
export const presentSandbox = query(sandboxByIdInput, async (ctx, { sandboxId }) => {
  const access = await readableSandbox(ctx.db, { viewerId: ctx.userId, grant: null }, sandboxId);
  return sandboxView(ctx.db, access.sandbox, { ...access, viewerId: ctx.userId });
});
