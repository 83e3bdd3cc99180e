import { DASHBOARD_MESSAGES, defaultVmTier, effectivePrivacy, type Privacy } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { collections } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import { defaultWorkspaceId } from "../folders/folders.service.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import { authorizeWorkspace, type Membership } from "../workspaces/workspace.policy.ts";
import { checkDraftLimit, checkPrivateLimit } from "./sandboxes.service.ts";

/**
 * The workspace a new sandbox (a fork, or one made from files) goes into: the one asked for, else
 * the user's primary workspace. The user must be able to write to it (non-members are told it does
 * not exist; viewers and frozen workspaces are refused).
 */
export async function targetWorkspace(
  tx: Tx,
  userId: string,
  teamId: string | undefined,
): Promise<Membership> {
  const id = teamId ?? (await defaultWorkspaceId(tx, userId));
  if (!id) throw notFound("Workspace not found.");
  return authorizeWorkspace(await membershipOf(tx, userId, id), "WRITE", { write: true });
}

export type Placement = {
  collectionId: string | null;
  privacy: Privacy;
  /** The tier a new devbox gets on the workspace's plan (1 Free, 2 Pro). */
  vmTier: number;
};

/**
 * Where in the workspace a new sandbox goes and how private it is: a folder of that workspace, or
 * the drafts (DRAFT_LIMIT); the larger of the requested privacy (private by default) and the
 * workspace's minimum, and a private one only within the plan's cap (SANDBOX_LIMIT); the plan's
 * default VM tier.
 */
export async function placeIn(
  tx: Tx,
  plans: PlanOf,
  userId: string,
  target: Membership,
  input: { collectionId?: string | undefined; privacy?: Privacy | undefined },
): Promise<Placement> {
  let collectionId: string | null = null;
  if (input.collectionId) {
    const [folder] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.id, input.collectionId), eq(collections.workspaceId, target.workspaceId)));
    if (!folder) throw notFound(DASHBOARD_MESSAGES.folderNotFound);
    collectionId = folder.id;
  } else {
    await checkDraftLimit(tx, plans, target.workspaceId, userId, 1);
  }
  const privacy = effectivePrivacy(input.privacy ?? null, target.minimumPrivacy);
  if (privacy === 2) await checkPrivateLimit(tx, plans, target.workspaceId, 1);
  return { collectionId, privacy, vmTier: defaultVmTier((await plans(tx, target.workspaceId)).plan) };
}
