import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../src/graphql/schema.ts";
import { testApp } from "./app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Routes anyone may call by design; their behaviour is tested in their own files. */
const PUBLIC_ROUTES = new Set([
  "GET /api/meta/features",
  "GET /api/v1/meta/features",
  "GET /auth/popup.js",
  "GET /auth/github/oauth-settings",
  "GET /*", // the web app (index.html and its assets)
  "GET /auth/sandbox/:id", // web app pages (index.html); their API calls are tested
  "GET /auth/sandpack/:teamId",
]);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every operation named in an authorizationCovers(...) call of a test file. */
function declaredCoverage(): Set<string> {
  const covered = new Set<string>();
  for (const file of [...testFiles(join(root, "src")), ...testFiles(join(root, "test"))]) {
    const source = readFileSync(file, "utf8");
    for (const call of source.matchAll(/authorizationCovers\(([^)]*)\)/g)) {
      for (const literal of call[1]!.matchAll(/"([^"]+)"/g)) covered.add(literal[1]!);
    }
  }
  return covered;
}

/**
 * The GraphQL operations where authorization is decided: every root field, and every field that
 * takes arguments (it selects data by them: a workspace, a path, a sandbox).
 */
function graphqlOperations({ all = false } = {}): string[] {
  const operations: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    const isRoot = type === schema.getQueryType() || type === schema.getMutationType();
    for (const field of Object.values(type.getFields())) {
      if (all || isRoot || field.args.length > 0) operations.push(`${type.name}.${field.name}`);
    }
  }
  return operations.sort();
}

describe("authorization coverage", () => {
  it("S1-7.033 / every GraphQL operation and REST route has an authorization test", async () => {
    const app = await testApp();
    await app.ready();
    const covered = declaredCoverage();
    const routes = app.routeIndex
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !PUBLIC_ROUTES.has(route) && !route.includes("/api/graphql"));
    const missing = [...graphqlOperations(), ...new Set(routes)].filter((op) => !covered.has(op));
    expect(missing, "operations without an authorizationCovers(...) declaration in a test").toEqual([]);
  });

  it("declares only operations that exist (no stale names)", async () => {
    const app = await testApp();
    await app.ready();
    const known = new Set([
      ...graphqlOperations({ all: true }),
      ...app.routeIndex.map((r) => `${r.method} ${r.url}`),
    ]);
    const stale = [...declaredCoverage()].filter((op) => !known.has(op));
    expect(stale).toEqual([]);
  });
});
