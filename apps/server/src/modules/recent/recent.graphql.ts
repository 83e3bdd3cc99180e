import { builder } from "../../graphql/builder.ts";
import { runQuery } from "../../service/context.ts";
import { Sandbox } from "../sandboxes/sandboxes.graphql.ts";
import { User } from "../users/users.graphql.ts";
import { recentlyAccessed, sharedWithMe } from "./recent.service.ts";

builder.objectFields(User, (t) => ({
  recentlyAccessedSandboxes: t.field({
    type: [Sandbox],
    description: "'Pick up where you left off': what the viewer opened, newest first, at most 18.",
    args: { limit: t.arg.int({ required: true }), teamId: t.arg({ type: "UUID4" }) },
    resolve: (me, args, ctx) =>
      runQuery(ctx.deps, ctx.viewer, recentlyAccessed, {
        userId: me.id,
        limit: args.limit,
        teamId: args.teamId,
      }),
  }),
  collaboratorSandboxes: t.field({
    type: [Sandbox],
    description:
      "Sandboxes shared with the viewer as a collaborator (their `authorization` says at what level).",
    resolve: (me, _args, ctx) => runQuery(ctx.deps, ctx.viewer, sharedWithMe, { userId: me.id }),
  }),
}));
