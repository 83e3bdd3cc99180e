import type { Db } from "../../db/client.ts";
import type { collections } from "../../db/schema/index.ts";
import { builder } from "../../graphql/builder.ts";
import { type GraphQLContext, requireGraphQLViewer } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { syncedSandboxes } from "../repositories/synced-templates.service.ts";
import { Team } from "../workspaces/workspaces.graphql.ts";
import type { WorkspaceRow } from "../workspaces/workspaces.service.ts";
import { type ListedSandbox, RELATIONS } from "./listed-sandboxes.ts";
import { sandboxIfReadable } from "./read.service.ts";
import { effectiveAuthorization } from "./sandbox.policy.ts";
import { authorsById, foldersById, templatesOfSandboxes, workspacesById } from "./sandboxes.loaders.ts";
import {
  addToCollectionOrTeam,
  deleteSandboxes,
  draftsOf,
  permanentlyDeleteSandboxes,
  renameSandbox,
  type SandboxRow,
  setPreventSandboxesExport,
  setPreventSandboxesLeaving,
  setSandboxesFrozen,
  setSandboxesPrivacy,
  type TemplateRow,
  workspaceSandboxes,
  workspaceTemplates,
} from "./sandboxes.service.ts";

type CollectionRow = typeof collections.$inferSelect;

/**
 * The loaders of this module, one set per request, so a list of N sandboxes costs a fixed number
 * of queries. The viewer's membership, collaboration and last access come from the request's
 * shared loaders (graphql/context.ts), which the visibility guard reads too.
 */
function createSandboxLoaders(db: Db, shared: GraphQLContext["loaders"]) {
  return {
    membership: shared.membership,
    collaboration: shared.collaboration,
    lastAccess: shared.lastAccess,
    sandbox: shared.sandbox,
    template: new BatchLoader<string, TemplateRow | null>((ids) => templatesOfSandboxes(db, ids), null),
    collection: new BatchLoader<string, CollectionRow | null>((ids) => foldersById(db, ids), null),
    author: new BatchLoader<string, { id: string; username: string } | null>(
      (ids) => authorsById(db, ids),
      null,
    ),
    workspace: new BatchLoader<string, WorkspaceRow | null>((ids) => workspacesById(db, ids), null),
  };
}

const loaderSets = new WeakMap<GraphQLContext, ReturnType<typeof createSandboxLoaders>>();

/** This module's loaders for a request, made on first use. */
export function sandboxLoaders(ctx: GraphQLContext) {
  let set = loaderSets.get(ctx);
  if (!set) {
    set = createSandboxLoaders(ctx.deps.db, ctx.loaders);
    loaderSets.set(ctx, set);
  }
  return set;
}

export const SandboxAuthorizationEnum = builder.enumType("SandboxAuthorization", {
  values: ["COMMENT", "NONE", "OWNER", "READ", "WRITE_CODE", "WRITE_PROJECT"] as const,
});
export const DirectionEnum = builder.enumType("Direction", { values: ["ASC", "DESC"] as const });
export const OrderByInput = builder.inputType("OrderBy", {
  fields: (t) => ({
    field: t.string({ required: true }),
    direction: t.field({ type: DirectionEnum, required: true }),
  }),
});

const Source = builder.objectRef<{ template: string | null }>("Source").implement({
  fields: (t) => ({ template: t.exposeString("template", { nullable: true }) }),
});

const SandboxPermissions = builder
  .objectRef<{ preventSandboxLeaving: boolean; preventSandboxExport: boolean }>("SandboxPermissions")
  .implement({
    fields: (t) => ({
      preventSandboxLeaving: t.exposeBoolean("preventSandboxLeaving"),
      preventSandboxExport: t.exposeBoolean("preventSandboxExport"),
    }),
  });

const SandboxAuthor = builder.objectRef<{ id: string; username: string }>("SandboxAuthor").implement({
  fields: (t) => ({ id: t.expose("id", { type: "UUID4" }), username: t.exposeString("username") }),
});

/** Git details of a sandbox synced with a repository (api-contract §3 GitInfo); the repositories module resolves them. */
type GitRow = {
  id: string;
  username: string;
  commitSha: string | null;
  path: string;
  repo: string;
  branch: string;
};
export const Git = builder.objectRef<GitRow>("Git").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    username: t.exposeString("username"),
    commitSha: t.exposeString("commitSha", { nullable: true }),
    path: t.exposeString("path"),
    repo: t.exposeString("repo"),
    branch: t.exposeString("branch"),
  }),
});

export const Sandbox = builder.objectRef<SandboxRow>("Sandbox");
export const Template = builder.objectRef<TemplateRow & { sandbox?: SandboxRow }>("Template");
/** A folder as its GraphQL fields read it (a whole row, or a listed folder with its count). */
export type FolderRef = Pick<CollectionRow, "id" | "workspaceId" | "path"> & { sandboxCount?: number };

/** A folder; the folders module adds its counts and contents. */
export const Collection = builder.objectRef<FolderRef>("Collection").implement({
  fields: (t) => ({ id: t.expose("id", { type: "UUID4" }), path: t.exposeString("path") }),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

Sandbox.implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    alias: t.exposeString("alias", { nullable: true }),
    title: t.exposeString("title", { nullable: true }),
    description: t.exposeString("description", { nullable: true }),
    lastAccessedAt: t.string({
      nullable: true,
      description: "When the viewer last opened the sandbox.",
      resolve: async (s, _a, ctx) => iso(await sandboxLoaders(ctx).lastAccess.load(s.id)),
    }),
    insertedAt: t.string({ resolve: (s) => s.insertedAt.toISOString() }),
    updatedAt: t.string({ resolve: (s) => s.updatedAt.toISOString() }),
    removedAt: t.string({ nullable: true, resolve: (s) => iso(s.removedAt) }),
    privacy: t.exposeInt("privacy"),
    isFrozen: t.exposeBoolean("isFrozen", { description: "Protected: cannot be renamed, moved or deleted." }),
    screenshotUrl: t.exposeString("screenshotUrl", { nullable: true }),
    viewCount: t.exposeInt("viewCount"),
    likeCount: t.exposeInt("likeCount"),
    forkCount: t.exposeInt("forkCount"),
    isV2: t.exposeBoolean("isV2", { description: "A devbox." }),
    draft: t.boolean({ resolve: (s) => s.collectionId === null }),
    restricted: t.exposeBoolean("restricted"),
    authorId: t.expose("authorId", { type: "UUID4", nullable: true }),
    teamId: t.expose("workspaceId", { type: "UUID4" }),
    source: t.field({ type: Source, resolve: (s) => ({ template: s.sourceTemplate }) }),
    customTemplate: t.field({
      type: Template,
      nullable: true,
      resolve: (s: ListedSandbox, _a, ctx) =>
        s[RELATIONS] ? s[RELATIONS].template : sandboxLoaders(ctx).template.load(s.id),
    }),
    forkedTemplate: t.field({
      type: Template,
      nullable: true,
      description: "The template this sandbox was forked from.",
      resolve: (s: ListedSandbox, _a, ctx) => {
        if (s[RELATIONS]) return s[RELATIONS].forkedTemplate;
        return s.forkedFromId ? sandboxLoaders(ctx).template.load(s.forkedFromId) : null;
      },
    }),
    collection: t.field({
      type: Collection,
      nullable: true,
      resolve: (s: ListedSandbox, _a, ctx) => {
        if (s[RELATIONS]) return s[RELATIONS].collection;
        return s.collectionId ? sandboxLoaders(ctx).collection.load(s.collectionId) : null;
      },
    }),
    author: t.field({
      type: SandboxAuthor,
      nullable: true,
      resolve: (s: ListedSandbox, _a, ctx) => {
        if (s[RELATIONS]) return s[RELATIONS].author;
        return s.authorId ? sandboxLoaders(ctx).author.load(s.authorId) : null;
      },
    }),
    permissions: t.field({ type: SandboxPermissions, resolve: (s) => s }),
    team: t.field({
      type: Team,
      nullable: true,
      description:
        "The sandbox's workspace, for its members (null for anyone else: a workspace's details are its own).",
      resolve: async (s, _a, ctx) => {
        if (!(await viewerMembership(ctx, s.workspaceId))) return null;
        return sandboxLoaders(ctx).workspace.load(s.workspaceId);
      },
    }),
    authorization: t.field({
      type: SandboxAuthorizationEnum,
      description:
        "What the viewer may do with the sandbox now: OWNER and WRITE_CODE edit its files; a deleted sandbox, a frozen workspace's (READ at most) and a protected one (WRITE_PROJECT at most) are lowered.",
      resolve: async (s, _a, ctx) => {
        if (!ctx.viewer) return "NONE";
        const loaders = sandboxLoaders(ctx);
        const membership = await loaders.membership.load(s.workspaceId);
        const collaboration = s.removedAt ? null : await loaders.collaboration.load(s.id);
        // A collaborator is no member: the workspace's frozen flag comes from the workspace itself.
        const workspaceFrozen = membership
          ? membership.frozen
          : collaboration !== null && ((await loaders.workspace.load(s.workspaceId))?.frozen ?? false);
        return effectiveAuthorization(ctx.viewer.userId, {
          sandbox: s,
          membership,
          collaboration,
          workspaceFrozen,
        });
      },
    }),
  }),
});

Template.implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    color: t.exposeString("color", { nullable: true }),
    iconUrl: t.exposeString("iconUrl", { nullable: true }),
    published: t.exposeBoolean("published"),
    sandbox: t.field({
      type: Sandbox,
      nullable: true,
      description: "The template's sandbox, for whoever may read it (graphql/visibility.ts).",
      resolve: (tpl, _a, ctx) => tpl.sandbox ?? sandboxLoaders(ctx).sandbox.load(tpl.sandboxId),
    }),
  }),
});

/** True when the viewer is a member of the workspace (Team fields answer empty lists otherwise). */
async function viewerMembership(ctx: GraphQLContext, workspaceId: string) {
  if (!ctx.viewer) return null;
  return sandboxLoaders(ctx).membership.load(workspaceId);
}

builder.objectFields(Team, (t) => ({
  drafts: t.field({
    type: [Sandbox],
    description: "The viewer's own drafts in this workspace; another author's id answers an empty list.",
    args: { authorId: t.arg({ type: "UUID4" }) },
    resolve: async (w, args, ctx) => {
      const viewer = requireGraphQLViewer(ctx);
      if (args.authorId && args.authorId !== viewer.userId) return [];
      if (!(await viewerMembership(ctx, w.id))) return [];
      return runQuery(ctx.deps, viewer, draftsOf, { teamId: w.id });
    },
  }),
  sandboxes: t.field({
    type: [Sandbox],
    args: {
      limit: t.arg.int(),
      orderBy: t.arg({ type: OrderByInput }),
      showDeleted: t.arg.boolean(),
      hasOriginalGit: t.arg.boolean(),
    },
    resolve: async (w, args, ctx) => {
      const viewer = requireGraphQLViewer(ctx);
      if (!(await viewerMembership(ctx, w.id))) return [];
      // Synced templates (the Import template tab): 'Imported templates', /dashboard/synced-sandboxes.
      if (args.hasOriginalGit) {
        return runQuery(ctx.deps, viewer, syncedSandboxes, { workspaceId: w.id, limit: args.limit });
      }
      return runQuery(ctx.deps, viewer, workspaceSandboxes, {
        teamId: w.id,
        limit: args.limit,
        orderBy: args.orderBy,
        showDeleted: args.showDeleted,
      });
    },
  }),
  templates: t.field({
    type: [Template],
    resolve: async (w, _args, ctx) => {
      const viewer = requireGraphQLViewer(ctx);
      if (!(await viewerMembership(ctx, w.id))) return [];
      return runQuery(ctx.deps, viewer, workspaceTemplates, { teamId: w.id });
    },
  }),
}));

builder.queryField("sandbox", (t) =>
  t.field({
    type: Sandbox,
    nullable: true,
    description:
      "A sandbox the viewer may open (public and unlisted ones for anyone; private ones for members and collaborators; drafts for their author); null otherwise.",
    args: { sandboxId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => runQuery(ctx.deps, ctx.viewer, sandboxIfReadable, args),
  }),
);

builder.mutationFields((t) => ({
  addToCollectionOrTeam: t.field({
    type: [Sandbox],
    description:
      "Moves sandboxes into a folder (drafts when collectionPath is null), across workspaces, out of the trash.",
    args: {
      collectionPath: t.arg.string(),
      sandboxIds: t.arg.idList({ required: true }),
      teamId: t.arg({ type: "UUID4" }),
      privacy: t.arg.int(),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, addToCollectionOrTeam, args),
  }),
  deleteSandboxes: t.field({
    type: [Sandbox],
    description: "Moves sandboxes to Recently deleted.",
    args: { sandboxIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, deleteSandboxes, args),
  }),
  permanentlyDeleteSandboxes: t.field({
    type: [Sandbox],
    args: { sandboxIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, permanentlyDeleteSandboxes, args),
  }),
  renameSandbox: t.field({
    type: Sandbox,
    args: { id: t.arg.id({ required: true }), title: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, renameSandbox, args),
  }),
  setSandboxesFrozen: t.field({
    type: [Sandbox],
    args: { sandboxIds: t.arg.idList({ required: true }), isFrozen: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setSandboxesFrozen, args),
  }),
  setSandboxesPrivacy: t.field({
    type: [Sandbox],
    args: { sandboxIds: t.arg.idList({ required: true }), privacy: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setSandboxesPrivacy, args),
  }),
  setPreventSandboxesExport: t.field({
    type: [Sandbox],
    description: "Workspace admins only; switching it on needs a Pro workspace.",
    args: {
      sandboxIds: t.arg.idList({ required: true }),
      preventSandboxExport: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setPreventSandboxesExport, args),
  }),
  setPreventSandboxesLeavingWorkspace: t.field({
    type: [Sandbox],
    description: "Workspace admins only; switching it on needs a Pro workspace.",
    args: {
      sandboxIds: t.arg.idList({ required: true }),
      preventSandboxLeaving: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setPreventSandboxesLeaving, args),
  }),
}));
