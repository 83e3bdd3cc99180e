import { nativeAddon, noMatchingVersion, notCachedOffline } from "./package-errors.ts";
import { type PackageFiles, readTarball } from "./package-tarball.ts";
import type { PackagesCtx } from "./packages-ctx.ts";
import { packumentOf } from "./packuments.service.ts";
import type { VersionManifest } from "./registry-client.ts";
import { tarballKey } from "./storage-keys.ts";

/** An exact version's manifest, from the package's packument. */
export async function versionManifest(
  ctx: PackagesCtx,
  name: string,
  version: string,
): Promise<VersionManifest> {
  const packument = await packumentOf(ctx, name);
  const manifest = packument.versions[version];
  if (!manifest) throw noMatchingVersion(name, version);
  return manifest;
}

/**
 * A version's files: its tarball from the storage port, or from the registry (checked, then stored:
 * a tarball that is refused is never stored).
 */
export async function packageFilesOf(ctx: PackagesCtx, manifest: VersionManifest): Promise<PackageFiles> {
  const { packages, storage } = ctx.deps;
  const { name, version } = manifest;
  const key = tarballKey(name, version);
  const stored = await storage.get(key);
  if (stored) return readTarball(name, version, stored);
  if (packages.offline) throw notCachedOffline(name);
  const bytes = await packages.registry.tarball(name, manifest);
  const files = await readTarball(name, version, bytes);
  assertNotNative(manifest, files);
  await storage.put(key, bytes, "application/gzip");
  return files;
}

const BUILDS_NATIVE = /node-gyp|prebuild-install|node-pre-gyp|cmake-js|napi-rs|node-gyp-build/;

/** Why a version is a native addon, from its manifest alone; null when nothing says so. */
export function nativeReasonOfManifest(manifest: VersionManifest): string | null {
  if (manifest.gypfile) return "it builds native code with node-gyp";
  for (const [script, command] of Object.entries(manifest.scripts ?? {})) {
    if (BUILDS_NATIVE.test(command)) return `its ${script} script builds native code: '${command}'`;
  }
  return null;
}

/** Why a version's files make it a native addon (binding.gyp, compiled .node files); null when none. */
export function nativeReasonOfFiles(files: PackageFiles): string | null {
  if (files.has("binding.gyp")) return "it builds native code from binding.gyp";
  for (const path of files.keys()) if (path.endsWith(".node")) return `it ships the compiled addon '${path}'`;
  return null;
}

/** Refuses a native addon, by its manifest first (before its tarball is fetched), then by its files. */
export function assertNotNative(manifest: VersionManifest, files?: PackageFiles): void {
  const reason = nativeReasonOfManifest(manifest) ?? (files ? nativeReasonOfFiles(files) : null);
  if (reason) throw nativeAddon(manifest.name, reason);
}
