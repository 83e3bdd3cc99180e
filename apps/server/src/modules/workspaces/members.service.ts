import { randomBytes } from "node:crypto";
import { inviteEmailSchema, type TeamMemberAuthorization, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { conflict, invalid, notFound } from "../../http/errors.ts";
import { command, query, type SignedIn } from "../../service/command.ts";
import type { Ctx } from "../../service/context.ts";
import type { Effects } from "../../service/effects.ts";
import { hasVerifiedAddress } from "../auth/verified-addresses.ts";
import { archiveTeamNotifications } from "../notifications/archive.service.ts";
import { teamInviteMail } from "../notifications/mails.ts";
import { noInput } from "../notifications/notifications.schema.ts";
import { requireOperation } from "./membership.service.ts";
import { joinProblem, lastAdminProblem, memberLimitProblem, personalProblem } from "./workspace.policy.ts";
import {
  inviteByEmailInput,
  inviteByUsernameInput,
  inviteTokenInput,
  memberAuthorizationsInput,
  memberInput,
  revokeInvitationInput,
  workspaceInput,
} from "./workspaces.schema.ts";
import { lockWorkspace, resetPrimaryWorkspaces, type WorkspaceRow } from "./workspaces.service.ts";

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

type Seat = { userId: string; authorization: TeamMemberAuthorization; teamManager: boolean };

export async function seatsOf(tx: Tx, workspaceId: string): Promise<Seat[]> {
  return tx
    .select({
      userId: workspaceMembers.userId,
      authorization: workspaceMembers.authorization,
      teamManager: workspaceMembers.teamManager,
    })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
}

export async function pendingCount(tx: Tx, workspaceId: string, exceptUserId?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        exceptUserId
          ? or(isNull(workspaceInvitations.userId), sql`${workspaceInvitations.userId} <> ${exceptUserId}`)
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Inviting

/** Who is being invited: a known user, or an e-mail address nobody has signed up with yet. */
type Invitee =
  | { userId: string; email: string; label: string }
  | { userId: null; email: string; label: string };

/** A user as notifications name them: their name, else their username, and their avatar. */
export async function personOf(tx: Db | Tx, userId: string) {
  const [row] = await tx
    .select({ name: sql<string>`coalesce(${users.name}, ${users.username})`, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { name: "Someone", avatarUrl: null };
}

/**
 * The one place invitations are made. The invitee is notified (team_invite) in the same
 * transaction, and hears of it live and by e-mail once it has committed; an address nobody has
 * signed up with gets the e-mail only.
 */
async function inviteMember(
  ctx: SignedIn<Ctx>,
  workspaceId: string,
  resolveInvitee: (tx: Tx) => Promise<Invitee>,
  authorization: TeamMemberAuthorization | null | undefined,
): Promise<{ workspace: WorkspaceRow; invitation: InvitationRow }> {
  const { db: tx, effects, userId: actorId } = ctx;
  await requireOperation(tx, actorId, workspaceId, "invite");
  const workspace = await lockWorkspace(tx, workspaceId);
  const personal = personalProblem(workspace, "invite");
  if (personal) throw personal;
  const invitee = await resolveInvitee(tx);
  const seats = await seatsOf(tx, workspaceId);
  if (invitee.userId && seats.some((s) => s.userId === invitee.userId)) {
    throw conflict(WORKSPACE_MESSAGES.alreadyMember(invitee.label));
  }
  const [existing] = await tx
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        or(
          invitee.userId ? eq(workspaceInvitations.userId, invitee.userId) : undefined,
          sql`lower(${workspaceInvitations.email}) = lower(${invitee.email})`,
        ),
      ),
    )
    .limit(1);
  if (existing) throw conflict(WORKSPACE_MESSAGES.alreadyInvited(invitee.label));
  const limit = (await ctx.deps.plans(tx, workspace.id)).limits.includedMembers;
  const full = memberLimitProblem(seats.length, await pendingCount(tx, workspaceId), 1, limit);
  if (full) throw full;
  const [invitation] = await tx
    .insert(workspaceInvitations)
    .values({
      workspaceId,
      userId: invitee.userId,
      email: invitee.email,
      authorization: authorization ?? workspace.defaultAuthorization,
      invitedById: actorId,
    })
    .returning();
  const inviter = await personOf(tx, actorId);
  if (invitee.userId) {
    await effects.notify([
      {
        userId: invitee.userId,
        type: "team_invite",
        data: {
          teamId: workspace.id,
          teamName: workspace.name,
          inviterName: inviter.name,
          inviterAvatar: inviter.avatarUrl,
        },
      },
    ]);
  } else {
    effects.mail(
      teamInviteMail({
        to: invitee.email,
        publicUrl: ctx.deps.config.publicUrl,
        teamId: workspace.id,
        teamName: workspace.name,
        inviterName: inviter.name,
      }),
    );
  }
  return { workspace, invitation: invitation! };
}

/** Invites a known user by username (API contract §6 inviteToTeam). */
export const inviteByUsername = command(inviteByUsernameInput, async (ctx, input) => {
  const username = input.username.trim().replace(/^@/, "");
  if (!username) throw invalid(WORKSPACE_MESSAGES.usernameRequired, "username");
  const { workspace } = await inviteMember(
    ctx,
    input.teamId,
    async (tx) => {
      const [user] = await tx
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      if (!user) throw invalid(WORKSPACE_MESSAGES.unknownUsername(username), "username");
      return { userId: user.id, email: user.email, label: user.username };
    },
    input.authorization,
  );
  return workspace;
});

/**
 * Invites by e-mail (API contract §6 inviteToTeamViaEmail): the address of a known user invites
 * that user; an unknown address stays an e-mail invitation until someone signs up with it.
 */
export const inviteByEmail = command(inviteByEmailInput, async (ctx, input) => {
  const parsed = inviteEmailSchema.safeParse(input.email);
  if (!parsed.success) throw invalid(WORKSPACE_MESSAGES.invalidEmail, "email");
  const email = parsed.data;
  await inviteMember(
    ctx,
    input.teamId,
    async (tx) => {
      const [user] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      // Only an account that proved this address is invited by it; otherwise the invitation waits
      // for whoever verifies the address (an unverified sign-up must not take it).
      return user && (await hasVerifiedAddress(tx, user.id, email))
        ? { userId: user.id, email: user.email, label: email }
        : { userId: null, email, label: email };
    },
    input.authorization,
  );
  return true;
});

/** Sign-up finalisation: the e-mail invitations to the new user's address become theirs. */
export async function claimEmailInvitations(tx: Tx, userId: string, email: string) {
  await tx
    .update(workspaceInvitations)
    .set({ userId })
    .where(
      and(isNull(workspaceInvitations.userId), sql`lower(${workspaceInvitations.email}) = lower(${email})`),
    );
}

/** Revokes a known user's invitation (`userId`) or an e-mail invitation (`email`). */
export const revokeInvitation = command(revokeInvitationInput, async (ctx, who) => {
  const { db: tx, userId: actorId } = ctx;
  const workspaceId = who.teamId;
  await requireOperation(tx, actorId, workspaceId, "revokeInvitation");
  const match =
    "userId" in who
      ? eq(workspaceInvitations.userId, who.userId)
      : sql`lower(${workspaceInvitations.email}) = lower(${who.email.trim()})`;
  const removed = await tx
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), match))
    .returning({ id: workspaceInvitations.id, userId: workspaceInvitations.userId });
  if (removed.length === 0) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  // The invitation is gone: its notification would lead nowhere.
  for (const { userId } of removed) {
    if (userId) await archiveTeamNotifications(tx, userId, workspaceId, "team_invite");
  }
  return lockWorkspace(tx, workspaceId);
});

// ---------------------------------------------------------------------------------------------
// Members

/**
 * Gives the workspace a new invite link (the old one stops working), inside the caller's
 * transaction: done by an admin ('Reset invite link') and whenever someone who may have seen the
 * link stops being entitled to it (removed, or an admin leaving or losing the admin role).
 */
export async function renewInviteToken(tx: Tx, workspaceId: string): Promise<WorkspaceRow> {
  const [row] = await tx
    .update(workspaces)
    .set({ inviteToken: randomBytes(16).toString("hex") })
    .where(eq(workspaces.id, workspaceId))
    .returning();
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
  return row;
}

/** 'Reset invite link': admins only, allowed in a frozen workspace (it lets nobody in). */
export const resetInviteToken = command(workspaceInput, async ({ db: tx, userId }, { teamId }) => {
  await requireOperation(tx, userId, teamId, "manage");
  await lockWorkspace(tx, teamId);
  return renewInviteToken(tx, teamId);
});

export const removeMember = command(memberInput, async (ctx, input) => {
  const { db: tx, userId: actorId } = ctx;
  const { teamId: workspaceId, userId } = input;
  await requireOperation(tx, actorId, workspaceId, "removeMember");
  if (userId === actorId) throw invalid(WORKSPACE_MESSAGES.removeSelf);
  const workspace = await lockWorkspace(tx, workspaceId);
  const seats = await seatsOf(tx, workspaceId);
  if (!seats.some((s) => s.userId === userId)) throw notFound(WORKSPACE_MESSAGES.memberNotFound);
  const lastAdmin = lastAdminProblem(seats.filter((s) => s.userId !== userId));
  if (lastAdmin) throw lastAdmin;
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  await resetPrimaryWorkspaces(tx, workspaceId);
  // A removed member must not come back through the link they knew.
  return workspace.type === "TEAM" ? renewInviteToken(tx, workspaceId) : workspace;
});

export const leaveWorkspace = command(workspaceInput, async (ctx, { teamId: workspaceId }) => {
  const { db: tx, userId } = ctx;
  const membership = await requireOperation(tx, userId, workspaceId, "leave");
  const workspace = await lockWorkspace(tx, workspaceId);
  const problem =
    personalProblem(workspace, "leave") ??
    lastAdminProblem((await seatsOf(tx, workspaceId)).filter((s) => s.userId !== userId));
  if (problem) throw problem;
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  await resetPrimaryWorkspaces(tx, workspaceId);
  // Only admins see the invite link: one who leaves takes no working link along.
  if (membership.authorization === "ADMIN") await renewInviteToken(tx, workspaceId);
  return true;
});

/** Changes several members' roles at once, all or nothing; the workspace keeps an admin. */
export const changeMemberAuthorizations = command(memberAuthorizationsInput, async (ctx, input) => {
  const { db: tx, userId: actorId } = ctx;
  const { teamId: workspaceId, memberAuthorizations: changes } = input;
  await requireOperation(tx, actorId, workspaceId, "changeRoles");
  if (new Set(changes.map((c) => c.userId)).size !== changes.length) {
    throw invalid(WORKSPACE_MESSAGES.duplicateMemberChange, "memberAuthorizations");
  }
  const workspace = await lockWorkspace(tx, workspaceId);
  const seats = await seatsOf(tx, workspaceId);
  const byUser = new Map(seats.map((s) => [s.userId, s]));
  if (changes.some((c) => !byUser.has(c.userId))) throw notFound(WORKSPACE_MESSAGES.memberNotFound);
  const changed = new Map(changes.map((c) => [c.userId, c]));
  const after = seats.map((s) => {
    const change = changed.get(s.userId);
    return change
      ? {
          userId: s.userId,
          authorization: change.authorization,
          teamManager: change.teamManager ?? s.teamManager,
        }
      : s;
  });
  const lastAdmin = lastAdminProblem(after);
  if (lastAdmin) throw lastAdmin;
  for (const seat of after) {
    if (!changed.has(seat.userId)) continue;
    await tx
      .update(workspaceMembers)
      .set({ authorization: seat.authorization, teamManager: seat.teamManager })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, seat.userId)));
  }
  // An admin who is one no more has seen the invite link: it changes.
  const demoted = after.some(
    (seat) => byUser.get(seat.userId)?.authorization === "ADMIN" && seat.authorization !== "ADMIN",
  );
  return demoted ? renewInviteToken(tx, workspaceId) : workspace;
});

// ---------------------------------------------------------------------------------------------
// Joining

export async function addMember(
  tx: Tx,
  workspaceId: string,
  userId: string,
  authorization: TeamMemberAuthorization,
) {
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId, userId, authorization })
    .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] });
}

async function takeInvitation(tx: Tx, workspaceId: string, userId: string) {
  const [invitation] = await tx
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.userId, userId)))
    .returning();
  return invitation ?? null;
}

/**
 * Who hears that someone joined: the member who invited them, or, when that member is gone (or
 * there was no invitation), the workspace's admins.
 */
export async function notifyJoined(
  tx: Tx,
  effects: Effects,
  workspace: WorkspaceRow,
  joinerId: string,
  inviterId: string | null,
) {
  const seats = await seatsOf(tx, workspace.id);
  const inviter = inviterId ? seats.find((s) => s.userId === inviterId && s.userId !== joinerId) : undefined;
  const recipients = inviter
    ? [inviter.userId]
    : seats.filter((s) => s.authorization === "ADMIN" && s.userId !== joinerId).map((s) => s.userId);
  const joiner = await personOf(tx, joinerId);
  await effects.notify(
    recipients.map((userId) => ({
      userId,
      type: "team_accepted" as const,
      data: {
        teamId: workspace.id,
        teamName: workspace.name,
        userName: joiner.name,
        userAvatar: joiner.avatarUrl,
      },
    })),
  );
}

/** Accepting joins with the role the invitation carries (spec 2 §4); the inviter hears of it. */
export const acceptInvitation = command(workspaceInput, async (ctx, { teamId: workspaceId }) => {
  const { db: tx, effects, userId } = ctx;
  const [invitation] = await tx
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.userId, userId)))
    .limit(1);
  if (!invitation) throw notFound(WORKSPACE_MESSAGES.invitationToYouNotFound);
  const workspace = await lockWorkspace(tx, workspaceId);
  const problem = joinProblem(workspace);
  if (problem) throw problem;
  await takeInvitation(tx, workspaceId, userId);
  await addMember(tx, workspaceId, userId, invitation.authorization);
  await notifyJoined(tx, effects, workspace, userId, invitation.invitedById);
  return workspace;
});

/** Declining removes the invitation; it answers the workspace's name for the toast. */
export const rejectInvitation = command(workspaceInput, async ({ db: tx, userId }, { teamId }) => {
  const invitation = await takeInvitation(tx, teamId, userId);
  if (!invitation) throw notFound(WORKSPACE_MESSAGES.invitationToYouNotFound);
  await archiveTeamNotifications(tx, userId, teamId, "team_invite");
  return true;
});

/** What an invite link shows before joining: the workspace's name (API contract §6 teamByToken). */
export async function workspaceByToken(db: Db | Tx, inviteToken: string) {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(and(eq(workspaces.inviteToken, inviteToken), eq(workspaces.type, "TEAM")))
    .limit(1);
  return row ?? null;
}

/** The workspace an invite link leads to, for a signed-in user; null for an unknown token. */
export const teamByToken = query(inviteTokenInput, ({ db }, { inviteToken }) =>
  workspaceByToken(db, inviteToken.trim()),
);

/**
 * Joins with an invite link, with the workspace's default authorization (or the role of a pending
 * invitation the user had, which this consumes). A member following the link again just gets the
 * workspace back. Counts against the plan's member limit.
 */
export const redeemInviteToken = command(inviteTokenInput, async (ctx, { inviteToken }) => {
  const { db: tx, effects, userId } = ctx;
  const found = await workspaceByToken(tx, inviteToken.trim());
  if (!found) throw notFound(WORKSPACE_MESSAGES.inviteLinkInvalid);
  const workspace = await lockWorkspace(tx, found.id);
  const seats = await seatsOf(tx, workspace.id);
  if (seats.some((s) => s.userId === userId)) return workspace;
  const problem = joinProblem(workspace);
  if (problem) throw problem;
  const invitation = await takeInvitation(tx, workspace.id, userId);
  if (!invitation) {
    const full = memberLimitProblem(
      seats.length,
      await pendingCount(tx, workspace.id),
      1,
      (await ctx.deps.plans(tx, workspace.id)).limits.includedMembers,
    );
    if (full) throw full;
  }
  await addMember(tx, workspace.id, userId, invitation?.authorization ?? workspace.defaultAuthorization);
  // Following the link of a workspace one was invited to accepts the invitation.
  if (invitation) await notifyJoined(tx, effects, workspace, userId, invitation.invitedById);
  return workspace;
});

// ---------------------------------------------------------------------------------------------
// Lists

export type InviteeRow = {
  workspaceId: string;
  userId: string;
  name: string | null;
  username: string;
  avatarUrl: string | null;
};

/** The known users with a pending invitation to each workspace (Team.invitees). */
export async function inviteesOf(db: Db, workspaceIds: readonly string[]): Promise<InviteeRow[]> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      workspaceId: workspaceInvitations.workspaceId,
      userId: users.id,
      name: users.name,
      username: users.username,
      avatarUrl: users.avatarUrl,
    })
    .from(workspaceInvitations)
    .innerJoin(users, eq(users.id, workspaceInvitations.userId))
    .where(inArray(workspaceInvitations.workspaceId, [...workspaceIds]))
    .orderBy(workspaceInvitations.insertedAt);
}

export type PendingInvitationRow = InvitationRow & { username: string | null };

/** Every pending invitation of each workspace, the e-mail ones included (the admins' list). */
export async function invitationsOf(
  db: Db,
  workspaceIds: readonly string[],
): Promise<PendingInvitationRow[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .select({ invitation: workspaceInvitations, username: users.username })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.userId))
    .where(inArray(workspaceInvitations.workspaceId, [...workspaceIds]))
    .orderBy(workspaceInvitations.insertedAt);
  return rows.map((r) => ({ ...r.invitation, username: r.username }));
}

export type InvitationToMe = {
  teamId: string;
  teamName: string;
  teamAvatarUrl: string | null;
  authorization: TeamMemberAuthorization;
  inviterName: string | null;
  inviterAvatarUrl: string | null;
  insertedAt: Date;
};

/** The pending invitations addressed to a user, newest first (the team invite modal). */
export const invitationsFor = query(
  noInput,
  ({ db, userId }): Promise<InvitationToMe[]> =>
    db
      .select({
        teamId: workspaces.id,
        teamName: workspaces.name,
        teamAvatarUrl: workspaces.avatarUrl,
        authorization: workspaceInvitations.authorization,
        inviterName: sql<string | null>`coalesce(${users.name}, ${users.username})`,
        inviterAvatarUrl: users.avatarUrl,
        insertedAt: workspaceInvitations.insertedAt,
      })
      .from(workspaceInvitations)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
      .leftJoin(users, eq(users.id, workspaceInvitations.invitedById))
      .where(eq(workspaceInvitations.userId, userId))
      .orderBy(sql`${workspaceInvitations.insertedAt} desc`),
);
