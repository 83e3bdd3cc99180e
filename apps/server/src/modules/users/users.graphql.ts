import { profileUpdateSchema } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { builder } from "../../graphql/builder.ts";
import { requireGraphQLViewer } from "../../graphql/context.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { Team } from "../workspaces/workspaces.graphql.ts";
import { workspaceOf, workspacesOf } from "../workspaces/workspaces.service.ts";
import { cancelAccountDeletion, requestAccountDeletion, updateCurrentUser } from "./account.service.ts";

type Me = typeof users.$inferSelect;

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
    workspaces: t.field({ type: [Team], resolve: (me, _args, ctx) => workspacesOf(ctx.deps.db, me.id) }),
    team: t.field({
      type: Team,
      nullable: true,
      args: { id: t.arg({ type: "UUID4", required: true }) },
      resolve: (me, args, ctx) => workspaceOf(ctx.deps.db, me.id, args.id),
    }),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: User,
    nullable: true,
    description: "The signed-in user; null when nobody is signed in.",
    resolve: async (_root, _args, ctx) => {
      if (!ctx.viewer) return null;
      const [me] = await ctx.deps.db.select().from(users).where(eq(users.id, ctx.viewer.userId)).limit(1);
      return me ?? null;
    },
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
    resolve: (_root, args, ctx) => {
      const viewer = requireGraphQLViewer(ctx);
      return updateCurrentUser(ctx.deps.db, viewer.userId, parseOrInvalid(profileUpdateSchema, args));
    },
  }),
);

builder.mutationField("deleteCurrentUser", (t) =>
  t.boolean({
    description: "Requests the deletion of the signed-in user's account, done after 3 working days.",
    resolve: async (_root, _args, ctx) => {
      await requestAccountDeletion(ctx.deps.db, requireGraphQLViewer(ctx).userId);
      return true;
    },
  }),
);

builder.mutationField("cancelDeleteCurrentUser", (t) =>
  t.boolean({
    description: "Undoes a requested account deletion.",
    resolve: async (_root, _args, ctx) => {
      await cancelAccountDeletion(ctx.deps.db, requireGraphQLViewer(ctx).userId);
      return true;
    },
  }),
);
