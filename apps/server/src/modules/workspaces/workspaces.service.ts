import {
  BILLING_MESSAGES,
  MESSAGES,
  WORKSPACE_DESCRIPTION_MAX_LENGTH,
  WORKSPACE_MESSAGES,
  WORKSPACE_NAME_MAX_LENGTH,
  WORKSPACE_USE_CASES_MAX,
} from "@boxyard/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { conflict, invalid, notFound } from "../../http/errors.ts";
import { command } from "../../service/command.ts";
import { subscriptionRunning } from "../billing/workspace-plan.ts";
import { createRootFolder } from "../folders/folders.service.ts";
import { requireOperation } from "./membership.service.ts";
import { personalProblem } from "./workspace.policy.ts";
import {
  createWorkspaceInput,
  renameWorkspaceInput,
  workspaceDescriptionInput,
  workspaceInput,
  workspaceMetadataInput,
} from "./workspaces.schema.ts";

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type MemberRow = {
  workspaceId: string;
  userId: string;
  authorization: "ADMIN" | "WRITE" | "READ";
  teamManager: boolean;
  name: string | null;
  username: string;
  avatarUrl: string | null;
};

/** Creates a workspace with its creator as admin. Runs inside the caller's transaction. */
export async function createWorkspace(
  tx: Tx | Db,
  input: { name: string; type: "PERSONAL" | "TEAM"; ownerId: string },
): Promise<WorkspaceRow> {
  const [workspace] = await tx
    .insert(workspaces)
    .values({ name: input.name, type: input.type, createdById: input.ownerId })
    .returning();
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId: workspace!.id, userId: input.ownerId, authorization: "ADMIN" });
  await createRootFolder(tx, workspace!.id);
  return workspace!;
}

/** Validates a workspace name for a user: not empty, not a duplicate among the user's own workspaces. */
export async function checkWorkspaceName(db: Db | Tx, userId: string, rawName: string, exceptId?: string) {
  const name = rawName.trim();
  if (!name) throw invalid(MESSAGES.workspaceNameEmpty, "name");
  if (name.length > WORKSPACE_NAME_MAX_LENGTH) {
    throw invalid(WORKSPACE_MESSAGES.nameTooLong(WORKSPACE_NAME_MAX_LENGTH), "name");
  }
  const [clash] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        sql`lower(${workspaces.name}) = lower(${name})`,
        exceptId ? ne(workspaces.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw invalid(MESSAGES.workspaceNameDuplicate, "name");
  return name;
}

export const createTeamWorkspace = command(createWorkspaceInput, async ({ db, userId }, input) => {
  const name = await checkWorkspaceName(db, userId, input.name);
  return createWorkspace(db, { name, type: "TEAM", ownerId: userId });
});

/** The workspaces a user is a member of, oldest first. */
export async function workspacesOf(db: Db, userId: string): Promise<WorkspaceRow[]> {
  const rows = await db
    .select({ workspace: workspaces })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(workspaces.insertedAt);
  return rows.map((r) => r.workspace);
}

/** One workspace, only when the user is a member of it. */
export async function workspaceOf(db: Db, userId: string, workspaceId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select({ workspace: workspaces })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row?.workspace ?? null;
}

/** The members of several workspaces in one query, with their user fields. */
export async function membersOf(db: Db, workspaceIds: readonly string[]): Promise<MemberRow[]> {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      workspaceId: workspaceMembers.workspaceId,
      userId: workspaceMembers.userId,
      authorization: workspaceMembers.authorization,
      teamManager: workspaceMembers.teamManager,
      name: users.name,
      username: users.username,
      avatarUrl: users.avatarUrl,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(inArray(workspaceMembers.workspaceId, [...workspaceIds]))
    .orderBy(workspaceMembers.insertedAt);
}

/**
 * The workspace row, locked until the transaction ends: member changes of one workspace run one
 * after the other, so two admins demoting each other cannot both succeed and leave none.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<WorkspaceRow> {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
  return row;
}

/**
 * Users whose primary workspace is `workspaceId` but who are no longer in it (they left, were
 * removed, or it was deleted) get their personal workspace back as primary, else their oldest
 * remaining workspace, else none (the web app then sends them to /create-workspace).
 */
export async function resetPrimaryWorkspaces(tx: Tx, workspaceId: string) {
  await tx.execute(sql`
    update ${users} u set primary_workspace_id = (
      select m.workspace_id from ${workspaceMembers} m
      join ${workspaces} w on w.id = m.workspace_id
      where m.user_id = u.id
      order by (m.workspace_id = u.personal_workspace_id) desc, w.inserted_at asc
      limit 1
    ), updated_at = now()
    where u.primary_workspace_id = ${workspaceId}
      and not exists (
        select 1 from ${workspaceMembers} m2 where m2.user_id = u.id and m2.workspace_id = ${workspaceId}
      )`);
}

export async function updateWorkspace(
  tx: Tx,
  workspaceId: string,
  values: Partial<typeof workspaces.$inferInsert>,
) {
  const [row] = await tx
    .update(workspaces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId))
    .returning();
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
  return row;
}

export const renameWorkspace = command(renameWorkspaceInput, async ({ db, userId }, { teamId, name }) => {
  await requireOperation(db, userId, teamId, "manage");
  return updateWorkspace(db, teamId, { name: await checkWorkspaceName(db, userId, name, teamId) });
});

/** An empty description clears it. */
export const setWorkspaceDescription = command(workspaceDescriptionInput, async ({ db, userId }, input) => {
  await requireOperation(db, userId, input.teamId, "manage");
  const description = input.description.trim();
  if (description.length > WORKSPACE_DESCRIPTION_MAX_LENGTH) {
    throw invalid(WORKSPACE_MESSAGES.descriptionTooLong(WORKSPACE_DESCRIPTION_MAX_LENGTH), "description");
  }
  return updateWorkspace(db, input.teamId, { description: description || null });
});

/** The use cases picked in the create-workspace flow (spec 2 §2.9): trimmed, without repeats. */
export const setWorkspaceMetadata = command(workspaceMetadataInput, async ({ db, userId }, input) => {
  const cleaned = [...new Set(input.useCases.map((u) => u.trim()))];
  if (cleaned.length > WORKSPACE_USE_CASES_MAX || cleaned.some((u) => u === "" || u.length > 64)) {
    throw invalid(WORKSPACE_MESSAGES.useCasesInvalid, "useCases");
  }
  await requireOperation(db, userId, input.teamId, "manage");
  return updateWorkspace(db, input.teamId, { metadata: { useCases: cleaned } });
});

/**
 * Deletes a team workspace with its folders, sandboxes, memberships, invitations and avatar (the
 * foreign keys cascade) in one transaction; members whose primary workspace it was get another.
 * A personal workspace is the owner's own and cannot be deleted, so nobody is left without one.
 */
export const deleteWorkspace = command(workspaceInput, async (ctx, { teamId: workspaceId }) => {
  const { db: tx, userId } = ctx;
  await requireOperation(tx, userId, workspaceId, "delete");
  const workspace = await lockWorkspace(tx, workspaceId);
  const problem = personalProblem(workspace, "delete");
  if (problem) throw problem;
  // A workspace that still pays would leave its subscription running: it is cancelled first.
  if (await subscriptionRunning(tx, workspaceId)) throw conflict(BILLING_MESSAGES.subscriptionBlocksDelete);
  await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
  await resetPrimaryWorkspaces(tx, workspaceId);
  return true;
});
