import { buildEntryPoints } from "./browser-build.ts";
import { PackageError } from "./package-errors.ts";
import { assertNotNative, packageFilesOf, versionManifest } from "./package-source.service.ts";
import type { PackageFiles } from "./package-tarball.ts";
import type { PackagesCtx } from "./packages-ctx.ts";
import { moduleKey, preparedKey } from "./storage-keys.ts";

/** What preparing a version made, stored beside its modules. */
export type Prepared = {
  name: string;
  version: string;
  /** Entry subpath (".", "./client") → the module served for it. */
  entries: Record<string, string>;
  /** Every module made: entries and the chunks they share ("-/chunk-AB12.js"). */
  modules: string[];
  /** The other packages its modules import: what a page using it needs in its import map. */
  imports: string[];
};

/**
 * Prepares a package version once: its entry points as browser ES modules, stored in the storage
 * port (so every replica serves them). Requests arriving together wait for the same preparation;
 * the record that says it is prepared is written last, so a failure leaves nothing that answers.
 */
export async function preparePackage(ctx: PackagesCtx, name: string, version: string): Promise<Prepared> {
  const key = preparedKey(name, version);
  const stored = await readPrepared(ctx, key);
  if (stored) return stored;
  const { packages } = ctx.deps;
  const refused = packages.refused.get(key);
  if (refused) throw refused;
  return packages.once(key, async () => {
    const again = await readPrepared(ctx, key);
    if (again) return again;
    try {
      return await prepare(ctx, name, version, key);
    } catch (error) {
      if (error instanceof PackageError && error.lasting) packages.refused.set(key, error);
      throw error;
    }
  });
}

async function prepare(ctx: PackagesCtx, name: string, version: string, key: string): Promise<Prepared> {
  const manifest = await versionManifest(ctx, name, version);
  assertNotNative(manifest);
  const files = await packageFilesOf(ctx, manifest);
  assertNotNative(manifest, files);
  const built = await buildEntryPoints(name, version, files, entrySubpaths(files));
  for (const [path, code] of built.modules) {
    await ctx.deps.storage.put(moduleKey(name, version, path), code, "text/javascript");
  }
  const prepared: Prepared = {
    name,
    version,
    entries: built.entries,
    modules: [...built.modules.keys()],
    imports: built.imports,
  };
  await ctx.deps.storage.put(key, Buffer.from(JSON.stringify(prepared)), "application/json");
  return prepared;
}

async function readPrepared(ctx: PackagesCtx, key: string): Promise<Prepared | null> {
  const { packages, storage } = ctx.deps;
  const bytes = packages.modules.get(key) ?? (await storage.get(key));
  if (!bytes) return null;
  packages.modules.set(key, bytes);
  return JSON.parse(bytes.toString("utf8")) as Prepared;
}

const NOT_CODE =
  /\.(css|scss|sass|less|json|d\.ts|d\.mts|d\.cts|map|svg|png|jpe?g|gif|webp|woff2?|ttf|wasm|txt|md)$/;

/**
 * The subpaths a package offers to importers: its `exports` map's names (not its patterns, which
 * are prepared when asked for), or its one main entry.
 */
export function entrySubpaths(files: PackageFiles): string[] {
  const manifest = JSON.parse(files.get("package.json")!.toString("utf8")) as {
    exports?: unknown;
    main?: unknown;
    module?: unknown;
    browser?: unknown;
  };
  // A package of types or stylesheets only (@types/*, csstype) has nothing to import at run time.
  if (![...files.keys()].some((path) => /\.(m|c)?jsx?$/.test(path))) return [];
  const { exports } = manifest;
  if (exports === undefined || exports === null) {
    const hasMain =
      [manifest.main, manifest.module, manifest.browser].some(
        (field) => typeof field === "string" && field !== "",
      ) || files.has("index.js");
    return hasMain ? ["."] : [];
  }
  if (typeof exports !== "object" || Array.isArray(exports)) return ["."];
  const names = Object.keys(exports);
  if (!names.some((key) => key.startsWith("."))) return ["."];
  return names.filter(
    (key) =>
      key.startsWith(".") &&
      !key.includes("*") &&
      !key.endsWith("/") &&
      key !== "./package.json" &&
      !NOT_CODE.test(key),
  );
}
