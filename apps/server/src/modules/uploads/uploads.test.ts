import { ACCOUNT_MESSAGES, MESSAGES, UPLOAD_MAX_BYTES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { signUp, type TestUser } from "../../../test/factories.ts";
import { uploads } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";

// A user's uploads are theirs alone: list, upload and delete need a signed-in user and touch only
// their own files (another user's file is answered as not found). A file's address is unguessable
// and serves it to whoever has it, like a shared link. No workspace is involved.

const QUOTA_MB = 6;
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_UPLOAD_QUOTA_MB: String(QUOTA_MB) });
});

const upload = (
  user: TestUser | null,
  name: string,
  body: Buffer | string,
  type = "application/octet-stream",
) =>
  app.inject({
    method: "POST",
    url: `/api/v1/users/current_user/uploads?name=${encodeURIComponent(name)}`,
    headers: { ...CLIENT, ...(user ? { cookie: user.cookie } : {}), "content-type": type },
    payload: body,
  });
const list = async (user: TestUser) =>
  (await call(app, user, "GET", "/api/v1/users/current_user/uploads")).json();
const rows = async (user: TestUser) => app.deps.db.select().from(uploads).where(eq(uploads.userId, user.id));

describe("uploads", () => {
  it("S2-7.004 / S1-7.006 / S2-3.009 / upload, list with used / total, serve and delete a file", async () => {
    const ada = await signUp(app);
    expect(await list(ada)).toEqual({ uploads: [], currentSize: 0, maxSize: QUOTA_MB * 1024 * 1024 });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const created = await upload(ada, "logo.png", png, "image/png");
    expect(created.statusCode).toBe(201);
    const file = created.json();
    expect(file).toMatchObject({ name: "logo.png", objectSize: 7, contentType: "image/png" });
    expect(file.url).toBe(`http://localhost:3000/api/v1/uploads/${file.id}`);
    await upload(ada, "notes.txt", "hello", "text/plain; charset=utf-8");
    const listed = await list(ada);
    expect(listed.currentSize).toBe(12);
    expect(listed.uploads.map((u: { name: string }) => u.name)).toEqual(["notes.txt", "logo.png"]);
    expect(Object.keys(listed.uploads[0]).sort()).toEqual(
      ["contentType", "id", "insertedAt", "name", "objectSize", "url"].sort(),
    );

    const served = await app.inject({ url: `/api/v1/uploads/${file.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toMatch(/^inline; filename="logo.png"/);

    expect((await call(app, ada, "DELETE", `/api/v1/users/current_user/uploads/${file.id}`)).statusCode).toBe(
      204,
    );
    expect((await list(ada)).uploads).toHaveLength(1);
    expect((await app.inject({ url: `/api/v1/uploads/${file.id}` })).statusCode).toBe(404);
  });

  it("S2-7.004 / a file that could run as a page (HTML, SVG, script) is served as a download of bytes", async () => {
    const ada = await signUp(app);
    for (const [name, type] of [
      ["page.html", "text/html"],
      ["image.svg", "image/svg+xml"],
      ["x.js", "text/javascript"],
      ['we"ird\r\nname.html', "application/x-nonsense"],
    ] as const) {
      const file = (await upload(ada, name, "<script>alert(1)</script>", type)).json();
      const served = await app.inject({ url: `/api/v1/uploads/${file.id}` });
      expect(served.headers["content-type"]).toBe("application/octet-stream");
      expect(served.headers["content-disposition"]).toMatch(
        /^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/,
      );
      expect(served.headers["content-security-policy"]).toContain("sandbox");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("S1-8.006 / S2-9.017 / more than 5MB is 413 'File too large, upload limit is 5MB.'; nothing is kept", async () => {
    const ada = await signUp(app);
    const response = await upload(ada, "big.bin", Buffer.alloc(UPLOAD_MAX_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: { detail: [MESSAGES.fileTooLarge] } });
    expect(await rows(ada)).toEqual([]);
    expect((await upload(ada, "exact.bin", Buffer.alloc(UPLOAD_MAX_BYTES))).statusCode).toBe(201);
  });

  it("S2-3.009 / the storage total is kept: an upload past it is refused, and its bytes are not kept", async () => {
    const ada = await signUp(app);
    expect((await upload(ada, "a.bin", Buffer.alloc(UPLOAD_MAX_BYTES))).statusCode).toBe(201);
    const over = await upload(ada, "b.bin", Buffer.alloc(2 * 1024 * 1024));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ errors: { detail: [ACCOUNT_MESSAGES.uploadsFull] } });
    expect(await rows(ada)).toHaveLength(1);
  });

  it("S2-7.005 / bad input and other people: no name or empty file 422; signed out 401; another user's file 404 and kept", async () => {
    const [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
    expect((await upload(ada, "", "x")).statusCode).toBe(422);
    expect((await upload(ada, "empty.txt", "")).statusCode).toBe(422);
    expect((await upload(null, "a.txt", "x")).statusCode).toBe(401);
    expect((await call(app, null, "GET", "/api/v1/users/current_user/uploads")).statusCode).toBe(401);
    const bare = await app.inject({
      method: "POST",
      url: "/api/v1/users/current_user/uploads?name=a.txt",
      headers: { cookie: ada.cookie, "content-type": "text/plain" },
      payload: "x",
    });
    expect(bare.statusCode).toBe(403);
    expect(await rows(ada)).toEqual([]);
    const file = (await upload(bob, "bob.txt", "bob's")).json();
    expect((await call(app, ada, "DELETE", `/api/v1/users/current_user/uploads/${file.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(app, null, "DELETE", `/api/v1/users/current_user/uploads/${file.id}`)).statusCode,
    ).toBe(401);
    expect((await call(app, ada, "DELETE", "/api/v1/users/current_user/uploads/not-a-uuid")).statusCode).toBe(
      404,
    );
    expect(await rows(bob)).toHaveLength(1);
    expect((await list(ada)).uploads).toEqual([]);
    expect((await app.inject({ url: "/api/v1/uploads/not-a-uuid" })).statusCode).toBe(404);
  });
});
