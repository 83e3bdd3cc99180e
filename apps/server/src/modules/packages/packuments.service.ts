import { notCachedOffline, PackageError } from "./package-errors.ts";
import type { PackagesCtx } from "./packages-ctx.ts";
import type { Packument } from "./registry-client.ts";
import { packumentKey } from "./storage-keys.ts";

/** How long a stored packument answers without asking the registry for a newer one. */
export const PACKUMENT_FRESH_MS = 10 * 60 * 1000;

type Stored = { fetchedAt: number; packument: Packument };

/**
 * A package's versions: from the storage port while fresh; from the registry otherwise, stored for
 * the next time. Offline, or when the registry cannot be reached, a stored one answers however old.
 */
export async function packumentOf(ctx: PackagesCtx, name: string): Promise<Packument> {
  const { packages, storage } = ctx.deps;
  const key = packumentKey(name);
  let stored = packages.packuments.get(key);
  if (!stored) {
    const bytes = await storage.get(key);
    if (bytes) {
      stored = JSON.parse(bytes.toString("utf8")) as Stored;
      packages.packuments.set(key, stored);
    }
  }
  if (packages.offline) {
    if (!stored) throw notCachedOffline(name);
    return stored.packument;
  }
  if (stored && Date.now() - stored.fetchedAt < PACKUMENT_FRESH_MS) return stored.packument;
  const cached = stored;
  return packages.once(`packument:${name}`, async () => {
    try {
      const packument = await packages.registry.packument(name);
      const fresh: Stored = { fetchedAt: Date.now(), packument };
      await storage.put(key, Buffer.from(JSON.stringify(fresh)), "application/json");
      packages.packuments.set(key, fresh);
      return packument;
    } catch (error) {
      // An unknown package is unknown, whatever was stored; an unreachable registry is not news.
      if (cached && error instanceof PackageError && error.status === 502) return cached.packument;
      throw error;
    }
  });
}
