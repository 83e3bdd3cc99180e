import { queryOptions } from "@tanstack/react-query";
import { rest } from "../rest.ts";
import type { PackageInfo, PackageSearchAnswer } from "../rest-types.ts";

/* npm packages (issue 16): the upstream registry, searched and read through Boxyard's own API. */

export const PACKAGE_SEARCH_SIZE = 10;

export const packageKeys = {
  search: (query: string) => ["packages", "search", query] as const,
  info: (name: string) => ["packages", "info", name] as const,
};

/** Packages whose name or description matches `query`, best first (empty until something is typed). */
export const packageSearchQuery = (query: string) =>
  queryOptions({
    queryKey: packageKeys.search(query),
    queryFn: async ({ signal }) =>
      (
        await rest.get<PackageSearchAnswer>("/api/v1/packages/search", {
          query: { q: query, size: PACKAGE_SEARCH_SIZE },
          signal,
        })
      ).results,
    enabled: query.trim() !== "",
    staleTime: 60_000,
    // Typing refines a search: keep showing the last results until the new ones arrive.
    placeholderData: (previous) => previous,
  });

/** One package's versions and dist-tags (a scoped name keeps its slash: `/api/v1/packages/@scope/name`). */
export const packageInfoQuery = (name: string) =>
  queryOptions({
    queryKey: packageKeys.info(name),
    queryFn: ({ signal }) =>
      rest.get<PackageInfo>(`/api/v1/packages/${name.split("/").map(encodeURIComponent).join("/")}`, {
        signal,
      }),
    staleTime: 60_000,
  });
