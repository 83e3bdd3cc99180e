import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { MIGRATIONS, POSTGRES_TEMPLATE_DB, withDatabase } from "./paths.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (PGlite: a data-directory dump; PostgreSQL: CREATE DATABASE ... TEMPLATE), which is much
 * faster than migrating for each file.
 */
export default async function setup(project: TestProject) {
  const env = project.config.env ?? {};
  if (env.BOXYARD_TEST_DB === "postgres") {
    const url = env.TEST_DATABASE_URL;
    if (!url) throw new Error("BOXYARD_TEST_DB=postgres needs TEST_DATABASE_URL");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ kind: "postgres", url: withDatabase(url, POSTGRES_TEMPLATE_DB) });
    await database.migrate(MIGRATIONS);
    await database.close();
    return;
  }
  buildPreviewRuntime();
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate(MIGRATIONS);
  const dump = await database.dump!();
  const path = join(tmpdir(), `boxyard-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", path);
  return () => rmSync(path, { force: true });
}

/** The preview origin's tests serve the built runtime (apps/preview/dist): built once per run (2 s). */
function buildPreviewRuntime() {
  const cwd = fileURLToPath(new URL("../../preview/", import.meta.url));
  const result = spawnSync(process.execPath, ["build.mjs"], { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`building the preview runtime failed:\n${result.stderr}`);
}
