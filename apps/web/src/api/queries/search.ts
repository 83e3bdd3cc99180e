import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { rest } from "../rest.ts";
import type { Folder } from "./folders.ts";
import { type DashboardSandbox, toDashboardSandbox } from "./sandbox-fragments.ts";

/** The server's dashboard search (spec 1 §5): ranked sandboxes, folders by path, repositories. */
export type SearchResults = {
  sandboxes: DashboardSandbox[];
  folders: Folder[];
  repositories: { owner: string; name: string }[];
};

/** What `GET /api/v1/teams/:teamId/search` answers: sandboxes with the fields the server ranks. */
export type WorkspaceSearchAnswer = {
  sandboxes: (Partial<DashboardSandbox> & { id: string })[];
  folders: Folder[];
  repositories: SearchResults["repositories"];
};

export const searchKeys = {
  query: (teamId: string, query: string) => ["search", teamId, query] as const,
};

export const workspaceSearchQuery = (teamId: string, query: string) =>
  queryOptions({
    queryKey: searchKeys.query(teamId, query),
    queryFn: async ({ signal }): Promise<SearchResults> => {
      const answer = await rest.get<WorkspaceSearchAnswer>(
        `/api/v1/teams/${encodeURIComponent(teamId)}/search`,
        { query: { query }, signal },
      );
      return { ...answer, sandboxes: answer.sandboxes.map(toDashboardSandbox) };
    },
    // Typing refines a search: keep showing the last results until the new ones arrive.
    placeholderData: (previous) => previous,
  });

/** A public sandbox as the community search answers it (api-contract §3 SandboxSummary). */
export type CommunitySandbox = {
  id: string;
  alias: string | null;
  title: string | null;
  description: string | null;
  updatedAt: string;
  viewCount: number;
  isV2: boolean;
  source: { template: string | null };
  author: { username: string } | null;
};

export type CommunityPage = { sandboxes: CommunitySandbox[]; hasMore: boolean };

/** The /search page: public sandboxes of every workspace, a page at a time. */
export const communitySearchQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: ["community-search", query] as const,
    queryFn: ({ pageParam, signal }) =>
      rest.get<CommunityPage>("/api/v1/search/sandboxes", { query: { query, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: query.trim() !== "",
  });
