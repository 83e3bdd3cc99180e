import { HttpResponse, http } from "msw";
import type { PackageInfo, PackageSearchAnswer, PackageSearchResult } from "../../api/rest-types.ts";
import { server } from "../../test/server.ts";

type ErrorBody = { errors: Record<string, string[]> };

/**
 * A stand-in for the server's package routes (MSW, the shapes of notes/preview-contract.md):
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
  server.use(
    // Before `*`, which "search" would match too.
    http.get<never, never, PackageSearchAnswer>("/api/v1/packages/search", ({ request }) => {
      const url = new URL(request.url);
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
      return HttpResponse.json({ results });
    }),
    // The rest of the path is the name, a scoped one with its slash.
    http.get<never, never, PackageInfo | ErrorBody>("/api/v1/packages/*", ({ request }) => {
      const path = new URL(request.url).pathname.slice("/api/v1/packages/".length);
      const name = path.split("/").map(decodeURIComponent).join("/");
      infos.push(name);
      const info = packages.find((p) => p.name === name);
      return info
        ? HttpResponse.json(info)
        : HttpResponse.json({ errors: { detail: [`${name} is not in the registry.`] } }, { status: 404 });
    }),
  );
  return { searches, infos };
}

export const packageInfo = (name: string, versions: string[], latest = versions.at(-1)!): PackageInfo => ({
  name,
  versions,
  distTags: { latest },
});
