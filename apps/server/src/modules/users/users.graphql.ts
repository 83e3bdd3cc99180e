import { builder } from "../../graphql/builder.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { Team } from "../workspaces/workspaces.graphql.ts";
import {
  cancelAccountDeletion,
  type UserRow as Me,
  requestAccountDeletion,
  updateCurrentUser,
  viewerAccount,
} from "./account.service.ts";
import { userWorkspace, userWorkspaces } from "./user-workspaces.ts";

export const User = builder.objectRef<Me>("User").implement({
  fields: (t) => ({
    id: t.expose("id", { type: "UUID4" }),
    email: t.exposeString("email"),
    username: t.exposeString("username"),
    name: t.exposeString("name", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    bio: t.exposeString("bio", { nullable: true }),
    socialLinks: t.exposeStringList("socialLinks"),
    deletionRequested: t.boolean({ resolve: (me) => me.deletionRequestedAt !== null }),
    primaryWorkspaceId: t.expose("primaryWorkspaceId", { type: "UUID4", nullable: true }),
    personalWorkspaceId: t.expose("personalWorkspaceId", { type: "UUID4", nullable: true }),
    workspaces: t.field({
      type: [Team],
      resolve: (me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, userWorkspaces, { userId: me.id }),
    }),
    team: t.field({
      type: Team,
      nullable: true,
      args: { id: t.arg({ type: "UUID4", required: true }) },
      resolve: (me, args, ctx) =>
        runQuery(ctx.deps, ctx.viewer, userWorkspace, { userId: me.id, workspaceId: args.id }),
    }),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: User,
    nullable: true,
    description: "The signed-in user; null when nobody is signed in.",
    resolve: (_root, _args, ctx) => viewerAccount({ actor: ctx.viewer, deps: ctx.deps, db: ctx.deps.db }),
  }),
);

builder.mutationField("updateCurrentUser", (t) =>
  t.field({
    type: User,
    description: "Changes the signed-in user's username, name, bio and social links (api-contract §12).",
    args: {
      username: t.arg.string({ required: true }),
      name: t.arg.string(),
      bio: t.arg.string(),
      socialLinks: t.arg.stringList(),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, updateCurrentUser, args),
  }),
);

builder.mutationField("deleteCurrentUser", (t) =>
  t.boolean({
    description: "Requests the deletion of the signed-in user's account, done after 3 working days.",
    resolve: async (_root, _args, ctx) => {
      await runCommand(ctx.deps, ctx.viewer, requestAccountDeletion, {});
      return true;
    },
  }),
);

builder.mutationField("cancelDeleteCurrentUser", (t) =>
  t.boolean({
    description: "Undoes a requested account deletion.",
    resolve: async (_root, _args, ctx) => {
      await runCommand(ctx.deps, ctx.viewer, cancelAccountDeletion, {});
      return true;
    },
  }),
);
