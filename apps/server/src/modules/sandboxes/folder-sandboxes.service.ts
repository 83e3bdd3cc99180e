import { DASHBOARD_MESSAGES, effectivePrivacy, type Privacy } from "@boxyard/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sandboxes } from "../../db/schema/index.ts";
import { forbidden } from "../../http/errors.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import type { Membership } from "../workspaces/workspace.policy.ts";
import { leavingProblem } from "./sandbox.policy.ts";
import { checkPrivateLimit } from "./sandboxes.service.ts";

/**
 * Sends the sandboxes of folders about to be deleted to Recently deleted, kept in the root folder
 * `rootId` (where recovering puts them). Refuses when one of them is protected (frozen).
 */
export async function removeFolderSandboxes(tx: Tx, collectionIds: string[], rootId: string | null) {
  const [protectedOne] = await tx
    .select({ id: sandboxes.id })
    .from(sandboxes)
    .where(
      and(
        inArray(sandboxes.collectionId, collectionIds),
        eq(sandboxes.isFrozen, true),
        isNull(sandboxes.removedAt),
      ),
    )
    .limit(1);
  if (protectedOne) throw forbidden(DASHBOARD_MESSAGES.folderHasProtected);
  const now = new Date();
  await tx
    .update(sandboxes)
    .set({ removedAt: now })
    .where(and(inArray(sandboxes.collectionId, collectionIds), isNull(sandboxes.removedAt)));
  await tx
    .update(sandboxes)
    .set({ collectionId: rootId })
    .where(inArray(sandboxes.collectionId, collectionIds));
}

/**
 * Moves the sandboxes of folders moving to another workspace along with them: prevent-leaving of the
 * source, protection, the target's minimum privacy and its cap of private sandboxes hold.
 */
export async function moveFolderSandboxes(
  tx: Tx,
  plans: PlanOf,
  collectionIds: string[],
  source: Membership,
  target: Membership,
) {
  const moving = await tx.select().from(sandboxes).where(inArray(sandboxes.collectionId, collectionIds));
  for (const s of moving) {
    const problem = leavingProblem(s, source);
    if (problem) throw problem;
    if (s.isFrozen) throw forbidden(DASHBOARD_MESSAGES.sandboxProtected);
  }
  const incomingPrivate = moving.filter(
    (s) => !s.removedAt && effectivePrivacy(s.privacy as Privacy, target.minimumPrivacy) === 2,
  ).length;
  await checkPrivateLimit(tx, plans, target.workspaceId, incomingPrivate);
  for (const s of moving) {
    await tx
      .update(sandboxes)
      .set({
        workspaceId: target.workspaceId,
        privacy: effectivePrivacy(s.privacy as Privacy, target.minimumPrivacy),
        updatedAt: new Date(),
      })
      .where(eq(sandboxes.id, s.id));
  }
}
