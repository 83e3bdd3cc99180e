import { createHash } from "node:crypto";
import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaceAvatars, workspaceInvitations } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { detectImageType } from "./image-type.ts";
import { membershipOf, requireOperation } from "./workspace.policy.ts";
import { updateWorkspace } from "./workspaces.service.ts";

/** The avatar's stable address; the version changes with the image, so browsers may keep it for good. */
export function workspaceAvatarUrl(workspaceId: string, version: string): string {
  return `/api/v1/teams/${workspaceId}/avatar?v=${version}`;
}

/** Stores an uploaded avatar (PNG, JPEG, GIF or WebP, judged by its bytes) and points avatarUrl at it. */
export function setWorkspaceAvatar(db: Db, userId: string, workspaceId: string, bytes: Buffer) {
  const contentType = detectImageType(bytes);
  return db.transaction(async (tx) => {
    await requireOperation(tx, userId, workspaceId, "manage");
    if (!contentType) throw invalid(WORKSPACE_MESSAGES.avatarNotImage, "avatar");
    const version = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
    const values = { contentType, data: bytes, version, updatedAt: new Date() };
    await tx
      .insert(workspaceAvatars)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: workspaceAvatars.workspaceId, set: values });
    const workspace = await updateWorkspace(tx, workspaceId, {
      avatarUrl: workspaceAvatarUrl(workspaceId, version),
    });
    return { avatarUrl: workspace.avatarUrl };
  });
}

export function removeWorkspaceAvatar(db: Db, userId: string, workspaceId: string) {
  return db.transaction(async (tx) => {
    await requireOperation(tx, userId, workspaceId, "manage");
    await tx.delete(workspaceAvatars).where(eq(workspaceAvatars.workspaceId, workspaceId));
    await updateWorkspace(tx, workspaceId, { avatarUrl: null });
  });
}

/**
 * The avatar for a member of the workspace, or someone with a pending invitation to it (the invite
 * modal shows it). Anyone else is told there is none, as for a workspace that does not exist.
 */
export async function readWorkspaceAvatar(db: Db, userId: string, workspaceId: string) {
  const member = await membershipOf(db, userId, workspaceId);
  if (!member) {
    const [invited] = await db
      .select({ id: workspaceInvitations.id })
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.userId, userId)))
      .limit(1);
    if (!invited) throw notFound(WORKSPACE_MESSAGES.notFound);
  }
  const [avatar] = await db
    .select()
    .from(workspaceAvatars)
    .where(eq(workspaceAvatars.workspaceId, workspaceId))
    .limit(1);
  if (!avatar) throw notFound(WORKSPACE_MESSAGES.notFound);
  return avatar;
}
