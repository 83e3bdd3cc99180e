import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { projects, sandboxAccesses, sandboxCollaborators, sandboxes } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { unauthenticated } from "../http/errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { type Membership, membershipsOf } from "../modules/workspaces/workspace.policy.ts";
import { type MemberRow, membersOf } from "../modules/workspaces/workspaces.service.ts";
import { BatchLoader } from "./loader.ts";

export type GraphQLContext = {
  viewer: Viewer | null;
  deps: Deps;
  loaders: ReturnType<typeof createLoaders>;
  /** The request's logger: for failures a resolver recovers from (the answer still comes). */
  log: Pick<FastifyBaseLogger, "warn" | "error">;
};

type SandboxRow = typeof sandboxes.$inferSelect;
type CollaboratorAuthorization = (typeof sandboxCollaborators.$inferSelect)["authorization"];

/**
 * The request's loaders. The viewer's own relations to workspaces and sandboxes (membership,
 * collaboration, last access) are shared by every module and by the visibility guard
 * (visibility.ts), so each costs one query per request whatever the number of objects.
 */
function createLoaders(deps: Deps, viewerId: string | null) {
  const db = deps.db;
  return {
    membership: new BatchLoader<string, Membership | null>(
      async (ids) => (viewerId ? membershipsOf(db, viewerId, ids) : new Map()),
      null,
    ),
    collaboration: new BatchLoader<string, CollaboratorAuthorization | null>(async (ids) => {
      if (!viewerId) return new Map();
      const rows = await db
        .select({
          sandboxId: sandboxCollaborators.sandboxId,
          authorization: sandboxCollaborators.authorization,
        })
        .from(sandboxCollaborators)
        .where(
          and(eq(sandboxCollaborators.userId, viewerId), inArray(sandboxCollaborators.sandboxId, [...ids])),
        );
      return new Map(rows.map((r) => [r.sandboxId, r.authorization]));
    }, null),
    lastAccess: new BatchLoader<string, Date | null>(async (ids) => {
      if (!viewerId) return new Map();
      const rows = await db
        .select({ sandboxId: sandboxAccesses.sandboxId, at: sandboxAccesses.lastAccessedAt })
        .from(sandboxAccesses)
        .where(and(eq(sandboxAccesses.userId, viewerId), inArray(sandboxAccesses.sandboxId, [...ids])));
      return new Map(rows.map((r) => [r.sandboxId, r.at]));
    }, null),
    sandbox: new BatchLoader<string, SandboxRow | null>(async (ids) => {
      const rows = await db
        .select()
        .from(sandboxes)
        .where(inArray(sandboxes.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    }, null),
    /** A repository's workspace id, by repository (project) id. */
    projectWorkspace: new BatchLoader<string, string | null>(async (ids) => {
      const rows = await db
        .select({ id: projects.id, workspaceId: projects.workspaceId })
        .from(projects)
        .where(inArray(projects.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.workspaceId]));
    }, null),
    members: new BatchLoader<string, MemberRow[]>(async (ids) => {
      const byWorkspace = new Map<string, MemberRow[]>();
      for (const row of await membersOf(deps.db, ids)) {
        const list = byWorkspace.get(row.workspaceId) ?? [];
        list.push(row);
        byWorkspace.set(row.workspaceId, list);
      }
      return byWorkspace;
    }, []),
  };
}

const quiet = { warn() {}, error() {} };

export function buildContext(
  deps: Deps,
  viewer: Viewer | null,
  log: GraphQLContext["log"] = quiet,
): GraphQLContext {
  return { viewer, deps, loaders: createLoaders(deps, viewer?.userId ?? null), log };
}

export function requireGraphQLViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}
