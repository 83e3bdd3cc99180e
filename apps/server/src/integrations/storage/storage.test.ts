import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk.adapter.ts";
import { type S3Settings, S3Storage } from "./s3.adapter.ts";
import type { FileStorage } from "./storage.port.ts";

/** The contract every storage adapter keeps. */
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

/**
 * The S3 adapter against s3rver, a local server speaking the S3 protocol (bucket in the path, as
 * self-hosted servers want it); BOXYARD_TEST_S3_BUCKET (with _ENDPOINT, _REGION, _ACCESS_KEY_ID and
 * _SECRET_ACCESS_KEY) points it at a real bucket instead.
 */
let s3: S3Settings;
beforeAll(async () => {
  if (process.env.BOXYARD_TEST_S3_BUCKET) {
    s3 = {
      bucket: process.env.BOXYARD_TEST_S3_BUCKET,
      region: process.env.BOXYARD_TEST_S3_REGION ?? "us-east-1",
      endpoint: process.env.BOXYARD_TEST_S3_ENDPOINT,
      accessKeyId: process.env.BOXYARD_TEST_S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.BOXYARD_TEST_S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      prefix: "boxyard-test/",
    };
    return;
  }
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(join(tmpdir(), "boxyard-s3rver-")),
    configureBuckets: [{ name: "boxyard-test", configs: [] }],
  });
  const { port } = await server.run();
  afterAll(() => server.close());
  s3 = {
    bucket: "boxyard-test",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    prefix: "uploads/",
  };
});
contract("S3", () => new S3Storage(s3));
