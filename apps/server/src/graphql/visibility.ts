import {
  defaultFieldResolver,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  isListType,
  isNonNullType,
  isObjectType,
} from "graphql";
import { notFound } from "../http/errors.ts";
import {
  canReadSandbox,
  canSeeSandbox,
  isDraft,
  type ReadableSubject,
} from "../modules/sandboxes/sandbox.policy.ts";
import type { GraphQLContext } from "./context.ts";

/**
 * Every object is authorized on its own, for the viewer, whatever field led to it (issue 13 hole 1):
 * each field of the schema whose type is one of the types below passes what it resolved through
 * the type's check. A list keeps the objects the viewer may see; a single object the viewer may
 * not see answers what a missing one answers (null, or NOT_FOUND where the field cannot be null).
 * Mutations authorize their own payload; the fields below it are guarded like any other.
 *
 * `listed` says whether the object comes in a list: an unlisted sandbox (privacy 1) is readable by
 * id, never listed to someone who is not a member, a collaborator, or has opened it before.
 */
type Check = (rows: readonly unknown[], ctx: GraphQLContext, listed: boolean) => Promise<boolean[]>;

type Owned = { workspaceId: string };

async function memberOfEach(
  ctx: GraphQLContext,
  workspaceIds: readonly (string | null)[],
): Promise<boolean[]> {
  if (!ctx.viewer) return workspaceIds.map(() => false);
  const distinct = [...new Set(workspaceIds.filter((id): id is string => id !== null))];
  const memberships = await Promise.all(distinct.map((id) => ctx.loaders.membership.load(id)));
  const member = new Set(distinct.filter((_, i) => memberships[i] !== null));
  return workspaceIds.map((id) => id !== null && member.has(id));
}

type GuardedSandbox = ReadableSubject & { privacy: number };

/** sandbox.policy.ts canReadSandbox for the viewer, with the listing rule for unlisted ones. */
export const sandboxesVisible: Check = async (rows, ctx, listed) => {
  const sandboxes = rows as GuardedSandbox[];
  const viewerId = ctx.viewer?.userId ?? null;
  const workspaceIds = [...new Set(sandboxes.map((s) => s.workspaceId))];
  const memberships = new Map(
    await Promise.all(
      workspaceIds.map(async (id) => [id, viewerId ? await ctx.loaders.membership.load(id) : null] as const),
    ),
  );
  const decided: (boolean | undefined)[] = sandboxes.map((s) => {
    const membership = memberships.get(s.workspaceId) ?? null;
    if (viewerId && canSeeSandbox(viewerId, membership, s)) return true;
    if (s.removedAt !== null) return false;
    if (!isDraft(s) && s.privacy === 0) return true;
    if (!viewerId) return !listed && !isDraft(s) && s.privacy === 1;
    return undefined; // a collaborator's, or an unlisted one: asked below
  });
  const open = sandboxes.map((s, i) => (decided[i] === undefined ? s : null));
  if (!open.some(Boolean)) return decided as boolean[];
  const collaborations = await Promise.all(
    open.map((s) => (s ? ctx.loaders.collaboration.load(s.id) : null)),
  );
  const opened = listed
    ? await Promise.all(open.map((s) => (s && s.privacy === 1 ? ctx.loaders.lastAccess.load(s.id) : null)))
    : [];
  return sandboxes.map((s, i) => {
    if (decided[i] !== undefined) return decided[i];
    const collaborator = collaborations[i] !== null;
    const membership = memberships.get(s.workspaceId) ?? null;
    if (!canReadSandbox(viewerId, membership, collaborator, s)) return false;
    return !listed || collaborator || opened[i] != null;
  });
};

/** A template is seen by whoever may read its sandbox (by id: a template is reached through one). */
const templatesVisible: Check = async (rows, ctx) => {
  const templates = rows as { sandboxId: string; sandbox?: GuardedSandbox }[];
  const sandboxes = await Promise.all(
    templates.map((t) => t.sandbox ?? ctx.loaders.sandbox.load(t.sandboxId)),
  );
  const present = sandboxes.filter((s): s is NonNullable<typeof s> => s !== null);
  const seen = await sandboxesVisible(present, ctx, false);
  const visible = new Set(present.filter((_, i) => seen[i]));
  return sandboxes.map((s) => s !== null && visible.has(s));
};

/** Folders, workspaces and repositories: their workspace's members only. */
const ownedByWorkspace =
  (workspaceOf: (row: never) => string): Check =>
  (rows, ctx) =>
    memberOfEach(
      ctx,
      rows.map((r) => workspaceOf(r as never)),
    );

/** A branch is its repository's: the members of the workspace that imported it. */
const branchesVisible: Check = async (rows, ctx) => {
  const branches = rows as { projectId: string; projectRow?: Owned }[];
  const workspaceIds = await Promise.all(
    branches.map((b) => b.projectRow?.workspaceId ?? ctx.loaders.projectWorkspace.load(b.projectId)),
  );
  return memberOfEach(ctx, workspaceIds);
};

/** The viewer's own objects: their user, their notifications. */
const viewersOwn =
  (ownerOf: (row: never) => string): Check =>
  async (rows, ctx) =>
    rows.map((r) => ctx.viewer !== null && ownerOf(r as never) === ctx.viewer.userId);

export const VISIBILITY: Record<string, Check> = {
  Sandbox: sandboxesVisible,
  Template: templatesVisible,
  Collection: ownedByWorkspace((c: Owned) => c.workspaceId),
  Team: ownedByWorkspace((w: { id: string }) => w.id),
  Project: ownedByWorkspace((p: Owned) => p.workspaceId),
  Branch: branchesVisible,
  User: viewersOwn((u: { id: string }) => u.id),
  Notification: viewersOwn((n: { userId: string }) => n.userId),
};

function guardField(field: GraphQLField<unknown, GraphQLContext>, check: Check) {
  const resolve = field.resolve ?? defaultFieldResolver;
  const nonNull = isNonNullType(field.type);
  const list = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
  field.resolve = async (source, args, ctx, info) => {
    const value = await resolve(source, args, ctx, info);
    if (value === null || value === undefined) return value;
    if (list) {
      const rows = [...(value as Iterable<unknown>)].filter((row) => row !== null && row !== undefined);
      const seen = await check(rows, ctx, true);
      return rows.filter((_, i) => seen[i]);
    }
    const [seen] = await check([value], ctx, false);
    if (seen) return value;
    if (nonNull) throw notFound();
    return null;
  };
}

/** Wraps every field (but the mutations') that answers a guarded type; returns the same schema. */
export function guardVisibility(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || type === mutation) continue;
    for (const field of Object.values(type.getFields())) {
      const check = VISIBILITY[getNamedType(field.type).name];
      if (check) guardField(field as GraphQLField<unknown, GraphQLContext>, check);
    }
  }
  return schema;
}
