import type { QueryClient } from "@tanstack/react-query";
import { recentBranchesQuery } from "../api/queries/repositories.ts";
import { recentlyAccessedQuery } from "../api/queries/sandboxes.ts";
import { allTeamsQuery, teamQuery } from "../api/queries/workspaces.ts";
import { getStoredWorkspaceId } from "../features/session/storage.ts";
import { chooseWorkspace } from "../features/workspace/chooseWorkspace.ts";

/** The queries of a dashboard page that show its first cards, by path. */
const FIRST_SCREEN: Record<string, ((teamId: string) => { queryKey: readonly unknown[] })[]> = {
  "/dashboard/recent": [recentlyAccessedQuery, recentBranchesQuery],
};

/**
 * A signed-in visit to the dashboard asks for the workspaces and the page's first screen while
 * the page's code is still on its way, instead of after the layout and the page have mounted.
 * The pages then find their answers in the query cache (same keys, same options).
 */
export async function prefetchFirstScreen(queryClient: QueryClient, location: Location) {
  if (!location.pathname.startsWith("/dashboard")) return;
  // A workspace named in the URL is switched to by the layout; the stored choice may be stale.
  if (new URLSearchParams(location.search).has("workspace")) return;
  const queries = FIRST_SCREEN[location.pathname.replace(/\/$/, "")] ?? [];
  const prefetchPage = (teamId: string) => {
    void queryClient.prefetchQuery(teamQuery(teamId));
    for (const query of queries) void queryClient.prefetchQuery(query(teamId));
  };
  const stored = getStoredWorkspaceId();
  if (stored) prefetchPage(stored);
  const teams = await queryClient.fetchQuery(allTeamsQuery()).catch(() => null);
  const me = teams?.me;
  if (!me) return;
  const active = chooseWorkspace({
    storedWorkspaceId: stored,
    primaryWorkspaceId: me.primaryWorkspaceId,
    workspaces: me.workspaces,
  });
  if (active && active !== stored) prefetchPage(active);
}
