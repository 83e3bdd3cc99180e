import { queryOptions } from "@tanstack/react-query";
import { rest } from "../rest.ts";
import type { Folder } from "./folders.ts";
import { type DashboardSandbox, toDashboardSandbox } from "./sandboxes.ts";

/** The server's dashboard search (spec 1 §5): ranked sandboxes, folders by path, repositories. */
export type SearchResults = {
  sandboxes: DashboardSandbox[];
  folders: Folder[];
  repositories: { owner: string; name: string }[];
};

export const searchKeys = {
  query: (teamId: string, query: string) => ["search", teamId, query] as const,
};

export const workspaceSearchQuery = (teamId: string, query: string) =>
  queryOptions({
    queryKey: searchKeys.query(teamId, query),
    queryFn: async ({ signal }): Promise<SearchResults> => {
      const answer = await rest.get<{
        sandboxes: (Partial<DashboardSandbox> & { id: string })[];
        folders: Folder[];
        repositories: SearchResults["repositories"];
      }>(`/api/v1/teams/${encodeURIComponent(teamId)}/search`, { query: { query }, signal });
      return { ...answer, sandboxes: answer.sandboxes.map(toDashboardSandbox) };
    },
    // Typing refines a search: keep showing the last results until the new ones arrive.
    placeholderData: (previous) => previous,
  });
