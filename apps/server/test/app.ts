import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import type { Deps } from "../src/deps.ts";
import { DiskStorage } from "../src/integrations/storage/disk.adapter.ts";
import { POSTGRES_TEMPLATE_DB, withDatabase } from "./paths.ts";

export type TestApp = FastifyInstance & { deps: Deps };

/** A fresh, migrated database for one test file: PGlite, or PostgreSQL when the run asks for it. */
export async function freshDatabase(): Promise<Database> {
  if (process.env.BOXYARD_TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `boxyard_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 5 });
    const close = database.close;
    database.close = async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    return database;
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  return openDatabase({ kind: "pglite", loadDataDir: new Blob([dump]) });
}

/**
 * What the file's apps opened, closed after its tests. Registered when this module loads, that is
 * while the file is collected: an `afterAll` registered later (inside a `beforeAll`, where most
 * files build their app) is silently dropped, which left apps, pools and databases open.
 */
const closers: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** Closes `what` after the file's tests; callable from a `beforeAll`, unlike `afterAll`. */
export function closeAfterAll(close: () => Promise<unknown> | unknown) {
  closers.push(close);
}

/**
 * Builds the app on a fresh database, closed after the file's tests. `env` overrides settings
 * (e.g. a provider pointed at a local stand-in).
 */
export async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  // Tests never reach a package registry: one that needs it names the stand-in (npm-registry.ts).
  const config = loadConfig({
    LOG_LEVEL: "silent",
    BOXYARD_PUBLIC_URL: "http://localhost:3000",
    BOXYARD_NPM_OFFLINE: "true",
    ...env,
  });
  // Uploads go to a directory of the test's own, removed afterwards.
  const uploadsDir = mkdtempSync(join(tmpdir(), "boxyard-test-uploads-"));
  const app = await buildApp({ config, database, logger: false, storage: new DiskStorage(uploadsDir) });
  closeAfterAll(async () => {
    await app.close();
    await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  return app;
}

export const CLIENT = { "x-boxyard-client": "web" } as const;

/**
 * The preview origin (apps/server/src/preview) of a test app: the same deps, its own Fastify
 * instance, closed after the file's tests. Its runtime is the built apps/preview/dist when present.
 */
export async function testPreviewApp(app: TestApp): Promise<FastifyInstance> {
  const { buildPreviewApp } = await import("../src/preview/preview.app.ts");
  const runtimeDist = fileURLToPath(new URL("../../preview/dist/", import.meta.url));
  const preview = await buildPreviewApp({
    config: app.deps.config,
    deps: app.deps,
    runtimeDist,
    logger: false,
  });
  closeAfterAll(() => preview.close());
  return preview;
}
