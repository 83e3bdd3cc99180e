import { DASHBOARD_MESSAGES, type SandboxAuthorization } from "@boxyard/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxCollaborators, sandboxes } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { openQuery } from "../../service/command.ts";
import {
  isWorkspaceFrozen,
  joinedMembership,
  membershipOf,
  membershipsOf,
} from "../workspaces/membership.service.ts";
import type { Membership } from "../workspaces/workspace.policy.ts";
import {
  canReadSandbox,
  effectiveAuthorization,
  grantCovers,
  type ReadableSubject,
  type ReadGrant,
  type SandboxAccess,
  sandboxAuthorization,
} from "./sandbox.policy.ts";
import { sandboxByIdInput } from "./sandboxes.schema.ts";
import type { SandboxRow } from "./sandboxes.service.ts";

/** Who asks to read: the signed-in viewer, a preview token's grant, both or neither. */
export type Reader = { viewerId: string | null; grant: ReadGrant | null };

export type ReadAccess = {
  sandbox: SandboxRow;
  /** The viewer's membership of the sandbox's workspace (null for non-members and signed-out readers). */
  membership: Membership | null;
  /** What the viewer may do with it; READ for anyone who may only look. */
  authorization: SandboxAuthorization;
};

/**
 * A sandbox by id, or by alias (the /s/{alias} address of the dashboard's links). Aliases are
 * unique but for synced templates, whose alias is their repository path (`github/owner/repo...`)
 * in each workspace that imported it: the viewer's own workspace's comes first.
 */
export async function findSandbox(
  db: Db | Tx,
  idOrAlias: string,
  viewerId: string | null = null,
): Promise<SandboxRow | null> {
  const [byId] = await db.select().from(sandboxes).where(eq(sandboxes.id, idOrAlias)).limit(1);
  if (byId) return byId;
  const [byAlias] = await db
    .select()
    .from(sandboxes)
    .where(eq(sandboxes.alias, idOrAlias))
    .orderBy(
      sql`exists (select 1 from workspace_members m where m.workspace_id = ${sandboxes.workspaceId} and m.user_id = ${viewerId}) desc`,
      asc(sandboxes.insertedAt),
      asc(sandboxes.id),
    )
    .limit(1);
  return byAlias ?? null;
}

async function collaboration(db: Db | Tx, userId: string, sandboxId: string) {
  const [row] = await db
    .select({ authorization: sandboxCollaborators.authorization })
    .from(sandboxCollaborators)
    .where(and(eq(sandboxCollaborators.userId, userId), eq(sandboxCollaborators.sandboxId, sandboxId)))
    .limit(1);
  return row?.authorization ?? null;
}

/**
 * The facts the sandbox policy decides a user's access on (SandboxAccess), in as few queries as
 * the answer needs: a member who writes holds the top level already, so what the sandbox was
 * shared with them at is not read; the workspace's frozen flag comes with a membership.
 */
export async function accessFacts(
  db: Db | Tx,
  userId: string | null,
  sandbox: SandboxRow,
): Promise<SandboxAccess> {
  if (!userId) return { sandbox, membership: null, collaboration: null, workspaceFrozen: false };
  const membership = await membershipOf(db, userId, sandbox.workspaceId);
  const asMember = sandboxAuthorization(userId, membership, sandbox);
  const shared =
    asMember === "OWNER" || asMember === "WRITE_CODE" ? null : await collaboration(db, userId, sandbox.id);
  const workspaceFrozen = membership
    ? membership.frozen
    : shared !== null && (await isWorkspaceFrozen(db, sandbox.workspaceId));
  return { sandbox, membership, collaboration: shared, workspaceFrozen };
}

/** What the file API's writes know of their sandbox (sandboxWithAccess). */
export type WritableSandbox = ReadableSubject & { updatedAt: Date };

/** A row of `sandbox_write_access` (migration 0019), as the driver gives it. */
type WriteAccessRow = {
  id: string;
  workspace_id: string;
  author_id: string | null;
  collection_id: string | null;
  is_frozen: boolean;
  prevent_sandbox_leaving: boolean;
  privacy: number;
  removed_at: string | Date | null;
  updated_at: string | Date;
  member_workspace_id: string | null;
  member_user_id: string | null;
  member_authorization: Membership["authorization"] | null;
  member_team_manager: boolean | null;
  workspace_frozen: boolean;
  workspace_minimum_privacy: number;
  workspace_prevent_sandbox_export: boolean;
  workspace_prevent_sandbox_leaving: boolean;
  collaboration: SandboxAccess["collaboration"];
};

/**
 * The sandbox of this id with the facts of the user's access to it (accessFacts), in one query:
 * the file API's writes, a save's hot path, through a database function that keeps the query's
 * plan (migration 0019: planning it for each save cost more than running it). `lock` holds the
 * sandbox's row until the transaction ends. Null when no sandbox has this id (it may be an
 * alias: then findSandbox and accessFacts).
 */
export async function sandboxWithAccess(
  db: Db | Tx,
  userId: string,
  id: string,
  lock: boolean,
): Promise<(SandboxAccess & { sandbox: WritableSandbox }) | null> {
  const answer = await db.execute(sql`select * from sandbox_write_access(${id}, ${userId}, ${lock})`);
  const row = (answer as unknown as { rows: WriteAccessRow[] }).rows[0];
  if (!row) return null;
  // Text on PGlite, a Date on PostgreSQL (db/client.ts).
  const time = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return {
    sandbox: {
      id: row.id,
      workspaceId: row.workspace_id,
      authorId: row.author_id,
      collectionId: row.collection_id,
      isFrozen: row.is_frozen,
      preventSandboxLeaving: row.prevent_sandbox_leaving,
      privacy: row.privacy,
      removedAt: row.removed_at === null ? null : time(row.removed_at),
      updatedAt: time(row.updated_at),
    },
    membership: joinedMembership({
      workspaceId: row.member_workspace_id,
      userId: row.member_user_id,
      authorization: row.member_authorization,
      teamManager: row.member_team_manager,
      frozen: row.workspace_frozen,
      minimumPrivacy: row.workspace_minimum_privacy,
      preventSandboxExport: row.workspace_prevent_sandbox_export,
      preventSandboxLeaving: row.workspace_prevent_sandbox_leaving,
    }),
    collaboration: row.collaboration,
    workspaceFrozen: row.workspace_frozen,
  };
}

/** Whether `userId` may read the sandbox, with their membership and authorization. */
async function accessAs(db: Db | Tx, userId: string | null, sandbox: SandboxRow) {
  const access = await accessFacts(db, userId, sandbox);
  if (!canReadSandbox(userId, access.membership, access.collaboration !== null, sandbox)) return null;
  let authorization: SandboxAuthorization = userId ? effectiveAuthorization(userId, access) : "NONE";
  if (authorization === "NONE") authorization = "READ";
  return { membership: access.membership, authorization };
}

/**
 * Which of the sandboxes `ids` the viewer may read (canReadSandbox), in a fixed number of
 * queries: what answers may name (a fork's source, its template) without telling the viewer about
 * a sandbox they could not open.
 */
export async function readableSandboxIds(
  db: Db | Tx,
  viewerId: string | null,
  ids: readonly (string | null)[],
): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select().from(sandboxes).where(inArray(sandboxes.id, wanted));
  const memberships = viewerId
    ? await membershipsOf(
        db,
        viewerId,
        rows.map((r) => r.workspaceId),
      )
    : new Map<string, Membership>();
  const shared = viewerId
    ? await db
        .select({ sandboxId: sandboxCollaborators.sandboxId })
        .from(sandboxCollaborators)
        .where(
          and(eq(sandboxCollaborators.userId, viewerId), inArray(sandboxCollaborators.sandboxId, wanted)),
        )
    : [];
  const collaborating = new Set(shared.map((r) => r.sandboxId));
  return new Set(
    rows
      .filter((r) =>
        canReadSandbox(viewerId, memberships.get(r.workspaceId) ?? null, collaborating.has(r.id), r),
      )
      .map((r) => r.id),
  );
}

/**
 * The sandbox if the reader may read it (sandbox.policy.ts canReadSandbox), as the viewer or through
 * a preview grant that covers it; NOT_FOUND otherwise, exactly as for an id that does not exist.
 */
export async function readableSandbox(db: Db | Tx, reader: Reader, idOrAlias: string): Promise<ReadAccess> {
  const sandbox = await findSandbox(db, idOrAlias, reader.viewerId);
  if (!sandbox) throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
  const asViewer = await accessAs(db, reader.viewerId, sandbox);
  if (asViewer) return { sandbox, ...asViewer };
  const grant = reader.grant;
  if (grant && grantCovers(grant, sandbox) && (await accessAs(db, grant.userId, sandbox))) {
    return { sandbox, membership: null, authorization: "READ" };
  }
  throw notFound(DASHBOARD_MESSAGES.sandboxNotFound);
}

/** Query.sandbox: the sandbox if the viewer may read it; null otherwise, as for one that does not exist. */
export const sandboxIfReadable = openQuery(sandboxByIdInput, async (ctx, { sandboxId }) => {
  try {
    const reader = { viewerId: ctx.actor?.userId ?? null, grant: null };
    return (await readableSandbox(ctx.db, reader, sandboxId)).sandbox;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
});
