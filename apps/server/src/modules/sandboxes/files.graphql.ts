import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import type { DirectoryRow, ModuleRow } from "./file-access.ts";
import {
  createDirectory,
  createModules,
  deleteModules,
  updateDirectory,
  updateModules,
} from "./files.service.ts";
import { filesOfSandboxes } from "./files-read.service.ts";
import { sandboxIfReadable } from "./read.service.ts";
import { Sandbox } from "./sandboxes.graphql.ts";

/** The file API's GraphQL door (issue 15): the same commands as REST's `/api/v1/sandboxes/:id/modules...`. */

type Files = { modules: ModuleRow[]; directories: DirectoryRow[] };

const loaders = new WeakMap<GraphQLContext, BatchLoader<string, Files>>();
/** The files of the sandboxes a request reads, in one batch. */
function filesLoader(ctx: GraphQLContext) {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new BatchLoader<string, Files>((ids) => filesOfSandboxes(ctx.deps.db, ids), {
      modules: [],
      directories: [],
    });
    loaders.set(ctx, loader);
  }
  return loader;
}

const SandboxModule = builder.objectRef<ModuleRow>("SandboxModule").implement({
  description: "A file of a sandbox; `version` counts its changes (a save names the version it is based on).",
  fields: (t) => ({
    shortid: t.exposeString("shortid"),
    title: t.exposeString("title"),
    directoryShortid: t.exposeString("directoryShortid", { nullable: true }),
    isBinary: t.exposeBoolean("isBinary"),
    code: t.exposeString("code"),
    version: t.exposeInt("version"),
    updatedAt: t.string({ resolve: (m) => m.updatedAt.toISOString() }),
  }),
});

const SandboxDirectory = builder.objectRef<DirectoryRow>("SandboxDirectory").implement({
  description: "A folder of a sandbox.",
  fields: (t) => ({
    shortid: t.exposeString("shortid"),
    title: t.exposeString("title"),
    directoryShortid: t.exposeString("directoryShortid", { nullable: true }),
  }),
});

const SandboxFiles = builder.objectRef<Files>("SandboxFiles").implement({
  description: "Files and folders made by one request.",
  fields: (t) => ({
    modules: t.field({ type: [SandboxModule], resolve: (f) => f.modules }),
    directories: t.field({ type: [SandboxDirectory], resolve: (f) => f.directories }),
  }),
});

const NewModuleInput = builder.inputType("NewModuleInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    directoryShortid: t.string({ description: "The folder; null or absent for the root." }),
    code: t.string(),
    isBinary: t.boolean(),
  }),
});

const NewDirectoryInput = builder.inputType("NewDirectoryInput", {
  fields: (t) => ({
    shortid: t.string({
      required: true,
      description: "Chosen by the client, so that files of the same request can be put in it.",
    }),
    title: t.string({ required: true }),
    directoryShortid: t.string(),
  }),
});

const ModuleChangeInput = builder.inputType("ModuleChangeInput", {
  fields: (t) => ({
    shortid: t.string({ required: true }),
    code: t.string(),
    title: t.string(),
    directoryShortid: t.string({ description: "Absent keeps the file's folder; null moves it to the root." }),
    baseVersion: t.int({ required: true, description: "The version the change is based on." }),
  }),
});

builder.objectFields(Sandbox, (t) => ({
  modules: t.field({
    type: [SandboxModule],
    description: "The sandbox's files, with their code and version.",
    resolve: async (s, _a, ctx) => (await filesLoader(ctx).load(s.id)).modules,
  }),
  directories: t.field({
    type: [SandboxDirectory],
    description: "The sandbox's folders.",
    resolve: async (s, _a, ctx) => (await filesLoader(ctx).load(s.id)).directories,
  }),
}));

/** A deletion answers the sandbox as it is now (its files and folders left). */
const sandboxAfter = (ctx: GraphQLContext, sandboxId: string) =>
  runQuery(ctx.deps, ctx.viewer, sandboxIfReadable, { sandboxId });

builder.mutationFields((t) => ({
  createModules: t.field({
    type: SandboxFiles,
    description: "Makes files and folders in a sandbox at once (one transaction).",
    args: {
      sandboxId: t.arg.id({ required: true }),
      modules: t.arg({ type: [NewModuleInput] }),
      directories: t.arg({ type: [NewDirectoryInput] }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, createModules, args),
  }),
  updateModules: t.field({
    type: [SandboxModule],
    description:
      "Saves, renames or moves files, each based on the version it names; a stale one refuses them all (CONFLICT, with the current files in extensions.current.modules).",
    args: {
      sandboxId: t.arg.id({ required: true }),
      modules: t.arg({ type: [ModuleChangeInput], required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, updateModules, args),
  }),
  deleteModules: t.field({
    type: Sandbox,
    nullable: true,
    description: "Deletes files, and folders with all they hold.",
    args: {
      sandboxId: t.arg.id({ required: true }),
      moduleShortids: t.arg.stringList(),
      directoryShortids: t.arg.stringList(),
    },
    resolve: async (_r, args, ctx) => {
      await runCommand(ctx.deps, ctx.viewer, deleteModules, args);
      return sandboxAfter(ctx, args.sandboxId);
    },
  }),
  createDirectory: t.field({
    type: SandboxDirectory,
    args: {
      sandboxId: t.arg.id({ required: true }),
      title: t.arg.string({ required: true }),
      directoryShortid: t.arg.string(),
    },
    resolve: (_r, { sandboxId, ...directory }, ctx) =>
      runCommand(ctx.deps, ctx.viewer, createDirectory, { sandboxId, directory }),
  }),
  updateDirectory: t.field({
    type: SandboxDirectory,
    description: "Renames or moves a folder (never into itself).",
    args: {
      sandboxId: t.arg.id({ required: true }),
      shortid: t.arg.string({ required: true }),
      title: t.arg.string(),
      directoryShortid: t.arg.string(),
    },
    resolve: (_r, { sandboxId, shortid, ...directory }, ctx) =>
      runCommand(ctx.deps, ctx.viewer, updateDirectory, { sandboxId, shortid, directory }),
  }),
  deleteDirectory: t.field({
    type: Sandbox,
    nullable: true,
    description: "Deletes a folder with all it holds.",
    args: { sandboxId: t.arg.id({ required: true }), shortid: t.arg.string({ required: true }) },
    resolve: async (_r, { sandboxId, shortid }, ctx) => {
      await runCommand(ctx.deps, ctx.viewer, deleteModules, { sandboxId, directoryShortids: [shortid] });
      return sandboxAfter(ctx, sandboxId);
    },
  }),
}));
