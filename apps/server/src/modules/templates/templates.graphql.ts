import { builder } from "../../graphql/builder.ts";
import { runCommand, runQuery } from "../../service/context.ts";
import { Sandbox, Template } from "../sandboxes/sandboxes.graphql.ts";
import { User } from "../users/users.graphql.ts";
import { makeSandboxesTemplates, unmakeSandboxesTemplates } from "./make-templates.service.ts";
import { viewerRecentTemplates } from "./recently-used-templates.query.ts";
import { setTemplateAppearance } from "./templates.service.ts";

builder.objectFields(Template, (t) => ({
  tags: t.exposeStringList("tags", {
    description: "Lowercase tags; the create dialog's filter badges are made of them.",
  }),
}));

builder.objectFields(User, (t) => ({
  recentlyUsedTemplates: t.field({
    type: [Template],
    description:
      "The templates the viewer forked from most recently, newest first, each once (official ones and the workspace's); with teamId, the forks into that workspace.",
    args: { teamId: t.arg({ type: "UUID4" }) },
    resolve: (_me, args, ctx) => runQuery(ctx.deps, ctx.viewer, viewerRecentTemplates, args),
  }),
}));

builder.mutationField("setTemplateAppearance", (t) =>
  t.field({
    type: Template,
    description:
      "A workspace template's card colour (hex, e.g. #61dafb) and icon (an https:// image or a built-in icon name). An argument left out keeps its value; null resets it.",
    args: {
      templateId: t.arg({ type: "UUID4", required: true }),
      color: t.arg.string(),
      iconUrl: t.arg.string(),
    },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, setTemplateAppearance, args),
  }),
);

builder.mutationFields((t) => ({
  makeSandboxesTemplates: t.field({
    type: [Sandbox],
    args: { sandboxIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, makeSandboxesTemplates, args),
  }),
  unmakeSandboxesTemplates: t.field({
    type: [Sandbox],
    args: { sandboxIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) => runCommand(ctx.deps, ctx.viewer, unmakeSandboxesTemplates, args),
  }),
}));
