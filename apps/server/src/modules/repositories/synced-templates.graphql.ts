import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { BatchLoader } from "../../graphql/loader.ts";
import { runRemoteCommand } from "../../service/remote-command.ts";
import { Git, Sandbox } from "../sandboxes/sandboxes.graphql.ts";
import {
  gitInfo,
  gitRowsOf,
  importSyncedTemplate,
  type SandboxGitRow,
  syncTemplateNow,
} from "./synced-templates.service.ts";

const loaders = new WeakMap<GraphQLContext, BatchLoader<string, SandboxGitRow | null>>();
function gitLoader(ctx: GraphQLContext) {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new BatchLoader((ids) => gitRowsOf(ctx.deps.db, ids), null);
    loaders.set(ctx, loader);
  }
  return loader;
}

const gitOf = async (sandboxId: string, ctx: GraphQLContext) => {
  const row = await gitLoader(ctx).load(sandboxId);
  return row ? gitInfo(row) : null;
};

builder.objectFields(Sandbox, (t) => ({
  git: t.field({
    type: Git,
    nullable: true,
    description: "The repository location the sandbox is synced with (synced templates).",
    resolve: (s, _a, ctx) => gitOf(s.id, ctx),
  }),
  originalGit: t.field({
    type: Git,
    nullable: true,
    description: "Where the sandbox's files came from: the repository, branch and folder it is synced with.",
    resolve: (s, _a, ctx) => gitOf(s.id, ctx),
  }),
  baseGit: t.field({
    type: Git,
    nullable: true,
    description: "What its changes would be compared with: for a synced template, the same location.",
    resolve: (s, _a, ctx) => gitOf(s.id, ctx),
  }),
  prNumber: t.int({
    nullable: true,
    description:
      "The pull request the sandbox was made from; synced templates come from a branch, not a pull request.",
    resolve: () => null,
  }),
}));

builder.mutationFields((t) => ({
  importGithubTemplate: t.field({
    type: Sandbox,
    description:
      "The Import template tab: a read-only devbox template of the workspace synced with a repository folder (owner/repo, optional /tree/{branch} and folder).",
    args: { teamId: t.arg({ type: "UUID4", required: true }), url: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => runRemoteCommand(ctx.deps, ctx.viewer, importSyncedTemplate, args),
  }),
  syncGithubTemplate: t.field({
    type: Sandbox,
    description: "Refreshes a synced template from its repository now (they also refresh on a schedule).",
    args: { sandboxId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => runRemoteCommand(ctx.deps, ctx.viewer, syncTemplateNow, args),
  }),
}));
