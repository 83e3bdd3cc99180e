import type { Files } from "../protocol.ts";
import type { ImportMap } from "../transform/modules.ts";

/** What a sandbox's service worker knows: its files, their version and the packages' import map. */
export type AppState = {
  sandboxId: string;
  boxyardOrigin: string;
  files: Files;
  version: number;
  importMap: ImportMap;
  packageErrors: Record<string, string>;
  /** The dependencies the import map was resolved for. */
  dependenciesKey: string;
};

const CACHE = "boxyard-preview-state";

/** The browser may stop an idle worker: its state is kept in Cache Storage and read back on start. */
export async function saveState(state: AppState): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.put(stateUrl(state.sandboxId), new Response(JSON.stringify(state)));
}

export async function loadState(sandboxId: string): Promise<AppState | null> {
  const cache = await caches.open(CACHE);
  const found = await cache.match(stateUrl(sandboxId));
  return found ? ((await found.json()) as AppState) : null;
}

function stateUrl(sandboxId: string) {
  return `/${encodeURIComponent(sandboxId)}/__boxyard__/state`;
}
