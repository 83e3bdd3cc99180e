import type { FastifyBaseLogger } from "fastify";
import type { Deps } from "../deps.ts";
import { unauthenticated } from "../http/errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { type MemberRow, membersOf } from "../modules/workspaces/workspaces.service.ts";
import { BatchLoader } from "./loader.ts";

export type GraphQLContext = {
  viewer: Viewer | null;
  deps: Deps;
  loaders: ReturnType<typeof createLoaders>;
  /** The request's logger: for failures a resolver recovers from (the answer still comes). */
  log: Pick<FastifyBaseLogger, "warn" | "error">;
};

function createLoaders(deps: Deps) {
  return {
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
  return { viewer, deps, loaders: createLoaders(deps), log };
}

export function requireGraphQLViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}
