import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users, workspaceInvitations, workspaceJoinRequests } from "../../db/schema/index.ts";
import { conflict, forbidden, invalid, notFound } from "../../http/errors.ts";
import { command } from "../../service/command.ts";
import { archiveJoinRequestNotifications } from "../notifications/archive.service.ts";
import { requireEligible } from "./eligible.service.ts";
import { addMember, pendingCount, personOf, seatsOf, workspaceByToken } from "./members.service.ts";
import { requireOperation } from "./membership.service.ts";
import { memberLimitProblem } from "./workspace.policy.ts";
import { acceptJoinRequestInput, memberInput, requestToJoinInput } from "./workspaces.schema.ts";
import { lockWorkspace } from "./workspaces.service.ts";

export const JOIN_REQUEST_MESSAGES = {
  oneWay: "Ask to join with either an invite link's token or an offered workspace's id.",
  alreadyMember: "You are already a member of this workspace.",
  invited: "You have an invitation to this workspace: accept it instead.",
  notFound: "There is no request to join from that person.",
} as const;

export type JoinRequestRow = {
  workspaceId: string;
  userId: string;
  username: string;
  name: string | null;
  email: string;
  avatarUrl: string | null;
  insertedAt: Date;
};

/**
 * Asks to join a workspace that cannot be joined directly (it is full, or frozen), from its
 * invite link or from its domain offer. The workspace's admins are notified
 * (team_invite_requested) and decide in its members section. Asking twice asks once.
 */
export const requestToJoin = command(requestToJoinInput, async (ctx, by) => {
  const { db: tx, effects, userId } = ctx;
  const token = by.inviteToken?.trim();
  if (!token === !by.workspaceId) throw invalid(JOIN_REQUEST_MESSAGES.oneWay);
  let workspaceId = by.workspaceId ?? "";
  if (token) {
    const found = await workspaceByToken(tx, token);
    if (!found) throw notFound(WORKSPACE_MESSAGES.inviteLinkInvalid);
    workspaceId = found.id;
  } else {
    await requireEligible(tx, userId, workspaceId);
  }
  const workspace = await lockWorkspace(tx, workspaceId);
  if (workspace.type === "PERSONAL") throw forbidden(WORKSPACE_MESSAGES.personalNoMembers);
  const seats = await seatsOf(tx, workspaceId);
  if (seats.some((s) => s.userId === userId)) throw conflict(JOIN_REQUEST_MESSAGES.alreadyMember);
  const [invitation] = await tx
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.userId, userId)));
  if (invitation) throw conflict(JOIN_REQUEST_MESSAGES.invited);
  const added = await tx
    .insert(workspaceJoinRequests)
    .values({ workspaceId, userId })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) return true;
  const requester = await personOf(tx, userId);
  const [{ email } = { email: "" }] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  await effects.notify(
    seats
      .filter((s) => s.authorization === "ADMIN")
      .map((s) => ({
        userId: s.userId,
        type: "team_invite_requested" as const,
        data: {
          teamId: workspace.id,
          teamName: workspace.name,
          requesterName: requester.name,
          requesterEmail: email,
          requesterAvatar: requester.avatarUrl,
        },
      })),
  );
  return true;
});

/** The pending requests of each workspace, oldest first (its admins' list). */
export async function joinRequestsOf(db: Db, workspaceIds: readonly string[]): Promise<JoinRequestRow[]> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      workspaceId: workspaceJoinRequests.workspaceId,
      userId: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      insertedAt: workspaceJoinRequests.insertedAt,
    })
    .from(workspaceJoinRequests)
    .innerJoin(users, eq(users.id, workspaceJoinRequests.userId))
    .where(inArray(workspaceJoinRequests.workspaceId, [...workspaceIds]))
    .orderBy(workspaceJoinRequests.insertedAt);
}

/** Takes a request (deleting it) and archives the admins' notifications of it. */
async function takeRequest(tx: Tx, workspaceId: string, userId: string) {
  const [request] = await tx
    .delete(workspaceJoinRequests)
    .where(and(eq(workspaceJoinRequests.workspaceId, workspaceId), eq(workspaceJoinRequests.userId, userId)))
    .returning();
  if (!request) throw notFound(JOIN_REQUEST_MESSAGES.notFound);
  const [{ email } = { email: "" }] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  await archiveJoinRequestNotifications(tx, workspaceId, email);
}

/**
 * An admin lets the requester in, with a role (the workspace's default when none is given), within
 * the plan's member limit; an unfrozen workspace only, as for invitations.
 */
export const acceptJoinRequest = command(acceptJoinRequestInput, async (ctx, input) => {
  const { db: tx, userId: actorId } = ctx;
  const { teamId: workspaceId, userId, authorization } = input;
  await requireOperation(tx, actorId, workspaceId, "invite");
  const workspace = await lockWorkspace(tx, workspaceId);
  await takeRequest(tx, workspaceId, userId);
  const full = memberLimitProblem(
    (await seatsOf(tx, workspaceId)).length,
    await pendingCount(tx, workspaceId),
    1,
    (await ctx.deps.plans(tx, workspace.id)).limits.includedMembers,
  );
  if (full) throw full;
  await addMember(tx, workspaceId, userId, authorization ?? workspace.defaultAuthorization);
  return workspace;
});

/** An admin turns the request down; the requester may ask again later. */
export const rejectJoinRequest = command(memberInput, async (ctx, { teamId, userId }) => {
  await requireOperation(ctx.db, ctx.userId, teamId, "revokeInvitation");
  const workspace = await lockWorkspace(ctx.db, teamId);
  await takeRequest(ctx.db, teamId, userId);
  return workspace;
});
