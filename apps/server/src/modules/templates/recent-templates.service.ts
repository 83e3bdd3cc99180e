import { and, desc, eq, isNull, max, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxes, templates, templateUses } from "../../db/schema/index.ts";
import type { SandboxRow, TemplateRow } from "../sandboxes/sandboxes.service.ts";
import { membershipOf } from "../workspaces/membership.service.ts";

/** How many recently used templates the server keeps answering (the create dialog shows 4). */
export const RECENT_TEMPLATES_LIMIT = 12;

/**
 * Forking from a template records it for the user's 'Recently used' (the fork's transaction calls
 * this): one row per user, target workspace and template, its time moved forward on each use.
 */
export async function recordTemplateUse(
  tx: Tx,
  userId: string,
  sourceSandboxId: string,
  workspaceId: string,
) {
  const [template] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.sandboxId, sourceSandboxId))
    .limit(1);
  if (!template) return;
  const now = new Date();
  await tx
    .insert(templateUses)
    .values({ userId, templateId: template.id, workspaceId, usedAt: now })
    .onConflictDoUpdate({
      target: [templateUses.userId, templateUses.workspaceId, templateUses.templateId],
      set: { usedAt: now },
    });
}

/**
 * `me.recentlyUsedTemplates(teamId)` (api-contract §9): the templates the user forked from most
 * recently, newest first, each once. Only what they may still use: official templates, and
 * templates of a workspace they are a member of (its own when `teamId` is given), not deleted, not
 * another member's draft. With `teamId`, only forks into that workspace count; a workspace the user
 * is not a member of answers an empty list, as for one that does not exist.
 */
export async function recentlyUsedTemplates(
  db: Db,
  userId: string,
  teamId: string | null,
): Promise<(TemplateRow & { sandbox: SandboxRow })[]> {
  if (teamId && !(await membershipOf(db, userId, teamId))) return [];
  const usable: SQL = teamId
    ? sql`(${templates.official} and ${templates.published} and ${sandboxes.privacy} = 0 or ${sandboxes.workspaceId} = ${teamId})`
    : sql`(${templates.official} and ${templates.published} and ${sandboxes.privacy} = 0 or exists (
        select 1 from workspace_members wm where wm.workspace_id = ${sandboxes.workspaceId} and wm.user_id = ${userId}))`;
  const lastUsed = max(templateUses.usedAt);
  const rows = await db
    .select({ template: templates, sandbox: sandboxes, lastUsed })
    .from(templateUses)
    .innerJoin(templates, eq(templates.id, templateUses.templateId))
    .innerJoin(sandboxes, eq(sandboxes.id, templates.sandboxId))
    .where(
      and(
        eq(templateUses.userId, userId),
        teamId ? eq(templateUses.workspaceId, teamId) : undefined,
        isNull(sandboxes.removedAt),
        sql`(${sandboxes.collectionId} is not null or ${sandboxes.authorId} = ${userId})`,
        usable,
      ),
    )
    .groupBy(templates.id, sandboxes.id)
    .orderBy(desc(lastUsed), templates.id)
    .limit(RECENT_TEMPLATES_LIMIT);
  return rows.map((r) => ({ ...r.template, sandbox: r.sandbox }));
}
