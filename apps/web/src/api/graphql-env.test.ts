import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const webRoot = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "boxyard-graphql-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("generated GraphQL types", () => {
  it("graphql-env.d.ts is what `npm run graphql:types` makes of apps/server/schema.graphql", () => {
    const fresh = join(dir, "graphql-env.d.ts");
    execFileSync(
      join(webRoot, "../../node_modules/.bin/gql.tada"),
      ["generate", "output", "--output", fresh],
      {
        cwd: webRoot,
        stdio: "pipe",
      },
    );
    const committed = readFileSync(join(webRoot, "src/api/graphql-env.d.ts"), "utf8");
    // A failure here means the schema changed: run `npm run graphql:types -w @boxyard/web` and commit.
    expect(committed === readFileSync(fresh, "utf8")).toBe(true);
  });
});

describe("limits written into operations", () => {
  it("the notification list and the contribution branches ask for the shared limits", async () => {
    const { CONTRIBUTION_BRANCHES_LIMIT, NOTIFICATIONS_LIMIT } = await import("@boxyard/domain");
    const { documentText } = await import("./graphql.ts");
    const { RECENT_NOTIFICATIONS } = await import("./queries/notifications.ts");
    const { CONTRIBUTION_BRANCHES } = await import("./queries/repositories.ts");
    const oneLine = (text: string) => text.replace(/\s+/g, " ");
    expect(oneLine(documentText(RECENT_NOTIFICATIONS))).toMatch(
      new RegExp(`notifications\\( ?limit: ${NOTIFICATIONS_LIMIT}\\b`),
    );
    expect(oneLine(documentText(CONTRIBUTION_BRANCHES))).toMatch(
      new RegExp(`recentBranches\\( ?contribution: true,? limit: ${CONTRIBUTION_BRANCHES_LIMIT}\\b`),
    );
  });
});
