import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { printSdl } from "../graphql/schema.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("drift checks", () => {
  it("the Drizzle schema and the checked-in migrations agree (drizzle-kit generate finds nothing)", () => {
    const out = mkdtempSync(join(tmpdir(), "boxyard-drift-"));
    try {
      cpSync(join(root, "src/db/migrations"), out, { recursive: true });
      const before = readdirSync(out).length;
      const log = execFileSync(
        process.execPath,
        [
          join(root, "../../node_modules/drizzle-kit/bin.cjs"),
          "generate",
          "--dialect=postgresql",
          "--schema=./src/db/schema/index.ts",
          // drizzle-kit reads --out relative to the working directory
          `--out=${relative(root, out)}`,
        ],
        { cwd: root, encoding: "utf8" },
      );
      expect(log).toContain("No schema changes");
      expect(readdirSync(out).length, log).toBe(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it("the GraphQL SDL printed from the schema matches schema.graphql (npm run graphql:sdl)", () => {
    expect(printSdl()).toBe(readFileSync(join(root, "schema.graphql"), "utf8"));
  });
});
