import pickManifest from "npm-pick-manifest";
import { rcompare, satisfies, validRange } from "semver";
import { parseOrInvalid } from "../../http/parse-input.ts";
import type { Unparsed } from "../../service/context.ts";
import { moduleUrl } from "./browser-build.ts";
import { noMatchingVersion, PackageError } from "./package-errors.ts";
import { packageName, type ResolveInput, resolveInput } from "./packages.schema.ts";
import type { PackagesCtx } from "./packages-ctx.ts";
import { packumentOf } from "./packuments.service.ts";
import { preparePackage } from "./prepare.service.ts";
import type { Packument, VersionManifest } from "./registry-client.ts";

export type Resolution = {
  versions: Record<string, string>;
  importMap: { imports: Record<string, string> };
  errors: { name: string; message: string }[];
};

type Want = { range: string; neededBy: string | null };

/** Rounds of choosing versions before the tree is taken as it is (a tree settles in its depth). */
const MAX_ROUNDS = 40;
const PREPARING_AT_ONCE = 4;

/**
 * `POST /_npm/resolve`: a sandbox's dependencies to one exact version per package, with the
 * packages those import (chosen among their dependencies and required peers), each prepared for
 * the browser. A package that cannot be used is in `errors`, named, and the rest still resolves.
 * A dependency no module imports (a build tool's, like react 18's loose-envify) is left out.
 */
export async function resolvePackages(ctx: PackagesCtx, input: ResolveInput | Unparsed): Promise<Resolution> {
  const { dependencies } = parseOrInvalid(resolveInput, input);
  const errors = new Map<string, string>();
  const top = new Map<string, string>();
  for (const [name, range] of Object.entries(dependencies)) {
    const problem = nameProblem(name) ?? rangeProblem(name, range.trim());
    if (problem) errors.set(name, problem);
    else top.set(name, range.trim() || "*");
  }
  const choiceErrors = new Map<string, string>();
  const chosen = await chooseVersions(ctx, top, choiceErrors);
  for (const name of top.keys()) {
    const problem = choiceErrors.get(name);
    if (problem) errors.set(name, problem);
  }
  // Prepared from the sandbox's own packages along what each one's modules import.
  const included = new Map<string, string>();
  let wave = [...top.keys()].filter((name) => chosen.has(name));
  const seen = new Set(wave);
  while (wave.length > 0) {
    const next: string[] = [];
    const queue = [...wave];
    await Promise.all(
      Array.from({ length: PREPARING_AT_ONCE }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          const { version } = chosen.get(name)!;
          try {
            const prepared = await preparePackage(ctx, name, version);
            included.set(name, version);
            for (const imported of prepared.imports ?? []) {
              if (seen.has(imported)) continue;
              seen.add(imported);
              if (chosen.has(imported)) next.push(imported);
              else {
                const problem = choiceErrors.get(imported);
                if (problem) errors.set(imported, problem);
              }
            }
          } catch (error) {
            if (!(error instanceof PackageError)) throw error;
            errors.set(name, error.message);
          }
        }
      }),
    );
    wave = next;
  }
  const versions: Record<string, string> = {};
  const imports: Record<string, string> = {};
  for (const name of [...included.keys()].sort()) {
    const version = included.get(name)!;
    versions[name] = version;
    imports[name] = moduleUrl(name, version);
    imports[`${name}/`] = `${moduleUrl(name, version)}/`;
  }
  return {
    versions,
    importMap: { imports },
    errors: [...errors].map(([name, message]) => ({ name, message })),
  };
}

/**
 * One version per package, as a bundler dedupes: the sandbox's own range wins; otherwise the
 * highest version that satisfies the most packages asking for it. Round after round, until the
 * choice no longer changes (a cycle asks again for what is already chosen, and settles).
 */
async function chooseVersions(ctx: PackagesCtx, top: Map<string, string>, errors: Map<string, string>) {
  let chosen = new Map<string, VersionManifest>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = new Map<string, Want[]>();
    const want = (name: string, range: string, neededBy: string | null) => {
      const list = wanted.get(name) ?? [];
      list.push({ range: range.trim() || "*", neededBy });
      wanted.set(name, list);
    };
    for (const [name, range] of top) want(name, range, null);
    const optionalPeers: [string, string, string][] = [];
    for (const manifest of chosen.values()) {
      for (const [name, range] of Object.entries(manifest.dependencies ?? {}))
        want(name, range, manifest.name);
      for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
        if (manifest.peerDependenciesMeta?.[name]?.optional) optionalPeers.push([name, range, manifest.name]);
        else want(name, range, manifest.name);
      }
    }
    // An optional peer counts only when something else brings the package in.
    for (const [name, range, by] of optionalPeers) if (wanted.has(name)) want(name, range, by);
    const next = new Map<string, VersionManifest>();
    await Promise.all(
      [...wanted].map(async ([name, wants]) => {
        if (errors.has(name)) return;
        try {
          next.set(name, await chooseVersion(ctx, name, wants));
        } catch (error) {
          if (!(error instanceof PackageError)) throw error;
          errors.set(name, error.message);
        }
      }),
    );
    const settled =
      next.size === chosen.size && [...next].every(([name, m]) => chosen.get(name)?.version === m.version);
    chosen = next;
    if (settled) break;
  }
  return chosen;
}

async function chooseVersion(ctx: PackagesCtx, name: string, wants: Want[]): Promise<VersionManifest> {
  const first = wants[0]!;
  const problem = nameProblem(name) ?? rangeProblem(name, first.range, first.neededBy);
  if (problem) throw new PackageError(name, problem);
  const packument = await packumentOf(ctx, name);
  const own = wants.find((w) => w.neededBy === null);
  if (own) return pick(packument, own);
  const candidates = new Map<string, VersionManifest>();
  for (const want of wants) {
    if (rangeProblem(name, want.range)) continue;
    try {
      const manifest = pick(packument, want);
      candidates.set(manifest.version, manifest);
    } catch {
      // Another package's range may still find a version.
    }
  }
  if (candidates.size === 0) throw noMatchingVersion(name, first.range, first.neededBy ?? undefined);
  const score = (version: string) =>
    wants.filter((w) => packument["dist-tags"][w.range] === version || safeSatisfies(version, w.range))
      .length;
  return [...candidates.values()].sort(
    (a, b) => score(b.version) - score(a.version) || rcompare(a.version, b.version),
  )[0]!;
}

/** npm's own choice for a range or tag. */
function pick(packument: Packument, want: Want): VersionManifest {
  try {
    return pickManifest(packument, want.range);
  } catch {
    throw noMatchingVersion(packument.name, want.range, want.neededBy ?? undefined);
  }
}

function safeSatisfies(version: string, range: string) {
  try {
    return satisfies(version, range);
  } catch {
    return false;
  }
}

function nameProblem(name: string): string | null {
  const parsed = packageName.safeParse(name);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** Versions, ranges and tags come from the registry; git, file and alias specs do not. */
function rangeProblem(name: string, range: string, neededBy: string | null = null): string | null {
  if (range === "" || validRange(range) !== null || /^[a-zA-Z][\w.-]*$/.test(range)) return null;
  return `Package '${name}' is asked for as '${range}'${neededBy ? ` by '${neededBy}'` : ""}: only versions, ranges and tags from the registry are supported.`;
}
