import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { and, eq, ne } from "drizzle-orm";
import { sandboxes } from "../../db/schema/index.ts";
import { conflict, invalid } from "../../http/errors.ts";
import { command } from "../../service/command.ts";
import { setVmTierInput, updateSandboxInput } from "./sandboxes.schema.ts";
import {
  includedVmTier,
  loadForCommand,
  renameSandbox,
  type SandboxRow,
  setSandboxesPrivacy,
} from "./sandboxes.service.ts";

/**
 * `PUT /api/v1/sandboxes/:id`: a partial update in one transaction. The title and privacy go
 * through the dashboard's own commands (rename, privacy), so GraphQL and REST share their rules.
 */
export const updateSandbox = command(updateSandboxInput, async (ctx, { id, sandbox: patch }) => {
  const tx = ctx.db;
  const { rows } = await loadForCommand(tx, ctx.userId, [id], "change");
  const current = rows[0]!;
  if (patch.title !== undefined) await renameSandbox(ctx, { id, title: patch.title });
  if (patch.privacy !== undefined)
    await setSandboxesPrivacy(ctx, { sandboxIds: [id], privacy: patch.privacy });
  const values: Partial<SandboxRow> = {};
  if (patch.description !== undefined) values.description = patch.description?.trim() || null;
  if (patch.v2 !== undefined) {
    if (current.isV2 && !patch.v2) {
      throw invalid("A devbox cannot be turned back into a browser sandbox.", "v2");
    }
    values.isV2 = patch.v2;
  }
  if (patch.alias !== undefined && patch.alias !== current.alias) {
    const [taken] = await tx
      .select({ id: sandboxes.id })
      .from(sandboxes)
      .where(and(eq(sandboxes.alias, patch.alias), ne(sandboxes.id, id)))
      .limit(1);
    if (taken) throw conflict(SANDBOX_MESSAGES.aliasTaken, "alias");
    values.alias = patch.alias;
  }
  if (Object.keys(values).length > 0) {
    await tx
      .update(sandboxes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sandboxes.id, id));
  }
  ctx.effects.workspaceChanged([current.workspaceId], {
    sandboxes: true,
    folders: false,
    sandboxIds: [id],
    actorId: ctx.userId,
  });
  const [row] = await tx.select().from(sandboxes).where(eq(sandboxes.id, id));
  return row!;
});

/**
 * `PATCH /api/v1/sandboxes/:id/vm_tier`: the VM a devbox runs on, 1 to 6 and never above what the
 * workspace's plan includes (api-contract §14; spec 2 §5).
 */
export const setVmTier = command(setVmTierInput, async (ctx, { id, vmTier }) => {
  const { rows } = await loadForCommand(ctx.db, ctx.userId, [id], "edit");
  const sandbox = rows[0]!;
  if (!sandbox.isV2) throw invalid(SANDBOX_MESSAGES.vmTierDevboxOnly, "vmTier");
  const max = await includedVmTier(ctx.db, ctx.deps.plans, sandbox.workspaceId);
  if (vmTier > max) throw invalid(SANDBOX_MESSAGES.vmTierAbovePlan(max), "vmTier");
  const [row] = await ctx.db.update(sandboxes).set({ vmTier }).where(eq(sandboxes.id, id)).returning();
  ctx.effects.workspaceChanged([sandbox.workspaceId], {
    sandboxes: true,
    folders: false,
    sandboxIds: [id],
    actorId: ctx.userId,
  });
  return row!;
});
