import { builder } from "../../graphql/builder.ts";
import { requireGraphQLViewer } from "../../graphql/context.ts";
import {
  setAiConsent,
  setDefaultAuthorization,
  setMinimumPrivacy,
  setSandboxSettings,
} from "./settings.service.ts";
import { AiConsent, TeamMemberAuthorizationEnum, TeamSettings } from "./workspaces.graphql.ts";

const teamId = () => ({ type: "UUID4" as const, required: true as const });

builder.mutationField("setTeamMinimumPrivacy", (t) =>
  t.field({
    type: TeamSettings,
    args: {
      teamId: t.arg(teamId()),
      minimumPrivacy: t.arg.int({ required: true }),
      updateDrafts: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      setMinimumPrivacy(
        ctx.deps.db,
        requireGraphQLViewer(ctx).userId,
        args.teamId,
        args.minimumPrivacy,
        args.updateDrafts,
      ),
  }),
);

builder.mutationField("setDefaultTeamMemberAuthorization", (t) =>
  t.field({
    type: TeamSettings,
    args: {
      teamId: t.arg(teamId()),
      defaultAuthorization: t.arg({ type: TeamMemberAuthorizationEnum, required: true }),
    },
    resolve: (_root, args, ctx) =>
      setDefaultAuthorization(
        ctx.deps.db,
        requireGraphQLViewer(ctx).userId,
        args.teamId,
        args.defaultAuthorization,
      ),
  }),
);

builder.mutationField("setWorkspaceSandboxSettings", (t) =>
  t.field({
    type: TeamSettings,
    args: {
      teamId: t.arg(teamId()),
      preventSandboxLeaving: t.arg.boolean({ required: true }),
      preventSandboxExport: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      setSandboxSettings(ctx.deps.db, ctx.deps.plans, requireGraphQLViewer(ctx).userId, args.teamId, {
        preventSandboxLeaving: args.preventSandboxLeaving,
        preventSandboxExport: args.preventSandboxExport,
      }),
  }),
);

builder.mutationField("setTeamAiConsent", (t) =>
  t.field({
    type: AiConsent,
    args: {
      teamId: t.arg(teamId()),
      privateRepositories: t.arg.boolean({ required: true }),
      privateSandboxes: t.arg.boolean({ required: true }),
      publicRepositories: t.arg.boolean({ required: true }),
      publicSandboxes: t.arg.boolean({ required: true }),
    },
    resolve: (_root, { teamId, ...consent }, ctx) =>
      setAiConsent(ctx.deps.db, requireGraphQLViewer(ctx).userId, teamId, consent),
  }),
);
