import { createHash } from "node:crypto";
import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { workspaceAvatars, workspaceInvitations } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command, query } from "../../service/command.ts";
import { detectImageType } from "./image-type.ts";
import { membershipOf, requireOperation } from "./membership.service.ts";
import { avatarInput, avatarTeamInput } from "./workspaces.schema.ts";
import { updateWorkspace } from "./workspaces.service.ts";

/** The avatar's stable address; the version changes with the image, so browsers may keep it for good. */
export function workspaceAvatarUrl(workspaceId: string, version: string): string {
  return `/api/v1/teams/${workspaceId}/avatar?v=${version}`;
}

/** The workspace an avatar's address names; one that cannot be a workspace id does not exist. */
function avatarWorkspaceId(teamId: string): string {
  if (!z.uuid().safeParse(teamId).success) throw notFound(WORKSPACE_MESSAGES.notFound);
  return teamId.toLowerCase();
}

/** Stores an uploaded avatar (PNG, JPEG, GIF or WebP, judged by its bytes) and points avatarUrl at it. */
export const setWorkspaceAvatar = command(avatarInput, async (ctx, input) => {
  const workspaceId = avatarWorkspaceId(input.teamId);
  const bytes = input.bytes;
  if (!Buffer.isBuffer(bytes)) throw invalid(WORKSPACE_MESSAGES.avatarNotImage, "avatar");
  const contentType = detectImageType(bytes);
  const tx = ctx.db;
  await requireOperation(tx, ctx.userId, workspaceId, "manage");
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

export const removeWorkspaceAvatar = command(avatarTeamInput, async ({ db, userId }, input) => {
  const teamId = avatarWorkspaceId(input.teamId);
  await requireOperation(db, userId, teamId, "manage");
  await db.delete(workspaceAvatars).where(eq(workspaceAvatars.workspaceId, teamId));
  await updateWorkspace(db, teamId, { avatarUrl: null });
});

/**
 * The avatar for a member of the workspace, or someone with a pending invitation to it (the invite
 * modal shows it). Anyone else is told there is none, as for a workspace that does not exist.
 */
export const readWorkspaceAvatar = query(avatarTeamInput, async ({ db, userId }, input) => {
  const workspaceId = avatarWorkspaceId(input.teamId);
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
});
