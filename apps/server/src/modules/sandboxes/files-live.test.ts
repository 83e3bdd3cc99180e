import {
  type SandboxFilesChange,
  type SandboxPresence,
  type ServerMessage,
  sandboxTopic,
} from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas } from "../../../test/factories.ts";
import { connectSocket, openSocket, socketToken, type TestSocket } from "../../../test/socket.ts";
import { sandboxModules } from "../../db/schema/index.ts";
import { call, makeSandbox } from "./testing.ts";

let app: TestApp;
let p: Personas;
/** A listening server: a socket closed by its client is noticed over TCP (an injected one never is). */
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
});

type Files = Extract<ServerMessage, { event: "sandbox-files" }>;
type Presence = Extract<ServerMessage, { event: "presence" }>;

async function follow(user: Personas["admin"], sandboxId: string): Promise<TestSocket> {
  const socket = await connectSocket(baseUrl, await socketToken(app, user));
  expect(await socket.join(sandboxTopic(sandboxId))).toEqual({ status: "ok", response: {} });
  return socket;
}

/**
 * Waits for a presence message naming exactly these users, among those the socket receives from
 * now on (call it before the join or leave it should follow, await it after); `from: 0` looks at
 * every message (a socket's own join).
 */
function presenceOf(socket: TestSocket, ids: string[], from = socket.messages.length) {
  const wanted = JSON.stringify([...ids].sort());
  return socket.next<Presence>(
    (m) =>
      socket.messages.indexOf(m) >= from &&
      m.event === "presence" &&
      JSON.stringify((m.payload as SandboxPresence).users.map((u) => u.id)) === wanted,
  );
}

describe("the sandbox's live topic (issue 15)", () => {
  it("a change saved by one person reaches the other's socket after commit, naming the saving tab; a refused one sends nothing", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { privacy: 2 });
    const [index] = await app.deps.db
      .select()
      .from(sandboxModules)
      .where(and(eq(sandboxModules.sandboxId, id), eq(sandboxModules.title, "index.js")));
    const reader = await follow(p.reader, id);
    try {
      const saved = await call(
        app,
        p.writer,
        "PUT",
        `/api/v1/sandboxes/${id}/modules/${index!.shortid}`,
        { module: { code: "console.log(2)" }, base_version: 1 },
        { "x-boxyard-client-id": "tab-7" },
      );
      expect(saved.statusCode).toBe(200);
      const event = await reader.next<Files>((m) => m.event === "sandbox-files");
      expect(event).toEqual({
        topic: sandboxTopic(id),
        event: "sandbox-files",
        payload: {
          sandboxId: id,
          actorId: p.writer.id,
          clientId: "tab-7",
          modules: [{ shortid: index!.shortid, version: 2 }],
          directories: false,
        } satisfies SandboxFilesChange,
      });

      const stale = await call(app, p.admin, "PUT", `/api/v1/sandboxes/${id}/modules/${index!.shortid}`, {
        module: { code: "mine" },
        base_version: 1,
      });
      expect(stale.statusCode).toBe(409);
      const folder = await call(app, p.admin, "POST", `/api/v1/sandboxes/${id}/directories`, {
        directory: { title: "lib" },
      });
      expect(folder.statusCode).toBe(200);
      const next = await reader.next<Files>(
        (m) => m.event === "sandbox-files" && (m.payload as SandboxFilesChange).directories,
      );
      expect(next.payload).toMatchObject({ actorId: p.admin.id, clientId: null, modules: [] });
      // The refused save came in between and published nothing.
      expect(reader.messages.filter((m) => m.event === "sandbox-files")).toHaveLength(2);

      await call(app, p.admin, "DELETE", `/api/v1/sandboxes/${id}/modules/${index!.shortid}`);
      const deleted = await reader.next<Files>(
        (m) => m.event === "sandbox-files" && (m.payload as SandboxFilesChange).modules[0]?.deleted === true,
      );
      expect(deleted.payload.modules).toEqual([{ shortid: index!.shortid, version: 2, deleted: true }]);
    } finally {
      reader.close();
    }
  });

  it("presence: who has the sandbox open, one entry per person, on every join and leave", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { privacy: 2 });
    const writer = await follow(p.writer, id);
    await presenceOf(writer, [p.writer.id], 0);

    let writerSees = presenceOf(writer, [p.writer.id, p.admin.id]);
    const admin = await follow(p.admin, id);
    const both = await presenceOf(admin, [p.writer.id, p.admin.id], 0);
    await writerSees;
    expect(both.payload.users).toContainEqual({
      id: p.admin.id,
      username: p.admin.username,
      name: expect.any(String),
      avatarUrl: null,
    });

    // A second tab of the same person is still one entry; closing one of two tabs keeps them there.
    const secondTab = await follow(p.admin, id);
    await presenceOf(secondTab, [p.writer.id, p.admin.id], 0);
    writerSees = presenceOf(writer, [p.writer.id, p.admin.id]);
    secondTab.close();
    await writerSees;

    writerSees = presenceOf(writer, [p.writer.id]);
    admin.close();
    await writerSees;

    // Leaving the topic (the socket stays open) is leaving too.
    writerSees = presenceOf(writer, [p.writer.id, p.admin.id]);
    const again = await follow(p.admin, id);
    await writerSees;
    writerSees = presenceOf(writer, [p.writer.id]);
    again.send({ topic: sandboxTopic(id), event: "leave", ref: "9" });
    await writerSees;
    again.close();
    writer.close();
  });

  it("a person who may not read the sandbox cannot follow it ('room not found')", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { privacy: 2 });
    const socket = await openSocket(app, await socketToken(app, p.outsider));
    expect(await socket.join(sandboxTopic(id))).toEqual({
      status: "error",
      response: { reason: "room not found" },
    });
    socket.close();
  });
});
