import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "./config.ts";

const started = performance.now();
const config = loadConfig();

// Opening the database (PGlite compiles its WebAssembly) overlaps with loading the rest of the server.
const databaseReady = import("./db/client.ts").then(async ({ openDatabase }) => {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : {
          kind: "pglite",
          dataDir: config.dataDir,
          snapshot: fileURLToPath(new URL("./db/fresh-pglite.tar.gz", import.meta.url)),
        },
  );
  // In the bundle (dist/main.js) migrations sit in dist/db/migrations; from source, in src/db/migrations.
  await database.migrate(fileURLToPath(new URL("./db/migrations/", import.meta.url)));
  return database;
});
const { buildApp } = await import("./app.ts");
const database = await databaseReady;

const defaultWebDist = fileURLToPath(new URL("../../web/dist/", import.meta.url));
const app = await buildApp({
  config,
  database,
  webDist: config.webDist ?? (existsSync(defaultWebDist) ? defaultWebDist : undefined),
});
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, ms: Math.round(performance.now() - started), url: config.publicUrl },
  "Boxyard is ready",
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
