import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { builder } from "../../graphql/builder.ts";
import { Team } from "../workspaces/workspaces.graphql.ts";
import { workspaceOf, workspacesOf } from "../workspaces/workspaces.service.ts";

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
