import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxCollaborators, sandboxes } from "../../db/schema/index.ts";

export type CollaboratorAuthorization = (typeof sandboxCollaborators.$inferSelect)["authorization"];

/** The user's collaborator authorization on each of the sandboxes that has them as a collaborator. */
export async function collaborationsOf(db: Db, userId: string, sandboxIds: readonly string[]) {
  const rows = await db
    .select({ sandboxId: sandboxCollaborators.sandboxId, authorization: sandboxCollaborators.authorization })
    .from(sandboxCollaborators)
    .where(
      and(eq(sandboxCollaborators.userId, userId), inArray(sandboxCollaborators.sandboxId, [...sandboxIds])),
    );
  return new Map<string, CollaboratorAuthorization>(rows.map((r) => [r.sandboxId, r.authorization]));
}

/** Sandboxes by id (deleted ones included); unknown ids are absent. */
export async function sandboxesById(db: Db, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(sandboxes)
    .where(inArray(sandboxes.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}
