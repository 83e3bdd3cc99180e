// Bundles the server into dist/ and copies the migrations beside it, where main.ts looks for them.
// npm dependencies are bundled too: resolving and compiling hundreds of small files is most of
// a cold start. Left out: packages with WebAssembly or native files they find next to themselves
// (the card image's fonts are found in dejavu-fonts-ttf at run time, see card-image.ts).
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { build } from "esbuild";

// esbuild runs its own native binary, which it finds beside its package.
const external = ["@electric-sql/pglite", "@node-rs/argon2", "@resvg/resvg-js", "pg-native", "esbuild"];

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts"],
  outdir: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS code calls require() for Node's built-ins.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/db/migrations", { recursive: true });

// A first boot on PGlite copies this migrated empty database instead of running initdb and every
// migration (seconds). It holds no secret: the installation's secret is made at boot.
const pglite = await PGlite.create({ extensions: { pg_trgm } });
await migrate(drizzle(pglite), { migrationsFolder: "src/db/migrations" });
const snapshot = await pglite.dumpDataDir("gzip");
writeFileSync("dist/db/fresh-pglite.tar.gz", Buffer.from(await snapshot.arrayBuffer()));
await pglite.close();
console.log("built apps/server/dist/main.js");
