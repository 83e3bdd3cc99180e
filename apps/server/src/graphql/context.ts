import type { Deps } from "../deps.ts";
import { unauthenticated } from "../http/errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { type MemberRow, membersOf } from "../modules/workspaces/workspaces.service.ts";
import { BatchLoader } from "./loader.ts";

export type GraphQLContext = {
  viewer: Viewer | null;
  deps: Deps;
  loaders: ReturnType<typeof createLoaders>;
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

export function buildContext(deps: Deps, viewer: Viewer | null): GraphQLContext {
  return { viewer, deps, loaders: createLoaders(deps) };
}

export function requireGraphQLViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}
