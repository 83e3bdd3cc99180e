import type { PackageInfo, PackageSearchResult } from "../../api/rest-types.ts";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";

type ErrorBody = { errors: Record<string, string[]> };

/**
 * A stand-in for the server's package routes (typed REST handlers, the shapes of notes/preview-contract.md):
 * search matches names containing the text, a package's info answers its versions and dist-tags,
 * an unknown one 404 (`searchOnly`: found by the search, unknown since). It records the searches it was asked.
 */
export function fakePackageApi(
  packages: PackageInfo[],
  {
    descriptions = {},
    searchOnly = [],
  }: { descriptions?: Record<string, string>; searchOnly?: PackageSearchResult[] } = {},
) {
  const searches: { q: string | null; size: string | null }[] = [];
  const infos: string[] = [];
  serveRoutes({
    // Before `*`, which "search" would match too.
    "GET /api/v1/packages/search": (url) => {
      const q = url.searchParams.get("q");
      searches.push({ q, size: url.searchParams.get("size") });
      const results: PackageSearchResult[] = packages
        .filter((p) => q !== null && p.name.includes(q))
        .map((p) => ({
          name: p.name,
          version: p.distTags.latest ?? p.versions.at(-1)!,
          description: descriptions[p.name] ?? "",
        }))
        .concat(searchOnly.filter((r) => q !== null && r.name.includes(q)));
      return { results };
    },
    // The rest of the path is the name, a scoped one with its slash.
    "GET /api/v1/packages/*": (url) => {
      const path = url.pathname.slice("/api/v1/packages/".length);
      const name = path.split("/").map(decodeURIComponent).join("/");
      infos.push(name);
      const info = packages.find((p) => p.name === name);
      return (
        info ?? failure(404, { errors: { detail: [`${name} is not in the registry.`] } } satisfies ErrorBody)
      );
    },
  });
  return { searches, infos };
}

export const packageInfo = (name: string, versions: string[], latest = versions.at(-1)!): PackageInfo => ({
  name,
  versions,
  distTags: { latest },
});
