import { DASHBOARD_MESSAGES, higherAuthorization, type SandboxAuthorization } from "@boxyard/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sandboxCollaborators, sandboxes } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { openQuery } from "../../service/command.ts";
import { membershipOf, membershipsOf } from "../workspaces/membership.service.ts";
import type { Membership } from "../workspaces/workspace.policy.ts";
import { canReadSandbox, grantCovers, type ReadGrant, sandboxAuthorization } from "./sandbox.policy.ts";
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

/** Whether `userId` may read the sandbox, with their membership and authorization. */
async function accessAs(db: Db | Tx, userId: string | null, sandbox: SandboxRow) {
  const membership = userId ? await membershipOf(db, userId, sandbox.workspaceId) : null;
  const collaborator = userId ? await collaboration(db, userId, sandbox.id) : null;
  if (!canReadSandbox(userId, membership, collaborator !== null, sandbox)) return null;
  let authorization: SandboxAuthorization = userId
    ? sandboxAuthorization(userId, membership, sandbox)
    : "NONE";
  if (collaborator && !sandbox.removedAt) authorization = higherAuthorization(authorization, collaborator);
  if (authorization === "NONE") authorization = "READ";
  return { membership, authorization };
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
