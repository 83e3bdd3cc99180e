/**
 * `npm run fuzz` (or `npm run bench -- fuzz`): the fuzz test of every GraphQL mutation and REST
 * route (test/fuzz.test.ts) with FUZZ_RUNS cases per operation, 1,000 by default, on PGlite and,
 * when DATABASE_URL is set, on PostgreSQL. Prints per operation the cases, the 500 answers and
 * the refused requests after which something had changed (both must be 0). FUZZ_DATABASES=postgres
 * runs one database only.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { OperationFigures } from "../test/fuzz/runner.ts";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const vitestCli = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

type Report = { figures: OperationFigures[]; seedings: number; finished: boolean };

function runOn(
  database: "pglite" | "postgres",
  runs: number,
): { report: Report | null; ok: boolean; ms: number } {
  const dir = mkdtempSync(join(tmpdir(), "boxyard-fuzz-"));
  const reportPath = join(dir, "report.json");
  const started = performance.now();
  const result = spawnSync(process.execPath, [vitestCli, "run", "--project", database, "test/fuzz.test.ts"], {
    cwd: serverDir,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      FUZZ_RUNS: String(runs),
      FUZZ_REPORT: reportPath,
      // Its own template database: the one of `npm test` may be in use by another run.
      BOXYARD_TEST_TEMPLATE_DB: "boxyard_fuzz_template",
      ...(database === "postgres" ? { TEST_DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
  const ms = performance.now() - started;
  const lines = existsSync(reportPath)
    ? readFileSync(reportPath, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OperationFigures | { seedings: number })
    : [];
  const figures = lines.filter((l): l is OperationFigures => "operation" in l);
  const end = lines.find((l): l is { seedings: number } => "seedings" in l);
  const report =
    figures.length > 0 ? { figures, seedings: end?.seedings ?? 0, finished: end !== undefined } : null;
  rmSync(dir, { recursive: true, force: true });
  return { report, ok: result.status === 0, ms };
}

function print(database: string, report: Report, ms: number) {
  const rows = report.figures;
  console.log(
    `\nFuzz on ${database}: every GraphQL mutation and REST route, as each persona${report.finished ? "" : " (STOPPED before the end: the operations done so far)"}`,
  );
  console.log(
    `${"operation".padEnd(58)} ${"cases".padStart(6)} ${"accepted".padStart(8)} ${"refused".padStart(7)} ${"500s".padStart(5)} ${"changed".padStart(7)} ${"ms".padStart(7)}`,
  );
  for (const f of rows) {
    console.log(
      `${f.operation.slice(0, 58).padEnd(58)} ${String(f.cases).padStart(6)} ${String(f.accepted).padStart(8)} ${String(f.refused).padStart(7)} ${String(f.status500).padStart(5)} ${String(f.changedAfterRefusal + f.digestMismatches).padStart(7)} ${String(f.ms).padStart(7)}`,
    );
  }
  const sum = (key: (f: OperationFigures) => number) => rows.reduce((n, f) => n + key(f), 0);
  console.log(
    `total: ${rows.length} operations, ${sum((f) => f.cases)} cases (${Math.min(...rows.map((f) => f.cases))} to ${Math.max(...rows.map((f) => f.cases))} per operation), ` +
      `${sum((f) => f.status500)} answers of 500 (target 0), ${sum((f) => f.changedAfterRefusal + f.digestMismatches)} refused requests with changes (target 0), ` +
      `${report.seedings} seeding(s), ${(ms / 1000).toFixed(0)} s`,
  );
  for (const f of rows) {
    for (const failure of f.failures)
      console.log(`${f.operation} (seed ${f.seed}): ${JSON.stringify(failure)}`);
  }
}

export async function runFuzz() {
  const runs = Number(process.env.FUZZ_RUNS ?? 1000);
  // FUZZ_DATABASES=postgres (or pglite) runs one of them only.
  const databases = (["pglite", "postgres"] as const).filter(
    (d) =>
      (d === "pglite" || process.env.DATABASE_URL) &&
      (process.env.FUZZ_DATABASES ?? d).split(",").includes(d),
  );
  let ok = true;
  for (const database of databases) {
    const { report, ok: passed, ms } = runOn(database, runs);
    if (report) print(database, report, ms);
    else console.log(`\nFuzz on ${database}: no figures (the test did not finish)`);
    ok &&= passed && report?.finished === true;
  }
  if (!ok) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runFuzz();
