import type { FastifyBaseLogger } from "fastify";
import type { sandboxes } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { unauthenticated } from "../http/errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { lastAccessesOf } from "../modules/recent/last-access.loaders.ts";
import { projectWorkspaces } from "../modules/repositories/project-workspaces.loaders.ts";
import {
  type CollaboratorAuthorization,
  collaborationsOf,
  sandboxesById,
} from "../modules/sandboxes/viewer-relations.loaders.ts";
import { membershipsOf } from "../modules/workspaces/membership.service.ts";
import type { Membership } from "../modules/workspaces/workspace.policy.ts";
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
    collaboration: new BatchLoader<string, CollaboratorAuthorization | null>(
      async (ids) => (viewerId ? collaborationsOf(db, viewerId, ids) : new Map()),
      null,
    ),
    lastAccess: new BatchLoader<string, Date | null>(
      async (ids) => (viewerId ? lastAccessesOf(db, viewerId, ids) : new Map()),
      null,
    ),
    sandbox: new BatchLoader<string, SandboxRow | null>((ids) => sandboxesById(db, ids), null),
    /** A repository's workspace id, by repository (project) id. */
    projectWorkspace: new BatchLoader<string, string | null>((ids) => projectWorkspaces(db, ids), null),
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
