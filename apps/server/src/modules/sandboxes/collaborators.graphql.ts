import { builder } from "../../graphql/builder.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import {
  type CollaboratorRow,
  removeCollaborator,
  shareSandbox,
  updateCollaborator,
  visibleCollaborators,
} from "./collaborators.service.ts";
import { Sandbox, SandboxAuthorizationEnum } from "./sandboxes.graphql.ts";

/** Someone a sandbox is shared with, at a level (comment, view or edit). */
const SandboxCollaborator = builder.objectRef<CollaboratorRow>("SandboxCollaborator").implement({
  fields: (t) => ({
    userId: t.expose("userId", { type: "UUID4" }),
    username: t.exposeString("username"),
    name: t.exposeString("name", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    authorization: t.field({ type: SandboxAuthorizationEnum, resolve: (c) => c.authorization }),
    insertedAt: t.string({ resolve: (c) => c.insertedAt.toISOString() }),
  }),
});

builder.objectFields(Sandbox, (t) => ({
  collaborators: t.field({
    type: [SandboxCollaborator],
    nullable: true,
    description:
      "The people the sandbox is shared with; null unless the viewer may manage them (an editor of its workspace).",
    resolve: (s, _args, ctx) => runQuery(ctx.deps, ctx.viewer, visibleCollaborators, { sandbox: s }),
  }),
}));

builder.mutationFields((t) => ({
  shareSandbox: t.field({
    type: Sandbox,
    description:
      "Shares a sandbox with a user (by username or e-mail) to comment on (COMMENT), view (READ) or edit (WRITE_CODE) it; they are notified.",
    args: {
      sandboxId: t.arg.id({ required: true }),
      usernameOrEmail: t.arg.string({ required: true }),
      authorization: t.arg({ type: SandboxAuthorizationEnum, required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, shareSandbox, args),
  }),
  updateSandboxCollaborator: t.field({
    type: Sandbox,
    args: {
      sandboxId: t.arg.id({ required: true }),
      userId: t.arg({ type: "UUID4", required: true }),
      authorization: t.arg({ type: SandboxAuthorizationEnum, required: true }),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, updateCollaborator, args),
  }),
  removeSandboxCollaborator: t.field({
    type: Sandbox,
    args: { sandboxId: t.arg.id({ required: true }), userId: t.arg({ type: "UUID4", required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, removeCollaborator, args),
  }),
}));
