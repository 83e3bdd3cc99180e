import { rcompare } from "semver";
import { AppError, notFound } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { actorId, type ReadCtx, type Unparsed } from "../../service/context.ts";
import { PackageError } from "./package-errors.ts";
import { packageInfoInput, packageSearchInput } from "./packages.schema.ts";
import { packumentOf } from "./packuments.service.ts";
import type { SearchResult } from "./registry-client.ts";

/** `GET /api/v1/packages/search`: the upstream registry's search, for 'Add dependency' (signed in). */
export async function searchPackages(ctx: ReadCtx, input: Unparsed): Promise<{ results: SearchResult[] }> {
  actorId(ctx);
  const { q, size } = parseOrInvalid(packageSearchInput, input);
  if (ctx.deps.packages.offline) {
    throw new AppError(
      "CODE_HOST_UNAVAILABLE",
      "Package search needs the package registry, which this server does not ask (BOXYARD_NPM_OFFLINE).",
    );
  }
  try {
    return { results: await ctx.deps.packages.registry.search(q, size) };
  } catch (error) {
    throw new AppError(
      "CODE_HOST_UNAVAILABLE",
      "The package registry could not be reached; try again later.",
      undefined,
      {
        cause: error,
      },
    );
  }
}

/** `GET /api/v1/packages/<name>`: a package's versions (newest first) and tags, for the version picker. */
export async function packageInfo(
  ctx: ReadCtx,
  input: Unparsed,
): Promise<{ name: string; versions: string[]; distTags: Record<string, string> }> {
  actorId(ctx);
  const { name } = parseOrInvalid(packageInfoInput, input);
  try {
    const packument = await packumentOf(ctx, name);
    return {
      name,
      versions: Object.keys(packument.versions).sort(rcompare),
      distTags: packument["dist-tags"],
    };
  } catch (error) {
    if (!(error instanceof PackageError)) throw error;
    if (error.status === 404) throw notFound(error.message);
    throw new AppError("CODE_HOST_UNAVAILABLE", error.message);
  }
}
