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
type Checked = boolean[] | Promise<boolean[]>;
type Check = (rows: readonly unknown[], ctx: GraphQLContext, listed: boolean) => Checked;

type Owned = { workspaceId: string };
type Membership = NonNullable<Awaited<ReturnType<GraphQLContext["loaders"]["membership"]["load"]>>>;

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === "function";
const then = <T, U>(value: T | Promise<T>, next: (v: T) => U | Promise<U>): U | Promise<U> =>
  isPromise(value) ? value.then(next) : next(value);

/**
 * The viewer's memberships of the workspaces given. Answered at once when they are loaded already
 * (a list's guard loads them before its items' fields ask): big lists stay synchronous.
 */
function membershipsOf(
  ctx: GraphQLContext,
  workspaceIds: readonly string[],
): Map<string, Membership | null> | Promise<Map<string, Membership | null>> {
  const loader = ctx.loaders.membership;
  const distinct = [...new Set(workspaceIds)];
  if (!ctx.viewer) return new Map(distinct.map((id) => [id, null]));
  const known = distinct.map((id) => loader.peek(id));
  if (known.every((k) => k !== undefined)) return new Map(distinct.map((id, i) => [id, known[i]!.value]));
  return Promise.all(distinct.map((id) => loader.load(id))).then(
    (memberships) => new Map(distinct.map((id, i) => [id, memberships[i]!])),
  );
}

function memberOfEach(ctx: GraphQLContext, workspaceIds: readonly (string | null)[]): Checked {
  const present = workspaceIds.filter((id): id is string => id !== null);
  return then(membershipsOf(ctx, present), (memberships) =>
    workspaceIds.map((id) => id !== null && (memberships.get(id) ?? null) !== null),
  );
}

type GuardedSandbox = ReadableSubject & { privacy: number; forkedFromId?: string | null };

/** Per request: whether the viewer may read a sandbox (by id), once decided. */
const readCache = new WeakMap<GraphQLContext, Map<string, boolean>>();
function readDecisions(ctx: GraphQLContext) {
  let cache = readCache.get(ctx);
  if (!cache) {
    cache = new Map();
    readCache.set(ctx, cache);
  }
  return cache;
}

/** sandbox.policy.ts canReadSandbox for the viewer, with the listing rule for unlisted ones. */
export const sandboxesVisible: Check = (rows, ctx, listed) => {
  const sandboxes = rows as GuardedSandbox[];
  return then(
    membershipsOf(
      ctx,
      sandboxes.map((s) => s.workspaceId),
    ),
    (memberships) => decideSandboxes(sandboxes, ctx, listed, memberships),
  );
};

function decideSandboxes(
  sandboxes: GuardedSandbox[],
  ctx: GraphQLContext,
  listed: boolean,
  memberships: Map<string, Membership | null>,
): Checked {
  const viewerId = ctx.viewer?.userId ?? null;
  const decided: (boolean | undefined)[] = sandboxes.map((s) => {
    const membership = memberships.get(s.workspaceId) ?? null;
    if (viewerId && canSeeSandbox(viewerId, membership, s)) return true;
    if (s.removedAt !== null) return false;
    if (!isDraft(s) && s.privacy === 0) return true;
    if (!viewerId) return !listed && !isDraft(s) && s.privacy === 1;
    return undefined; // a collaborator's, or an unlisted one: asked below
  });
  const finish = (seen: boolean[]) => {
    const cache = readDecisions(ctx);
    sandboxes.forEach((s, i) => {
      // Seen in a list means readable; refused in a list may still be readable by id.
      if (seen[i] || !listed) cache.set(s.id, seen[i]!);
      if (seen[i]) ctx.loaders.sandbox.prime(s.id, s as never);
    });
    return listed
      ? then(
          prepareSources(
            sandboxes.filter((_, i) => seen[i]),
            ctx,
          ),
          () => seen,
        )
      : seen;
  };
  if (decided.every((d) => d !== undefined)) return finish(decided as boolean[]);
  return (async () => {
    const collaborations = await Promise.all(
      sandboxes.map((s, i) => (decided[i] === undefined ? ctx.loaders.collaboration.load(s.id) : null)),
    );
    const opened = listed
      ? await Promise.all(
          sandboxes.map((s, i) =>
            decided[i] === undefined && s.privacy === 1 ? ctx.loaders.lastAccess.load(s.id) : null,
          ),
        )
      : [];
    const seen = sandboxes.map((s, i) => {
      if (decided[i] !== undefined) return decided[i];
      const collaborator = collaborations[i] !== null;
      const membership = memberships.get(s.workspaceId) ?? null;
      if (!canReadSandbox(viewerId, membership, collaborator, s)) return false;
      return !listed || collaborator || opened[i] != null;
    });
    return finish(seen);
  })();
}

/**
 * A listed sandbox's forkedTemplate is guarded by its source's readability: the sources of a list
 * are decided once, with the list, so the items' fields answer at once.
 */
function prepareSources(sandboxes: GuardedSandbox[], ctx: GraphQLContext): void | Promise<void> {
  const cache = readDecisions(ctx);
  const ids = [...new Set(sandboxes.flatMap((s) => (s.forkedFromId ? [s.forkedFromId] : [])))].filter(
    (id) => !cache.has(id),
  );
  if (ids.length === 0) return;
  return (async () => {
    const sources = (await Promise.all(ids.map((id) => ctx.loaders.sandbox.load(id)))).filter(
      (s): s is NonNullable<typeof s> => s !== null,
    );
    await sandboxesVisible(sources, ctx, false);
  })();
}

/** A template is seen by whoever may read its sandbox (by id: a template is reached through one). */
const templatesVisible: Check = (rows, ctx) => {
  const templates = rows as { sandboxId: string; sandbox?: GuardedSandbox }[];
  const cache = readDecisions(ctx);
  const known = templates.map((t) => cache.get(t.sandbox?.id ?? t.sandboxId));
  if (known.every((k) => k !== undefined)) return known as boolean[];
  return (async () => {
    const sandboxes = await Promise.all(
      templates.map((t) => t.sandbox ?? ctx.loaders.sandbox.load(t.sandboxId)),
    );
    const present = sandboxes.filter((s): s is NonNullable<typeof s> => s !== null);
    const seen = await sandboxesVisible(present, ctx, false);
    const visible = new Set(present.filter((_, i) => seen[i]));
    return sandboxes.map((s) => s !== null && visible.has(s));
  })();
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
  (rows, ctx) =>
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

/**
 * The other object types and the types whose fields lead to them: they are details of a guarded
 * object (or the viewer's own answer to a query or mutation), covered by that object's guard.
 * visibility.test.ts fails when a type is in neither table or is reached another way.
 */
export const REACHED_THROUGH: Record<string, readonly string[]> = {
  BranchOwner: ["Branch"],
  EligibleWorkspace: ["User"],
  Git: ["Sandbox"],
  GitHubRepository: ["Project"],
  GithubOrganization: ["User"],
  GithubProfile: ["User"],
  GithubRepo: ["User", "Query"],
  GithubRepoOwner: ["GithubRepo"],
  NotificationPreferences: ["User", "Mutation"],
  ProSubscription: ["Team"],
  ProjectVmSpecs: ["Mutation"],
  PullRequest: ["Branch"],
  SandboxAuthor: ["Sandbox"],
  SandboxCollaborator: ["Sandbox"],
  SandboxDirectory: ["Sandbox", "SandboxFiles", "Mutation"],
  SandboxFiles: ["Mutation"],
  SandboxModule: ["Sandbox", "SandboxFiles", "Mutation"],
  SandboxPermissions: ["Sandbox"],
  Source: ["Sandbox"],
  SubscriptionChargePreview: ["Mutation"],
  SubscriptionPhase: ["SubscriptionSchedule"],
  SubscriptionPhaseItem: ["SubscriptionPhase"],
  SubscriptionSchedule: ["Team"],
  TeamAiConsent: ["WorkspaceSandboxSettings", "Mutation"],
  TeamFeatureFlags: ["Team"],
  TeamInvitation: ["Team"],
  TeamInvitationToMe: ["User"],
  TeamJoinRequest: ["Team"],
  TeamLimits: ["Team"],
  TeamMember: ["Team"],
  TeamMetadata: ["Team"],
  TeamPreview: ["Query"],
  TeamUsage: ["Team"],
  UserAuthorization: ["Team"],
  WorkspaceSandboxSettings: ["Team", "Mutation"],
};

const GUARDED = Symbol("visibility guard");

/** Whether the field's resolver passes what it answers through its type's guard. */
export const isGuarded = (field: GraphQLField<unknown, unknown>) =>
  (field.resolve as { [GUARDED]?: true } | undefined)?.[GUARDED] === true;

function guardField(field: GraphQLField<unknown, GraphQLContext>, check: Check) {
  const resolve = field.resolve ?? defaultFieldResolver;
  const nonNull = isNonNullType(field.type);
  const list = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
  const keep = (value: unknown, ctx: GraphQLContext): unknown => {
    if (value === null || value === undefined) return value;
    if (list) {
      const rows = [...(value as Iterable<unknown>)].filter((row) => row !== null && row !== undefined);
      return then(check(rows, ctx, true), (seen) => rows.filter((_, i) => seen[i]));
    }
    return then(check([value], ctx, false), ([seen]) => {
      if (seen) return value;
      if (nonNull) throw notFound();
      return null;
    });
  };
  // Synchronous when the resolver and the check are: a list of thousands answers without promises.
  const guarded: typeof resolve = (source, args, ctx, info) =>
    then(resolve(source, args, ctx, info), (value) => keep(value, ctx));
  field.resolve = Object.assign(guarded, { [GUARDED]: true as const });
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
