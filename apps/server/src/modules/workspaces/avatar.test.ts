import { MESSAGES, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, type TestUser } from "../../../test/factories.ts";
import { workspaceAvatars, workspaceInvitations, workspaces } from "../../db/schema/index.ts";
import { GIF_1X1, PNG_1X1 } from "./image-fixtures.ts";
import { whileFrozen } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

const upload = (user: TestUser | null, body: Buffer | string, teamId = p.workspaceId, type = "image/png") =>
  app.inject({
    method: "PUT",
    url: `/api/v1/teams/${teamId}/avatar`,
    headers: { ...(user ? user.headers : CLIENT), "content-type": type },
    payload: body,
  });
const remove = (user: TestUser | null, teamId = p.workspaceId) =>
  app.inject({
    method: "DELETE",
    url: `/api/v1/teams/${teamId}/avatar`,
    headers: user ? user.headers : CLIENT,
  });
const read = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });

async function avatarUrlOf(teamId = p.workspaceId) {
  const [row] = await app.deps.db.select().from(workspaces).where(eq(workspaces.id, teamId));
  return row!.avatarUrl;
}

describe("workspace avatar", () => {
  it("S1-3.004 / an admin uploads an image; it becomes the avatarUrl, served with its type to members at a versioned, cacheable URL", async () => {
    const response = await upload(p.admin, PNG_1X1, p.workspaceId, "application/octet-stream");
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(new RegExp(`^/api/v1/teams/${p.workspaceId}/avatar\\?v=[0-9a-f]{16}$`));
    expect(await avatarUrlOf()).toBe(avatarUrl);

    for (const user of [p.admin, p.writer, p.reader]) {
      const image = await read(user, avatarUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      expect(image.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    }
    const unversioned = await read(p.reader, `/api/v1/teams/${p.workspaceId}/avatar`);
    expect(unversioned.headers["cache-control"]).toBe("private, no-cache");
    const etag = unversioned.headers.etag as string;
    expect((await read(p.reader, avatarUrl, { "if-none-match": etag })).statusCode).toBe(304);

    // A new image gets a new URL; the GraphQL Team answers it.
    const replaced = (await upload(p.admin, GIF_1X1, p.workspaceId, "image/gif")).json() as {
      avatarUrl: string;
    };
    expect(replaced.avatarUrl).not.toBe(avatarUrl);
    const team = await gql<{ me: { team: { avatarUrl: string } } }>(
      app,
      p.reader,
      "query($id: UUID4!) { me { id team(id: $id) { avatarUrl } } }",
      { id: p.workspaceId },
    );
    expect(team.data!.me.team.avatarUrl).toBe(replaced.avatarUrl);
    expect((await read(p.reader, replaced.avatarUrl)).headers["content-type"]).toBe("image/gif");
  });

  it("a non-member is answered as if there were no avatar; someone invited may see it; signed-out visitors must sign in", async () => {
    await upload(p.admin, PNG_1X1);
    const url = (await avatarUrlOf())!;
    const outsider = await read(p.outsider, url);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ errors: { detail: [WORKSPACE_MESSAGES.notFound] } });
    expect((await read(null, url)).statusCode).toBe(401);
    await app.deps.db
      .insert(workspaceInvitations)
      .values({ workspaceId: p.workspaceId, userId: p.outsider.id, authorization: "READ" });
    expect((await read(p.outsider, url)).statusCode).toBe(200);
    await app.deps.db.delete(workspaceInvitations).where(eq(workspaceInvitations.userId, p.outsider.id));
    expect((await read(p.reader, "/api/v1/teams/not-a-uuid/avatar")).statusCode).toBe(404);
  });

  it("only admins upload or remove; non-members are told the workspace does not exist; a frozen workspace's admin still can", async () => {
    const before = await avatarUrlOf();
    expect((await upload(p.outsider, PNG_1X1)).statusCode).toBe(404);
    expect((await remove(p.outsider)).statusCode).toBe(404);
    for (const user of [p.reader, p.writer]) {
      const refused = await upload(user, GIF_1X1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { detail: ["Only workspace admins can do that."] } });
      expect((await remove(user)).statusCode).toBe(403);
    }
    expect((await upload(null, PNG_1X1)).statusCode).toBe(401);
    expect(await avatarUrlOf()).toBe(before);
    await whileFrozen(app, p, async () => {
      expect((await upload(p.admin, GIF_1X1)).statusCode).toBe(200);
    });
  });

  it("anything but a PNG, JPEG, GIF or WebP image is refused, whatever its declared type, and changes nothing", async () => {
    await upload(p.admin, PNG_1X1);
    const before = await avatarUrlOf();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [body, type] of [
      [svg, "image/svg+xml"],
      ["not really a png", "image/png"],
      [PNG_1X1.subarray(0, 10), "image/png"],
      [JSON.stringify({ image: "x" }), "application/json"],
    ] as const) {
      const response = await upload(p.admin, body as Buffer | string, p.workspaceId, type);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: { avatar: [WORKSPACE_MESSAGES.avatarNotImage] } });
    }
    expect(await avatarUrlOf()).toBe(before);
  });

  it("S1-8.006 / an image over 5 MB answers 413 with the spec's message", async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(p.admin, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: { detail: [MESSAGES.fileTooLarge] } });
  });

  it("state-changing requests need the client marker header (CSRF defence)", async () => {
    const response = await app.inject({
      method: "PUT",
      url: `/api/v1/teams/${p.workspaceId}/avatar`,
      headers: { cookie: p.admin.cookie, "content-type": "image/png" },
      payload: PNG_1X1,
    });
    expect(response.statusCode).toBe(403);
  });

  it("removing the avatar clears avatarUrl and the image; deleting the workspace deletes its avatar", async () => {
    const team = await personas(app);
    await upload(team.admin, PNG_1X1, team.workspaceId);
    const url = (await avatarUrlOf(team.workspaceId))!;
    expect((await remove(team.admin, team.workspaceId)).statusCode).toBe(204);
    expect(await avatarUrlOf(team.workspaceId)).toBeNull();
    expect((await read(team.admin, url)).statusCode).toBe(404);

    await upload(team.admin, PNG_1X1, team.workspaceId);
    await gql(app, team.admin, "mutation($id: UUID4!) { deleteWorkspace(teamId: $id) }", {
      id: team.workspaceId,
    });
    const left = await app.deps.db
      .select()
      .from(workspaceAvatars)
      .where(eq(workspaceAvatars.workspaceId, team.workspaceId));
    expect(left).toEqual([]);
  });
});
