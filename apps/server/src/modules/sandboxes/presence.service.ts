import type { SandboxPresence } from "@boxyard/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../http/errors.ts";
import { readableSandbox } from "./read.service.ts";

/**
 * What the live topic `sandbox:<id>` needs (issue 15): who may follow it, and the people shown as
 * having the sandbox open.
 */

/** Whether the user may follow the sandbox's topic: whoever may read it (by its id, not an alias). */
export async function mayFollowSandbox(db: Db, userId: string, sandboxId: string): Promise<boolean> {
  try {
    const { sandbox } = await readableSandbox(db, { viewerId: userId, grant: null }, sandboxId);
    return sandbox.id === sandboxId;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return false;
    throw error;
  }
}

/** The people behind user ids, in the order given, as the avatars of who has a sandbox open show them. */
export async function presenceProfiles(db: Db, userIds: string[]): Promise<SandboxPresence["users"]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, userIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
}
