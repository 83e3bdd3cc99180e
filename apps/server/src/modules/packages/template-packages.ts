import type { StarterFile } from "../templates/starters/index.ts";
import { packageOfSpecifier } from "./package-specifier.ts";

const IMPORTED = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g;

/**
 * The packages a starter's own code imports, with the ranges its package.json gives them: what
 * its preview needs (its build tools, imported by vite.config.js only, are left out).
 */
export function starterPackages(files: readonly StarterFile[]): Record<string, string> {
  const manifest = files.find((file) => file.path === "package.json");
  if (!manifest) return {};
  const { dependencies = {}, devDependencies = {} } = JSON.parse(manifest.code) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const ranges: Record<string, string> = { ...devDependencies, ...dependencies };
  const wanted: Record<string, string> = {};
  for (const file of files) {
    if (/(^|\/)[^/]*\.config\.[cm]?[jt]s$/.test(file.path) || file.path === "package.json") continue;
    for (const match of file.code.matchAll(IMPORTED)) {
      const name = packageOfSpecifier(match[1]!);
      if (ranges[name]) wanted[name] = ranges[name];
    }
  }
  return wanted;
}
