import { LRUCache } from "lru-cache";
import type { Config } from "../../config.ts";
import type { PackageError } from "./package-errors.ts";
import type { Packument } from "./registry-client.ts";
import { RegistryClient } from "./registry-client.ts";
import { registryUrl } from "./registry-url.ts";

/**
 * The package cache's process-wide parts: the registry client, the work under way (so requests
 * arriving together prepare a package once) and the modules served lately, kept in memory. What
 * is prepared lives in the storage port, shared by every replica.
 */
export class PackageCache {
  readonly registry: RegistryClient;
  readonly offline: boolean;
  /** Prepared modules by storage key: immutable, so never stale. */
  readonly modules = new LRUCache<string, Buffer>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
  /** Packuments read from storage lately, with when they were fetched. */
  readonly packuments = new LRUCache<string, { fetchedAt: number; packument: Packument }>({ max: 500 });
  /**
   * Versions refused for what they are (a native addon, Node-only code, a bad tarball), by
   * storage key: not tried again by this process. Kept in memory only: the storage holds nothing
   * that was refused.
   */
  readonly refused = new LRUCache<string, PackageError>({ max: 1000 });
  private readonly underway = new Map<string, Promise<unknown>>();

  constructor(config: Config["npm"]) {
    this.registry = new RegistryClient(() => registryUrl(config.registry));
    this.offline = config.offline;
  }

  /** Runs `work` once for concurrent callers with the same key; a failure is not remembered. */
  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.underway.get(key);
    if (running) return running as Promise<T>;
    const started = work().finally(() => this.underway.delete(key));
    this.underway.set(key, started);
    return started;
  }
}
