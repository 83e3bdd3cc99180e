#!/usr/bin/env node
// `npm test`: everything, in order: typecheck, lint, unit tests (domain, web), server integration
// tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), end-to-end tests in Chromium.
// Ends with the failed tests' names and one line "tests: N passed, N failed".
// `npm test -- --only=unit,integration` runs a part.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), "boxyard-test-"));
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");

function run(name, command, args, options = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${name}`);
    const child = spawn(command, args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...options.env },
    });
    child.on("exit", (code) => {
      console.log(`${code === 0 ? "✔" : "✘"} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code === 0);
    });
  });
}

const vitestReport = (name) => join(reports, `${name}.json`);
const vitest = (name, workspace, extra = []) =>
  run(name, "npx", [
    "vitest",
    "run",
    "--root",
    workspace,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport(name)}`,
    ...extra,
  ]);

const steps = [
  { part: "static", name: "typecheck", go: () => run("typecheck", "npm", ["run", "-s", "typecheck"]) },
  { part: "static", name: "lint", go: () => run("lint", "npx", ["biome", "check", "."]) },
  { part: "unit", name: "domain", go: () => vitest("domain", "packages/domain") },
  { part: "unit", name: "web", go: () => vitest("web", "apps/web") },
  { part: "unit", name: "preview", go: () => vitest("preview", "apps/preview") },
  { part: "integration", name: "server", go: () => vitest("server", "apps/server") },
  {
    part: "e2e",
    name: "e2e",
    go: async () => {
      if (!existsSync(join(root, "apps/web/playwright.config.ts"))) return true;
      return run(
        "end-to-end (Chromium)",
        "npx",
        ["playwright", "test", "-c", "apps/web/playwright.config.ts"],
        {
          env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "e2e.json") },
        },
      );
    },
  },
];

const failedSteps = [];
for (const step of steps) {
  if (only && !only.includes(step.part)) continue;
  if (!(await step.go())) failedSteps.push(step.name);
}

let passed = 0;
let failed = 0;
for (const name of ["domain", "web", "preview", "server"]) {
  if (!existsSync(vitestReport(name))) continue;
  const report = JSON.parse(readFileSync(vitestReport(name), "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === "failed")
        console.log(`✘ ${name}: ${file.name.replace(root, "")}: ${test.fullName}`);
    }
  }
  // A file can fail with every test passed (a hook, an import, an error after the tests ended):
  // name it, so that the end of a long log says why the step failed.
  for (const file of report.testResults) {
    if (file.status === "failed" && file.assertionResults.every((a) => a.status !== "failed")) {
      console.log(`✘ ${name}: ${file.name.replace(root, "")}: ${file.message || "failed outside its tests"}`);
    }
  }
  // Vitest's report does not count unhandled errors: the step's exit code alone tells of them.
  if (failedSteps.includes(name) && report.numFailedTests === 0 && report.numFailedTestSuites === 0) {
    console.log(`✘ ${name}: failed outside its tests (see "Unhandled Errors" above)`);
  }
}
if (existsSync(join(reports, "e2e.json"))) {
  const { stats, suites } = JSON.parse(readFileSync(join(reports, "e2e.json"), "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "unexpected"))
        console.log(`✘ e2e: ${spec.file}: ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites ?? []) walk(suite);
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(", ")}`);
process.exit(failedSteps.length === 0 && failed === 0 ? 0 : 1);
