import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen, type TestUser } from "../../../test/factories.ts";
import { workspaces } from "../../db/schema/index.ts";
import { sandbox } from "../search/testing.ts";
import { ZipWriter } from "./zip.ts";

let app: TestApp;
let p: Personas;
const dir = mkdtempSync(join(tmpdir(), "boxyard-zip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

let n = 0;
/** Saves a response body and reads it back with the system's unzip: names, and each file's text. */
function unzip(body: Buffer) {
  const file = join(dir, `a${++n}.zip`);
  writeFileSync(file, body);
  execFileSync("unzip", ["-tq", file]); // integrity: CRCs and structure
  const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean);
  const read = (name: string) => execFileSync("unzip", ["-p", file, name]).toString("utf8");
  return { names, read };
}

async function download(user: TestUser | null, ids: string[] | string, teamId = p.workspaceId) {
  const list = Array.isArray(ids) ? ids.join(",") : ids;
  return app.inject({
    method: "GET",
    url: `/api/v1/teams/${teamId}/sandboxes/zip?ids=${encodeURIComponent(list)}`,
    headers: user ? user.headers : CLIENT,
  });
}

describe("download as zip", () => {
  it("S1-5.018 / streams a real zip of each sandbox's files under its title, directories rebuilt; devboxes and export-prevented sandboxes are skipped and counted", async () => {
    const db = app.deps.db;
    const big = "export const x = 1;\n".repeat(5000);
    const normal = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Weather app",
      files: [
        { path: "package.json", code: '{"name":"weather"}' },
        { path: "src/index.js", code: big },
        { path: "src/components/Card.jsx", code: "export default () => <div>☀️</div>;" },
        { path: "public/logo.png", code: "https://cdn.example.test/logo.png", isBinary: true },
      ],
    });
    const devbox = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id, isV2: true });
    const locked = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      preventSandboxExport: true,
    });
    for (const user of [p.admin, p.writer, p.reader]) {
      const response = await download(user, [normal.id, devbox.id, locked.id]);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/zip");
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="Weather app.zip"/);
      expect(response.headers["x-boxyard-skipped"]).toBe("2");
      const zip = unzip(response.rawPayload);
      expect(zip.names.sort()).toEqual(
        [
          "Weather app/",
          "Weather app/package.json",
          "Weather app/public/",
          "Weather app/public/logo.png",
          "Weather app/src/",
          "Weather app/src/components/",
          "Weather app/src/components/Card.jsx",
          "Weather app/src/index.js",
        ].sort(),
      );
      expect(zip.read("Weather app/src/index.js")).toBe(big);
      expect(zip.read("Weather app/src/components/Card.jsx")).toBe("export default () => <div>☀️</div>;");
      expect(zip.read("Weather app/public/logo.png")).toBe("https://cdn.example.test/logo.png");
    }
    // Deflated: far smaller than the 100 kB source file.
    expect((await download(p.reader, [normal.id])).rawPayload.length).toBeLessThan(10_000);
  });

  it("S1-5.018 / two sandboxes with one title get separate folders; the workspace's prevent-export setting skips them all", async () => {
    const db = app.deps.db;
    const a = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Twin",
      files: [{ path: "a.txt", code: "A" }],
    });
    const b = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Twin",
      files: [{ path: "b.txt", code: "B" }],
    });
    const both = await download(p.writer, [a.id, b.id]);
    expect(both.headers["x-boxyard-skipped"]).toBe("0");
    const zip = unzip(both.rawPayload);
    expect(zip.read("Twin/a.txt")).toBe("A");
    expect(zip.read("Twin (2)/b.txt")).toBe("B");

    await db.update(workspaces).set({ preventSandboxExport: true }).where(eq(workspaces.id, p.workspaceId));
    try {
      const none = await download(p.admin, [a.id, b.id]);
      expect(none.statusCode).toBe(200);
      expect(none.headers["x-boxyard-skipped"]).toBe("2");
      // An empty archive is still a valid one (the end record alone).
      expect(none.rawPayload.length).toBe(22);
      expect(none.rawPayload.readUInt32LE(0)).toBe(0x06054b50);
    } finally {
      await db
        .update(workspaces)
        .set({ preventSandboxExport: false })
        .where(eq(workspaces.id, p.workspaceId));
    }
  });

  it("S1-5.018 / authorization: outsiders and unseen sandboxes answer not-found, signed-out 401, a frozen workspace may still download", async () => {
    const db = app.deps.db;
    const s = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      files: [{ path: "x", code: "x" }],
    });
    const adminsDraft = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id, draft: true });
    const deleted = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      removedAt: new Date(),
    });
    const elsewhere = await sandbox(db, { workspaceId: p.outsider.primaryTeamId, authorId: p.outsider.id });
    expect((await download(p.outsider, [s.id])).statusCode).toBe(404);
    expect((await download(null, [s.id])).statusCode).toBe(401);
    expect((await download(p.reader, [s.id, adminsDraft.id])).statusCode).toBe(404);
    expect((await download(p.admin, [adminsDraft.id])).statusCode).toBe(200);
    expect((await download(p.admin, [s.id, deleted.id])).statusCode).toBe(404);
    expect((await download(p.admin, [s.id, elsewhere.id])).statusCode).toBe(404);
    expect((await download(p.outsider, [elsewhere.id], p.outsider.primaryTeamId)).statusCode).toBe(200);
    await setFrozen(app, p.workspaceId, true);
    try {
      expect((await download(p.reader, [s.id])).statusCode).toBe(200);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-5.018 / bad input: no ids, too many ids, a malformed team id", async () => {
    const none = await app.inject({
      method: "GET",
      url: `/api/v1/teams/${p.workspaceId}/sandboxes/zip`,
      headers: p.reader.headers,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: { ids: [expect.any(String)] } });
    expect((await download(p.reader, " , ,")).statusCode).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`);
    expect((await download(p.reader, many)).statusCode).toBe(422);
    expect((await download(p.reader, ["abc"], "nope")).statusCode).toBe(404);
    expect((await download(p.reader, ["does-not-exist"])).statusCode).toBe(404);
  });

  it("S1-5.018 / the writer makes archives unzip accepts: names in UTF-8, empty files, stored and deflated entries", async () => {
    const out = new PassThrough();
    const body = buffer(out);
    const zip = new ZipWriter(out);
    await zip.addDirectory("ü/");
    await zip.addFile("ü/empty.txt", "");
    await zip.addFile("ü/tiny.txt", "a");
    await zip.addFile("ü/long.txt", "abc".repeat(1000));
    await zip.finish();
    const archive = unzip(await body);
    expect(archive.names).toEqual(["ü/", "ü/empty.txt", "ü/tiny.txt", "ü/long.txt"]);
    expect(archive.read("ü/empty.txt")).toBe("");
    expect(archive.read("ü/tiny.txt")).toBe("a");
    expect(archive.read("ü/long.txt")).toBe("abc".repeat(1000));
  });

  it("S1-5.018 / the writer waits for a slow reader and stops when the reader goes away", async () => {
    const out = new PassThrough(); // nobody reads: the next file must wait rather than pile up
    const zip = new ZipWriter(out);
    await zip.addFile("first.bin", randomBytes(4 << 20));
    let settled = false;
    const second = zip.addFile("second.bin", "after the first").finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    expect(out.readableLength).toBeLessThan(1 << 20);
    out.destroy();
    await expect(second).rejects.toThrow("The archive's reader went away.");
  });
});
