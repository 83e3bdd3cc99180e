import { DASHBOARD_MESSAGES, isPrivacy, type TeamMemberAuthorization } from "@boxyard/domain";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type AiConsent, sandboxes } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import { requireOperation, sandboxSettingsProblem } from "./workspace.policy.ts";
import { updateWorkspace } from "./workspaces.service.ts";

/**
 * Sets the workspace's minimum privacy (spec 2 §4). With `updateDrafts`, the drafts below it (the
 * deleted ones too: they can be restored) are raised to it in the same transaction. Other sandboxes
 * keep their privacy, as the spec's option names only drafts; every sandbox created, moved, forked
 * or whose privacy is changed afterwards gets at least the minimum (the sandboxes service clamps).
 * Raising drafts is a protection and is never refused because of the plan's private-sandbox cap.
 */
export function setMinimumPrivacy(
  db: Db,
  userId: string,
  workspaceId: string,
  minimumPrivacy: number,
  updateDrafts: boolean,
) {
  if (!isPrivacy(minimumPrivacy)) throw invalid(DASHBOARD_MESSAGES.privacyInvalid, "minimumPrivacy");
  return db.transaction(async (tx) => {
    await requireOperation(tx, userId, workspaceId, "manage");
    const row = await updateWorkspace(tx, workspaceId, { minimumPrivacy });
    if (updateDrafts) {
      await tx
        .update(sandboxes)
        .set({ privacy: minimumPrivacy, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxes.workspaceId, workspaceId),
            isNull(sandboxes.collectionId),
            lt(sandboxes.privacy, minimumPrivacy),
          ),
        );
    }
    return row;
  });
}

/** The role people get when they join with the workspace's invite link. */
export function setDefaultAuthorization(
  db: Db,
  userId: string,
  workspaceId: string,
  defaultAuthorization: TeamMemberAuthorization,
) {
  return db.transaction(async (tx) => {
    await requireOperation(tx, userId, workspaceId, "manage");
    return updateWorkspace(tx, workspaceId, { defaultAuthorization });
  });
}

export function setSandboxSettings(
  db: Db,
  plans: PlanOf,
  userId: string,
  workspaceId: string,
  settings: { preventSandboxLeaving: boolean; preventSandboxExport: boolean },
) {
  return db.transaction(async (tx) => {
    await requireOperation(tx, userId, workspaceId, "manage");
    const problem = sandboxSettingsProblem((await plans(tx, workspaceId)).pro, settings);
    if (problem) throw problem;
    return updateWorkspace(tx, workspaceId, settings);
  });
}

export function setAiConsent(db: Db, userId: string, workspaceId: string, aiConsent: AiConsent) {
  return db.transaction(async (tx) => {
    await requireOperation(tx, userId, workspaceId, "manage");
    const row = await updateWorkspace(tx, workspaceId, { aiConsent });
    return row.aiConsent;
  });
}
