import type { ImportMap } from "../transform/modules.ts";
import { sessionStore } from "./session-store.ts";

/** Build tools of a Vite project: they never run in the browser, so they are not resolved. */
const BUILD_TOOLS =
  /^(vite|vitest|typescript|eslint|prettier|@vitejs\/|@sveltejs\/vite-plugin-svelte|@preact\/preset-vite|@types\/|eslint-|@eslint\/|@typescript-eslint\/|vite-plugin-)/;

export type Dependencies = { dependencies: Record<string, string>; problem: string | null };

/** package.json's `dependencies` merged with `devDependencies`, without build tools. */
export function dependenciesOf(packageJson: string | undefined): Dependencies {
  if (packageJson === undefined) return { dependencies: {}, problem: null };
  let pkg: unknown;
  try {
    pkg = JSON.parse(packageJson);
  } catch (error) {
    return { dependencies: {}, problem: `package.json is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof pkg !== "object" || pkg === null || Array.isArray(pkg)) {
    return { dependencies: {}, problem: "package.json is not a JSON object" };
  }
  const { dependencies, devDependencies } = pkg as Record<string, unknown>;
  const merged: Record<string, string> = {};
  for (const group of [devDependencies, dependencies]) {
    if (typeof group !== "object" || group === null) continue;
    for (const [name, range] of Object.entries(group)) {
      if (typeof range === "string" && !BUILD_TOOLS.test(name)) merged[name] = range;
    }
  }
  return { dependencies: merged, problem: null };
}

export type Resolution = { importMap: ImportMap; packageErrors: Record<string, string> };

/**
 * The import map of the dependencies, from the preview origin's `POST /_npm/resolve`; kept for
 * the tab's session by dependencies, so a reload of the preview does not ask again.
 */
export async function resolveDependencies(dependencies: Record<string, string>): Promise<Resolution> {
  if (Object.keys(dependencies).length === 0) return { importMap: { imports: {} }, packageErrors: {} };
  const key = `boxyard:resolved:${JSON.stringify(Object.entries(dependencies).sort())}`;
  const kept = sessionStore.get(key);
  if (kept) return JSON.parse(kept) as Resolution;
  const packageErrors: Record<string, string> = {};
  try {
    const response = await fetch("/_npm/resolve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dependencies }),
      credentials: "omit",
    });
    if (!response.ok) {
      const message = (await response.text()).slice(0, 500) || `HTTP ${response.status}`;
      for (const name of Object.keys(dependencies)) packageErrors[name] = message;
      return { importMap: { imports: {} }, packageErrors };
    }
    const body = (await response.json()) as {
      importMap?: ImportMap;
      errors?: { name: string; message: string }[];
    };
    for (const error of body.errors ?? []) packageErrors[error.name] = error.message;
    const resolution = { importMap: { imports: body.importMap?.imports ?? {} }, packageErrors };
    if (Object.keys(packageErrors).length === 0) sessionStore.set(key, JSON.stringify(resolution));
    return resolution;
  } catch (error) {
    const message = `the packages could not be resolved: ${(error as Error).message}`;
    for (const name of Object.keys(dependencies)) packageErrors[name] = message;
    return { importMap: { imports: {} }, packageErrors };
  }
}
