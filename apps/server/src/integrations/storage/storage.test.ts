import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk.adapter.ts";
import { S3Storage } from "./s3.adapter.ts";
import type { FileStorage } from "./storage.port.ts";

/** The contract every storage adapter keeps; the S3 one runs when BOXYARD_TEST_S3_BUCKET names a bucket. */
function contract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    it("S2-3.009 / keeps bytes under a key, answers null for a missing key, deletes (twice is fine)", async () => {
      const storage = make();
      const key = `u${Date.now()}/f1`;
      expect(await storage.get(key)).toBeNull();
      await storage.put(key, Buffer.from("hello"), "text/plain");
      expect((await storage.get(key))!.toString()).toBe("hello");
      await storage.put(key, Buffer.from("again"), "text/plain");
      expect((await storage.get(key))!.toString()).toBe("again");
      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it("S2-3.009 / refuses keys that could leave its place", async () => {
      const storage = make();
      for (const key of ["../etc/passwd", "a/../../b", "/abs", "a//b", "a b"]) {
        await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe storage key/);
      }
    });
  });
}

const root = mkdtempSync(join(tmpdir(), "boxyard-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
contract("disk", () => new DiskStorage(root));

const bucket = process.env.BOXYARD_TEST_S3_BUCKET;
if (bucket) {
  contract(
    "S3",
    () =>
      new S3Storage({
        bucket,
        region: process.env.BOXYARD_TEST_S3_REGION ?? "us-east-1",
        endpoint: process.env.BOXYARD_TEST_S3_ENDPOINT,
        accessKeyId: process.env.BOXYARD_TEST_S3_ACCESS_KEY_ID,
        secretAccessKey: process.env.BOXYARD_TEST_S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
        prefix: "boxyard-test/",
      }),
  );
}
