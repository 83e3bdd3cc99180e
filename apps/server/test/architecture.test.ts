import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as schema from "../src/db/schema/index.ts";

/**
 * One writer per table (docs/ARCHITECTURE.md): each table is inserted into, updated and deleted
 * from only by its own module's services; other modules call them. The doors' rules (no database
 * in routes and GraphQL fields, no import cycles) are dependency-cruiser's (`npm run lint`).
 */
const OWNERS: Record<string, readonly string[]> = {
  auth: [
    "identities",
    "pendingUsers",
    "sessions",
    "apiTokens",
    "authCodes",
    "usedOauthStates",
    "emailTokens",
  ],
  billing: [
    "workspaceBilling",
    "subscriptions",
    "subscriptionItems",
    "subscriptionStatusChanges",
    "billingEvents",
    "checkoutSessions",
    "billingInvoices",
    "devboxRuns",
  ],
  feedback: ["feedback", "surveyResponses"],
  folders: ["collections", "collectionSandboxCounts"],
  likes: ["sandboxLikes"],
  notifications: ["notifications", "notificationSettings"],
  recent: ["sandboxAccesses"],
  repositories: [
    "projects",
    "branches",
    "branchAccesses",
    "projectAccesses",
    "pullRequests",
    "sandboxGit",
    "webhookDeliveries",
  ],
  sandboxes: ["sandboxes", "sandboxModules", "sandboxDirectories", "sandboxCollaborators", "sandboxViews"],
  search: ["searchVersions"],
  templates: ["templates", "templateUses"],
  uploads: ["uploads"],
  users: ["users"],
  workspaces: [
    "workspaces",
    "workspaceMembers",
    "workspaceInvitations",
    "workspaceAvatars",
    "workspaceJoinRequests",
  ],
  /** The instance's own settings (its secret), kept by the database layer at boot. */
  db: ["instanceSettings"],
};

const SRC = join(import.meta.dirname, "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && entry.name !== "testing.ts"
      ? [path]
      : [];
  });
}

/** `modules/<name>/...` is the module <name>; `db/...` the database layer; anything else has no tables. */
function moduleOf(file: string): string {
  const parts = relative(SRC, file).split("/");
  return parts[0] === "modules" ? parts[1]! : parts[0]!;
}

/** The tables a file writes: `.insert(t)`, `.update(t)`, `.delete(t)` of a schema table. */
function writtenTables(file: string): { table: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { table: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["insert", "update", "delete"].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      node.arguments[0].text in schema
    ) {
      found.push({
        table: node.arguments[0].text,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("architecture", () => {
  it("every table of the schema has one owning module", () => {
    const owned = Object.values(OWNERS).flat();
    const tables = Object.entries(schema)
      .filter(
        ([, value]) => value && typeof value === "object" && Symbol.for("drizzle:IsDrizzleTable") in value,
      )
      .map(([name]) => name);
    expect(new Set(owned).size).toBe(owned.length);
    expect([...tables].sort()).toEqual([...owned].sort());
  });

  it("each table is written only by its own module", () => {
    const ownerOf = new Map(
      Object.entries(OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module])),
    );
    const strays = sourceFiles(SRC).flatMap((file) =>
      writtenTables(file)
        .filter(({ table }) => ownerOf.get(table) !== moduleOf(file))
        .map(({ table }) => `${relative(SRC, file)} writes ${table}`),
    );
    expect([...new Set(strays)].sort()).toEqual([]);
  });
});
