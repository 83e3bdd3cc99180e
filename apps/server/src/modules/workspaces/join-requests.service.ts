import type { TeamMemberAuthorization } from "@boxyard/domain";
import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  notifications,
  users,
  workspaceInvitations,
  workspaceJoinRequests,
  workspaceMembers,
} from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { conflict, forbidden, invalid, notFound } from "../../http/errors.ts";
import { inTransaction } from "../../service/context.ts";
import type { PlanOf } from "../billing/workspace-plan.ts";
import { requireEligible } from "./eligible.service.ts";
import { addMember, pendingCount, personOf, seatsOf, workspaceByToken } from "./members.service.ts";
import { memberLimitProblem, requireOperation } from "./workspace.policy.ts";
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
export function requestToJoin(
  deps: Deps,
  userId: string,
  by: { inviteToken?: string | null; workspaceId?: string | null },
) {
  const token = by.inviteToken?.trim();
  if (!token === !by.workspaceId) throw invalid(JOIN_REQUEST_MESSAGES.oneWay);
  return inTransaction(deps, async (tx, effects) => {
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
}

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
  await tx
    .update(notifications)
    .set({ archived: true })
    .where(
      and(
        eq(notifications.type, "team_invite_requested"),
        sql`${notifications.data}->>'teamId' = ${workspaceId}`,
        sql`${notifications.data}->>'requesterEmail' = ${email}`,
        sql`${notifications.userId} in (select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId})`,
      ),
    );
}

/**
 * An admin lets the requester in, with a role (the workspace's default when none is given), within
 * the plan's member limit; an unfrozen workspace only, as for invitations.
 */
export function acceptJoinRequest(
  db: Db,
  planOf: PlanOf,
  actorId: string,
  workspaceId: string,
  userId: string,
  authorization?: TeamMemberAuthorization | null,
) {
  return db.transaction(async (tx) => {
    await requireOperation(tx, actorId, workspaceId, "invite");
    const workspace = await lockWorkspace(tx, workspaceId);
    await takeRequest(tx, workspaceId, userId);
    const full = memberLimitProblem(
      (await seatsOf(tx, workspaceId)).length,
      await pendingCount(tx, workspaceId),
      1,
      (await planOf(tx, workspace.id)).limits.includedMembers,
    );
    if (full) throw full;
    await addMember(tx, workspaceId, userId, authorization ?? workspace.defaultAuthorization);
    return workspace;
  });
}

/** An admin turns the request down; the requester may ask again later. */
export function rejectJoinRequest(db: Db, actorId: string, workspaceId: string, userId: string) {
  return db.transaction(async (tx) => {
    await requireOperation(tx, actorId, workspaceId, "revokeInvitation");
    const workspace = await lockWorkspace(tx, workspaceId);
    await takeRequest(tx, workspaceId, userId);
    return workspace;
  });
}
