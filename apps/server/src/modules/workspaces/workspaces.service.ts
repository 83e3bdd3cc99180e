import { MESSAGES, ROOT_PATH } from "@boxyard/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { collections, users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { invalid } from "../../http/errors.ts";

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
  await tx.insert(collections).values({ workspaceId: workspace!.id, path: ROOT_PATH });
  return workspace!;
}

/** Validates a workspace name for a user: not empty, not a duplicate among the user's own workspaces. */
export async function checkWorkspaceName(db: Db | Tx, userId: string, rawName: string, exceptId?: string) {
  const name = rawName.trim();
  if (!name) throw invalid(MESSAGES.workspaceNameEmpty, "name");
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

export async function createTeamWorkspace(db: Db, userId: string, rawName: string): Promise<WorkspaceRow> {
  return db.transaction(async (tx) => {
    const name = await checkWorkspaceName(tx, userId, rawName);
    return createWorkspace(tx, { name, type: "TEAM", ownerId: userId });
  });
}

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
