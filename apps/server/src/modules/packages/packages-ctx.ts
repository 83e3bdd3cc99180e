import type { Deps } from "../../deps.ts";

/**
 * What the package cache's services need: the storage port and the package cache. A read's
 * context (`ReadCtx`) is one; the prepare command makes one without a database.
 */
export type PackagesCtx = { deps: Pick<Deps, "storage" | "packages"> };
