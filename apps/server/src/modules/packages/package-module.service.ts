import { lookup } from "mime-types";
import { buildStylesheetModule, buildSubpath } from "./browser-build.ts";
import { PackageError } from "./package-errors.ts";
import { packageFilesOf, versionManifest } from "./package-source.service.ts";
import type { PackageModuleInput } from "./packages.schema.ts";
import type { PackagesCtx } from "./packages-ctx.ts";
import { preparePackage } from "./prepare.service.ts";
import { moduleKey } from "./storage-keys.ts";

export type PackageModule = { body: Buffer; contentType: string };

const JAVASCRIPT = "text/javascript; charset=utf-8";

/**
 * What `/_npm/<name>@<version>/<subpath>` answers: an entry point or a chunk of the prepared
 * version, a stylesheet as a module that adds it to the page, another file of the package as a
 * module made when first asked for, or (`raw`) the file as it is.
 */
export async function packageModule(ctx: PackagesCtx, input: PackageModuleInput): Promise<PackageModule> {
  const { name, version, subpath, raw } = input;
  if (raw) return rawFile(ctx, name, version, subpath);
  const prepared = await preparePackage(ctx, name, version);
  const entry = prepared.entries[subpath ? `./${subpath}` : "."];
  if (entry) return { body: await storedModule(ctx, name, version, entry), contentType: JAVASCRIPT };
  if (!subpath)
    throw new PackageError(name, `Package '${name}@${version}' has no entry point for the browser.`, 404);
  if (prepared.modules.includes(subpath)) {
    return { body: await storedModule(ctx, name, version, subpath), contentType: JAVASCRIPT };
  }
  const kind = subpath.endsWith(".css") ? "stylesheet" : "subpath";
  const path = `${kind}:${subpath}`;
  const key = moduleKey(name, version, path);
  const body =
    ctx.deps.packages.modules.get(key) ??
    (await ctx.deps.storage.get(key)) ??
    (await ctx.deps.packages.once(key, async () => {
      const files = await packageFilesOf(ctx, await versionManifest(ctx, name, version));
      const made =
        kind === "stylesheet"
          ? await buildStylesheetModule(name, files, subpath)
          : await buildSubpath(name, version, files, subpath);
      await ctx.deps.storage.put(key, made, "text/javascript");
      return made;
    }));
  ctx.deps.packages.modules.set(key, body);
  return { body, contentType: JAVASCRIPT };
}

async function storedModule(ctx: PackagesCtx, name: string, version: string, path: string): Promise<Buffer> {
  const key = moduleKey(name, version, path);
  const remembered = ctx.deps.packages.modules.get(key);
  if (remembered) return remembered;
  const body = await ctx.deps.storage.get(key);
  // The record of a prepared version is written after its modules: a missing one was removed.
  if (!body)
    throw new PackageError(
      name,
      `The module '${path}' of '${name}@${version}' is missing from the package cache.`,
      502,
    );
  ctx.deps.packages.modules.set(key, body);
  return body;
}

async function rawFile(
  ctx: PackagesCtx,
  name: string,
  version: string,
  subpath: string,
): Promise<PackageModule> {
  const files = await packageFilesOf(ctx, await versionManifest(ctx, name, version));
  const body = files.get(subpath);
  if (!body) throw new PackageError(name, `Package '${name}@${version}' has no file '${subpath}'.`, 404);
  return { body, contentType: lookup(subpath) || "application/octet-stream" };
}
