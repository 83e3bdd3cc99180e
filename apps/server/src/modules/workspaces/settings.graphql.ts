import { builder } from "../../graphql/builder.ts";
import { runCommand } from "../../service/context.ts";
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
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, setMinimumPrivacy, args),
  }),
);

builder.mutationField("setDefaultTeamMemberAuthorization", (t) =>
  t.field({
    type: TeamSettings,
    args: {
      teamId: t.arg(teamId()),
      defaultAuthorization: t.arg({ type: TeamMemberAuthorizationEnum, required: true }),
    },
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, setDefaultAuthorization, args),
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
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, setSandboxSettings, args),
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
    resolve: (_root, args, ctx) => runCommand(ctx.deps, ctx.viewer, setAiConsent, args),
  }),
);
