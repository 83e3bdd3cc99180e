import {
  normalizeTemplateColor,
  normalizeTemplateIcon,
  OFFICIAL_TEMPLATES,
  TEMPLATE_MESSAGES,
} from "@boxyard/domain";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxes, templates, workspaces } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command } from "../../service/command.ts";
import { loadForCommand, type TemplateRow } from "../sandboxes/sandboxes.service.ts";
import { asTemplateCommand } from "./template-errors.ts";
import { setTemplateAppearanceInput } from "./templates.schema.ts";

const order = new Map(OFFICIAL_TEMPLATES.map((t, i) => [t.id, i]));

/**
 * `GET /api/v1/sandboxes/templates/official` (api-contract §13): the published official templates,
 * in the catalogue's order, with raw snake_case keys as the contract says.
 */
export async function officialTemplates(db: Db) {
  const rows = await db
    .select({ template: templates, sandbox: sandboxes, team: workspaces.name })
    .from(templates)
    .innerJoin(sandboxes, eq(sandboxes.id, templates.sandboxId))
    .innerJoin(workspaces, eq(workspaces.id, sandboxes.workspaceId))
    .where(
      and(
        eq(templates.official, true),
        eq(templates.published, true),
        isNull(sandboxes.removedAt),
        eq(sandboxes.privacy, 0),
      ),
    )
    .orderBy(asc(sandboxes.title));
  rows.sort((a, b) => (order.get(a.sandbox.id) ?? order.size) - (order.get(b.sandbox.id) ?? order.size));
  return [
    {
      title: "Official templates",
      sandboxes: rows.map(({ template, sandbox, team }) => ({
        id: sandbox.id,
        title: sandbox.title,
        alias: sandbox.alias,
        description: sandbox.description,
        v2: sandbox.isV2,
        type: sandbox.isV2 ? "devbox" : "sandbox",
        environment: sandbox.isV2 ? "server" : "browser",
        fork_count: sandbox.forkCount,
        view_count: sandbox.viewCount,
        tags: template.tags,
        source_template: sandbox.sourceTemplate,
        editor_url: `/s/${sandbox.id}`,
        browser_sandbox_id: sandbox.isV2 ? null : sandbox.id,
        author: team,
        custom_template: { id: template.id, icon_url: template.iconUrl, color: template.color },
        inserted_at: sandbox.insertedAt.toISOString(),
        updated_at: sandbox.updatedAt.toISOString(),
      })),
    },
  ];
}

/**
 * A workspace template's colour (hex) and icon (an https:// image or a built-in icon name, spec 1
 * §3), as its cards show them. Editors of the template's workspace, unfrozen; official templates
 * belong to nobody's workspace and answer not-found.
 */
export const setTemplateAppearance = command(
  setTemplateAppearanceInput,
  async (ctx, input): Promise<TemplateRow> => {
    const values: Partial<Pick<TemplateRow, "color" | "iconUrl">> = {};
    if (input.color !== undefined) {
      const color = input.color === null ? null : normalizeTemplateColor(input.color);
      if (input.color !== null && color === null) throw invalid(TEMPLATE_MESSAGES.colorInvalid, "color");
      values.color = color;
    }
    if (input.iconUrl !== undefined) {
      const icon = input.iconUrl === null ? null : normalizeTemplateIcon(input.iconUrl);
      if (input.iconUrl !== null && icon === null) throw invalid(TEMPLATE_MESSAGES.iconInvalid, "iconUrl");
      values.iconUrl = icon;
    }
    const tx = ctx.db;
    const [template] = await tx.select().from(templates).where(eq(templates.id, input.templateId));
    if (!template) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
    const { rows } = await asTemplateCommand(() =>
      loadForCommand(tx, ctx.userId, [template.sandboxId], "edit"),
    );
    if (Object.keys(values).length === 0) return template;
    const [row] = await tx
      .update(templates)
      .set(values)
      .where(eq(templates.id, input.templateId))
      .returning();
    // The template's card changes on its workspace's dashboards.
    ctx.effects.workspaceChanged(
      rows.map((r) => r.workspaceId),
      { sandboxes: true, folders: false, sandboxIds: [template.sandboxId], actorId: ctx.userId },
    );
    return row!;
  },
);
