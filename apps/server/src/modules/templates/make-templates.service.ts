import { TEMPLATE_MESSAGES } from "@boxyard/domain";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { templates } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command, type SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import { sandboxesInput } from "../sandboxes/sandboxes.schema.ts";
import { loadForCommand, sandboxesInOrder } from "../sandboxes/sandboxes.service.ts";
import { asTemplateCommand } from "./template-errors.ts";

/** Sandboxes become templates, or stop being ones: their editors may (the dashboard's commands). */

async function changed(ctx: SignedIn<Ctx>, workspaceIds: Iterable<string>, ids: readonly string[]) {
  ctx.effects.workspaceChanged(workspaceIds, {
    sandboxes: true,
    folders: false,
    sandboxIds: [...ids],
    actorId: ctx.userId,
  });
  return sandboxesInOrder(ctx.db, ids);
}

export const makeSandboxesTemplates = command(sandboxesInput, async (ctx, { sandboxIds: ids }) => {
  const { rows, memberships } = await loadForCommand(ctx.db, ctx.userId, ids, "edit");
  if (rows.some((r) => r.removedAt)) throw invalid("Deleted sandboxes cannot be made templates.");
  if (rows.length > 0) {
    await ctx.db
      .insert(templates)
      .values(rows.map((r) => ({ sandboxId: r.id })))
      .onConflictDoNothing({ target: templates.sandboxId });
  }
  return changed(ctx, memberships.keys(), ids);
});

export const unmakeSandboxesTemplates = command(sandboxesInput, async (ctx, { sandboxIds: ids }) => {
  const { memberships } = await loadForCommand(ctx.db, ctx.userId, ids, "edit");
  if (ids.length > 0) await ctx.db.delete(templates).where(inArray(templates.sandboxId, [...ids]));
  return changed(ctx, memberships.keys(), ids);
});

/**
 * `DELETE /api/v1/sandboxes/:sandboxId/templates/:templateId`: the template stops being one (the
 * dashboard's unmake command, same rules); answers the removed template. Unknown, mismatched and
 * unseen templates answer alike.
 */
export const unmakeTemplate = command(
  z.object({ sandboxId: z.string(), templateId: z.string() }),
  async (ctx, { sandboxId, templateId }) => {
    // Not an id at all: as unknown as any other (a 404, not a 400).
    if (!z.uuid().safeParse(templateId).success) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
    const [template] = await ctx.db
      .select()
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.sandboxId, sandboxId)));
    if (!template) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
    await asTemplateCommand(() => unmakeSandboxesTemplates(ctx, { sandboxIds: [sandboxId] }));
    return template;
  },
);
