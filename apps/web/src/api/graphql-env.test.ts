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
