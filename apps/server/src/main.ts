import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig, settlePreviewUrl } from "./config.ts";
import { DataDirBusyError, lockDataDir } from "./ops/data-dir-lock.ts";
import { terminalLogStream } from "./ops/log-stream.ts";

function lockDataDirOrExit(dataDir: string) {
  try {
    return lockDataDir(dataDir, "server");
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const started = performance.now();
const config = loadConfig();
// The embedded database is this process's alone: a second server, a backup or a restore on the
// same BOXYARD_DATA_DIR is refused while it runs (and this one refuses to start beside them).
const dataDirLock = config.databaseUrl ? null : lockDataDirOrExit(config.dataDir);

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
  logStream: terminalLogStream(),
  webDist: config.webDist ?? (existsSync(defaultWebDist) ? defaultWebDist : undefined),
});
await app.listen({ port: config.port, host: config.host });
// The preview origin (browser sandboxes) on its own port, in this same process.
const { buildPreviewApp } = await import("./preview/preview.app.ts");
const defaultRuntimeDist = fileURLToPath(new URL("../../preview/dist/", import.meta.url));
const preview = await buildPreviewApp({
  config,
  deps: app.deps,
  runtimeDist: existsSync(defaultRuntimeDist) ? defaultRuntimeDist : undefined,
  logger: app.log.child({ origin: "preview" }),
});
await preview.listen({ port: config.preview.port, host: config.host });
const previewAddress = preview.server.address();
settlePreviewUrl(config, typeof previewAddress === "object" && previewAddress ? previewAddress.port : 0);
if (config.preview.sameHost) {
  app.log.warn(
    { previewUrl: config.preview.url },
    "The preview origin has the same host name as Boxyard: set BOXYARD_PREVIEW_URL to another registrable domain so user code never shares the session cookie's site",
  );
}
const startupMs = Math.round(performance.now() - started);
app.log.info(
  { database: database.kind, startupMs, url: config.publicUrl, previewUrl: config.preview.url },
  `Boxyard is ready at ${config.publicUrl} (${database.kind === "pglite" ? "embedded database" : "PostgreSQL"}, started in ${(startupMs / 1000).toFixed(1)} s)`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await preview.close();
    await app.close();
    await database.close();
    dataDirLock?.release();
    process.exit(0);
  });
}
