import { folderLevel, folderName, parentPath, ROOT_PATH } from "@boxyard/domain";
import type { Db } from "../../db/client.ts";
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { Collection, Sandbox } from "../sandboxes/sandboxes.graphql.ts";
import type { SandboxRow } from "../sandboxes/sandboxes.service.ts";
import { User } from "../users/users.graphql.ts";
import {
  createCollection,
  deleteCollection,
  findCollection,
  folderSandboxesPage,
  listCollections,
  renameCollection,
  sandboxCounts,
  sandboxesIn,
} from "./folders.service.ts";

function createFolderLoaders(db: Db) {
  return {
    count: new BatchLoader<string, number>((ids) => sandboxCounts(db, ids), 0),
    sandboxes: new BatchLoader<string, SandboxRow[]>((ids) => sandboxesIn(db, ids), []),
  };
}

const loaderSets = new WeakMap<GraphQLContext, ReturnType<typeof createFolderLoaders>>();
function folderLoaders(ctx: GraphQLContext) {
  let set = loaderSets.get(ctx);
  if (!set) {
    set = createFolderLoaders(ctx.deps.db);
    loaderSets.set(ctx, set);
  }
  return set;
}

builder.objectFields(Collection, (t) => ({
  name: t.string({ resolve: (c) => folderName(c.path) }),
  level: t.int({ resolve: (c) => folderLevel(c.path) }),
  parent: t.string({
    nullable: true,
    description: "The path of the folder this one is in; null for the root ('/').",
    resolve: (c) => (c.path === ROOT_PATH ? null : parentPath(c.path)),
  }),
  teamId: t.expose("workspaceId", { type: "UUID4" }),
  sandboxCount: t.int({
    description: "Sandboxes in this folder (not its subfolders), not counting deleted ones.",
    // A folder listed with its workspace's comes with its count.
    resolve: (c, _a, ctx) => c.sandboxCount ?? folderLoaders(ctx).count.load(c.id),
  }),
  sandboxes: t.field({
    type: [Sandbox],
    description:
      "The folder's sandboxes, not deleted ones, the most recently updated first. With a limit, only that many (the first screen of a big folder; 2,000 at most, and without a limit); with `after` (the last sandbox of the page before, still in this folder), the ones that follow it: a big folder loads in pages.",
    args: { limit: t.arg.int(), after: t.arg.id() },
    resolve: (c, args, ctx) =>
      runQuery(ctx.deps, ctx.viewer, folderSandboxesPage, { collectionId: c.id, ...args }),
  }),
}));

builder.objectFields(User, (t) => ({
  collections: t.field({
    type: [Collection],
    description: "The folders of a workspace (the primary one without teamId); empty for non-members.",
    args: { teamId: t.arg.id() },
    resolve: (_me, args, ctx) => runQuery(ctx.deps, ctx.viewer, listCollections, args),
  }),
  collection: t.field({
    type: Collection,
    nullable: true,
    args: { path: t.arg.string({ required: true }), teamId: t.arg.id() },
    resolve: (_me, args, ctx) => runQuery(ctx.deps, ctx.viewer, findCollection, args),
  }),
}));

builder.mutationFields((t) => ({
  createCollection: t.field({
    type: Collection,
    description: "Creates a folder and its missing parents.",
    args: { path: t.arg.string({ required: true }), teamId: t.arg({ type: "UUID4" }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, createCollection, args),
  }),
  deleteCollection: t.field({
    type: Collection,
    description: "Deletes a folder and its subfolders; their sandboxes go to Recently deleted.",
    args: { path: t.arg.string({ required: true }), teamId: t.arg({ type: "UUID4" }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, deleteCollection, args),
  }),
  renameCollection: t.field({
    type: Collection,
    description: "Renames or moves a folder (also to another workspace with newTeamId); subfolders follow.",
    args: {
      path: t.arg.string({ required: true }),
      newPath: t.arg.string({ required: true }),
      teamId: t.arg({ type: "UUID4" }),
      newTeamId: t.arg({ type: "UUID4" }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, renameCollection, args),
  }),
}));
