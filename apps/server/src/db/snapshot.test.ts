import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { loadSecret } from "./instance-secret.ts";

const migrations = fileURLToPath(new URL("./migrations/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "boxyard-snapshot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.env.BOXYARD_TEST_DB === "postgres")(
  "first boot from the build's PGlite snapshot",
  () => {
    it("a fresh data directory starts from the snapshot, keeps its writes, and gets its own secret", async () => {
      const template = await openDatabase({ kind: "pglite" });
      await template.migrate(migrations);
      const snapshot = join(dir, "fresh.tar.gz");
      writeFileSync(snapshot, Buffer.from(await (await template.dump!()).arrayBuffer()));
      await template.close();

      const secrets: string[] = [];
      for (const name of ["one", "two"]) {
        const dataDir = join(dir, name);
        const first = await openDatabase({ kind: "pglite", dataDir, snapshot });
        await first.migrate(migrations);
        const [official] = await first.query<{ count: number }>(
          "select count(*)::int as count from templates where official",
        );
        expect(official?.count).toBeGreaterThan(0);
        secrets.push(new TextDecoder().decode(await loadSecret(first.db, undefined)));
        await first.close();

        // The second boot opens what the first one wrote, not the snapshot again.
        const again = await openDatabase({ kind: "pglite", dataDir, snapshot });
        expect(new TextDecoder().decode(await loadSecret(again.db, undefined))).toBe(secrets.at(-1));
        await again.close();
      }
      expect(secrets[0]).not.toBe(secrets[1]);
    });
  },
);
