import { SANDBOX_MESSAGES } from "@boxyard/domain";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxes } from "../../db/schema/index.ts";
import { conflict, invalid } from "../../http/errors.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import {
  includedVmTier,
  loadForCommand,
  renameSandbox,
  type SandboxRow,
  setSandboxesPrivacy,
} from "./sandboxes.service.ts";

export type SandboxPatch = {
  title?: string | undefined;
  description?: string | null | undefined;
  alias?: string | undefined;
  privacy?: number | undefined;
  /** true converts a browser sandbox into a devbox. */
  v2?: boolean | undefined;
};

/**
 * `PUT /api/v1/sandboxes/:id`: a partial update in one transaction. The title and privacy go
 * through the dashboard's own commands (rename, privacy), so GraphQL and REST share their rules.
 */
export function updateSandbox(
  db: Db,
  plans: PlanOf,
  userId: string,
  id: string,
  patch: SandboxPatch,
): Promise<SandboxRow> {
  return db.transaction(async (tx) => {
    const { rows } = await loadForCommand(tx, userId, [id], "change");
    const current = rows[0]!;
    if (patch.title !== undefined) await renameSandbox(tx, userId, id, patch.title);
    if (patch.privacy !== undefined) await setSandboxesPrivacy(tx, plans, userId, [id], patch.privacy);
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
    const [row] = await tx.select().from(sandboxes).where(eq(sandboxes.id, id));
    return row!;
  });
}

/**
 * `PATCH /api/v1/sandboxes/:id/vm_tier`: the VM a devbox runs on, 1 to 6 and never above what the
 * workspace's plan includes (api-contract §14; spec 2 §5).
 */
export function setVmTier(
  db: Db,
  plans: PlanOf,
  userId: string,
  id: string,
  vmTier: number,
): Promise<SandboxRow> {
  return db.transaction(async (tx) => {
    const { rows } = await loadForCommand(tx, userId, [id], "edit");
    const sandbox = rows[0]!;
    if (!sandbox.isV2) throw invalid(SANDBOX_MESSAGES.vmTierDevboxOnly, "vmTier");
    const max = await includedVmTier(tx, plans, sandbox.workspaceId);
    if (vmTier > max) throw invalid(SANDBOX_MESSAGES.vmTierAbovePlan(max), "vmTier");
    const [row] = await tx.update(sandboxes).set({ vmTier }).where(eq(sandboxes.id, id)).returning();
    return row!;
  });
}
