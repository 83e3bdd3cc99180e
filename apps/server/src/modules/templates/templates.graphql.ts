import { builder } from "../../graphql/builder.ts";
import { requireGraphQLViewer } from "../../graphql/context.ts";
import { Template } from "../sandboxes/sandboxes.graphql.ts";
import { setTemplateAppearance } from "./templates.service.ts";

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
    resolve: (_r, args, ctx) =>
      setTemplateAppearance(ctx.deps.db, requireGraphQLViewer(ctx).userId, args.templateId, {
        color: args.color,
        iconUrl: args.iconUrl,
      }),
  }),
);
