/**
 * `npm run packages -- prepare`: prepares the npm packages the official browser templates import
 * (React, Vue, Svelte, Preact, ...) in the package cache, so their previews open without waiting
 * on the registry (and an install that later runs offline has them). It uses the configured
 * storage (BOXYARD_DATA_DIR/uploads, or S3) and registry (BOXYARD_NPM_REGISTRY, else npm's own);
 * it needs no database, so it may run beside the server. Without a registry it says so and stops.
 */
import { OFFICIAL_TEMPLATES } from "@boxyard/domain";
import { loadConfig } from "../src/config.ts";
import { createStorage } from "../src/integrations/storage/index.ts";
import { PackageCache } from "../src/modules/packages/package-cache.ts";
import { PackageError } from "../src/modules/packages/package-errors.ts";
import type { PackagesCtx } from "../src/modules/packages/packages-ctx.ts";
import { packumentOf } from "../src/modules/packages/packuments.service.ts";
import { registryUrl } from "../src/modules/packages/registry-url.ts";
import { resolvePackages } from "../src/modules/packages/resolve.service.ts";
import { starterPackages } from "../src/modules/packages/template-packages.ts";
import { STARTER_FILES } from "../src/modules/templates/starters/index.ts";

async function prepareTemplatePackages() {
  const config = loadConfig();
  const ctx: PackagesCtx = {
    deps: { storage: createStorage(config), packages: new PackageCache(config.npm) },
  };
  const templates = OFFICIAL_TEMPLATES.filter((t) => t.runtime === "browser").map((t) => ({
    id: t.id,
    dependencies: starterPackages(STARTER_FILES[t.id] ?? []),
  }));
  const first = templates.flatMap((t) => Object.keys(t.dependencies))[0];
  if (!first) return;
  try {
    await packumentOf(ctx, first);
  } catch (error) {
    if (!(error instanceof PackageError) || error.status !== 502) throw error;
    const where = config.npm.offline
      ? "BOXYARD_NPM_OFFLINE is set"
      : `${await registryUrl(config.npm.registry).catch(() => "the registry")} cannot be reached`;
    console.log(`Skipped preparing the templates' packages: ${where}.`);
    return;
  }
  let failed = 0;
  for (const { id, dependencies } of templates) {
    if (Object.keys(dependencies).length === 0) continue;
    const started = Date.now();
    const { versions, errors } = await resolvePackages(ctx, { dependencies });
    const list = Object.entries(versions).map(([name, version]) => `${name}@${version}`);
    console.log(`${id}: ${list.length} packages prepared in ${Date.now() - started} ms (${list.join(", ")})`);
    for (const error of errors) console.log(`  ${error.name}: ${error.message}`);
    failed += errors.length;
  }
  if (failed > 0) process.exitCode = 1;
}

const [command] = process.argv.slice(2);
if (command === "prepare") {
  await prepareTemplatePackages();
} else {
  console.log("Usage: npm run packages -- prepare   (prepares the official browser templates' npm packages)");
  process.exitCode = 1;
}
