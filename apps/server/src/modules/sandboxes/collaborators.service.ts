import { DASHBOARD_MESSAGES, type ShareAuthorization } from "@boxyard/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxCollaborators, sandboxes, users } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../http/errors.ts";
import { command, openQuery } from "../../service/command.ts";
import type { Effects } from "../../service/effects.ts";
import { archiveSandboxInvitations } from "../notifications/archive.service.ts";
import { personOf } from "../workspaces/members.service.ts";
import { membershipOf } from "../workspaces/membership.service.ts";
import type { Membership } from "../workspaces/workspace.policy.ts";
import {
  removeCollaboratorInput,
  SHARING_MESSAGES,
  sandboxCollaboratorsInput,
  shareSandboxInput,
  updateCollaboratorInput,
} from "./collaborators.schema.ts";
import { sandboxProblem } from "./sandbox.policy.ts";
import type { SandboxRow } from "./sandboxes.service.ts";

export type CollaboratorRow = {
  userId: string;
  username: string;
  name: string | null;
  avatarUrl: string | null;
  authorization: ShareAuthorization;
  insertedAt: Date;
};

/** Who may manage a sandbox's collaborators: its workspace's editors, in an unfrozen workspace. */
function sharingProblem(userId: string, membership: Membership | null, sandbox: SandboxRow) {
  return sandboxProblem(userId, membership, sandbox, "edit");
}

/** The sandbox, locked, when the actor may share it; NOT_FOUND when they cannot see it. */
async function loadForSharing(tx: Tx, actorId: string, sandboxId: string): Promise<SandboxRow> {
  const [sandbox] = await tx.select().from(sandboxes).where(eq(sandboxes.id, sandboxId)).for("update");
  if (!sandbox) throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  const problem = sharingProblem(actorId, await membershipOf(tx, actorId, sandbox.workspaceId), sandbox);
  if (problem) throw problem;
  if (sandbox.removedAt) throw invalid(SHARING_MESSAGES.deleted);
  return sandbox;
}

export async function collaboratorsOf(db: Db | Tx, sandboxId: string): Promise<CollaboratorRow[]> {
  return db
    .select({
      userId: users.id,
      username: users.username,
      name: users.name,
      avatarUrl: users.avatarUrl,
      authorization: sql<ShareAuthorization>`${sandboxCollaborators.authorization}`,
      insertedAt: sandboxCollaborators.insertedAt,
    })
    .from(sandboxCollaborators)
    .innerJoin(users, eq(users.id, sandboxCollaborators.userId))
    .where(eq(sandboxCollaborators.sandboxId, sandboxId))
    .orderBy(asc(sandboxCollaborators.insertedAt), asc(users.username));
}

/** The collaborators, for a viewer who may manage them; null for anyone else. */
export const visibleCollaborators = openQuery(
  sandboxCollaboratorsInput,
  async (ctx, { sandbox }): Promise<CollaboratorRow[] | null> => {
    const viewerId = ctx.actor?.userId ?? null;
    if (!viewerId || sandbox.removedAt) return null;
    const membership = await membershipOf(ctx.db, viewerId, sandbox.workspaceId);
    if (sharingProblem(viewerId, membership, sandbox)) return null;
    return collaboratorsOf(ctx.db, sandbox.id);
  },
);

/** Stores the level and tells the collaborator (sandbox_invitation, live and by e-mail). */
async function grant(
  tx: Tx,
  effects: Effects,
  actorId: string,
  sandbox: SandboxRow,
  userId: string,
  authorization: ShareAuthorization,
) {
  const [existing] = await tx
    .select({ authorization: sandboxCollaborators.authorization })
    .from(sandboxCollaborators)
    .where(and(eq(sandboxCollaborators.sandboxId, sandbox.id), eq(sandboxCollaborators.userId, userId)));
  if (existing?.authorization === authorization) return;
  await tx
    .insert(sandboxCollaborators)
    .values({ sandboxId: sandbox.id, userId, authorization })
    .onConflictDoUpdate({
      target: [sandboxCollaborators.sandboxId, sandboxCollaborators.userId],
      set: { authorization },
    });
  const inviter = await personOf(tx, actorId);
  await effects.notify([
    {
      userId,
      type: "sandbox_invitation",
      data: {
        sandboxId: sandbox.id,
        sandboxAlias: sandbox.alias,
        sandboxTitle: sandbox.title,
        inviterName: inviter.name,
        inviterAvatar: inviter.avatarUrl,
        authorization,
      },
    },
  ]);
}

/**
 * Shares a sandbox with a user, found by username or e-mail, to comment on, view or edit it
 * (spec 1 §2: comment, edit, else view). Sharing again with another level changes it. The
 * sandbox then shows in their 'Shared with me' with that authorization.
 */
export const shareSandbox = command(shareSandboxInput, async (ctx, input) => {
  const { db: tx, userId: actorId } = ctx;
  const who = input.usernameOrEmail;
  const sandbox = await loadForSharing(tx, actorId, input.sandboxId);
  const column = who.includes("@") ? users.email : users.username;
  const [person] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${column}) = lower(${who})`)
    .limit(1);
  if (!person) throw invalid(SHARING_MESSAGES.unknownPerson(who), "usernameOrEmail");
  if (person.id === actorId) throw invalid(SHARING_MESSAGES.notYourself, "usernameOrEmail");
  await grant(tx, ctx.effects, actorId, sandbox, person.id, input.authorization);
  return sandbox;
});

/** Changes a collaborator's level; they are told, as when it was first shared. */
export const updateCollaborator = command(updateCollaboratorInput, async (ctx, input) => {
  const { db: tx, userId: actorId } = ctx;
  const sandbox = await loadForSharing(tx, actorId, input.sandboxId);
  const [existing] = await tx
    .select({ userId: sandboxCollaborators.userId })
    .from(sandboxCollaborators)
    .where(
      and(eq(sandboxCollaborators.sandboxId, sandbox.id), eq(sandboxCollaborators.userId, input.userId)),
    );
  if (!existing) throw notFound(SHARING_MESSAGES.notCollaborator);
  await grant(tx, ctx.effects, actorId, sandbox, input.userId, input.authorization);
  return sandbox;
});

/** Stops sharing with a collaborator; their invitation notifications of it are archived. */
export const removeCollaborator = command(removeCollaboratorInput, async (ctx, input) => {
  const { db: tx, userId: actorId } = ctx;
  const sandbox = await loadForSharing(tx, actorId, input.sandboxId);
  const removed = await tx
    .delete(sandboxCollaborators)
    .where(and(eq(sandboxCollaborators.sandboxId, sandbox.id), eq(sandboxCollaborators.userId, input.userId)))
    .returning({ userId: sandboxCollaborators.userId });
  if (removed.length === 0) throw notFound(SHARING_MESSAGES.notCollaborator);
  await archiveSandboxInvitations(tx, input.userId, sandbox.id);
  return sandbox;
});
