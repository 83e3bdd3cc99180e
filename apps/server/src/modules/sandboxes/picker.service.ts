import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { sandboxes, workspaceMembers } from "../../db/schema/index.ts";
import { query } from "../../service/command.ts";
import { readableSandboxIds } from "./read.service.ts";
import { presentSandboxSummary } from "./sandbox-view.ts";
import { sandboxPickerInput } from "./sandboxes.schema.ts";

/** `GET /api/v1/sandboxes`: the signed-in user's sandboxes in workspaces they belong to, newest first. */
export const sandboxPicker = query(sandboxPickerInput, async (ctx, { limit }) => {
  const rows = await ctx.db
    .select({ sandbox: sandboxes })
    .from(sandboxes)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, sandboxes.workspaceId), eq(workspaceMembers.userId, ctx.userId)),
    )
    .where(and(eq(sandboxes.authorId, ctx.userId), isNull(sandboxes.removedAt)))
    .orderBy(desc(sandboxes.updatedAt), sql`${sandboxes.id}`)
    .limit(limit);
  const readable = await readableSandboxIds(
    ctx.db,
    ctx.userId,
    rows.map((r) => r.sandbox.forkedFromId),
  );
  return rows.map((r) => presentSandboxSummary(r.sandbox, readable));
});
