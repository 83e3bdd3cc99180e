import { type WorkspaceChange, workspaceTopic } from "@boxyard/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../test/app.ts";
import { addMember, gql, personas, type TestUser } from "../../test/factories.ts";
import { openSocket, socketToken, type TestSocket } from "../../test/socket.ts";
import { makeSandbox } from "../modules/sandboxes/testing.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
});

async function watch(user: TestUser, workspaceId: string): Promise<TestSocket> {
  const socket = await openSocket(app, await socketToken(app, user));
  expect(await socket.join(workspaceTopic(workspaceId))).toEqual({ status: "ok", response: {} });
  return socket;
}

const changeOf = (socket: TestSocket, workspaceId: string) =>
  socket
    .next((m) => m.event === "workspace-changed" && m.topic === workspaceTopic(workspaceId))
    .then((m) => m.payload as WorkspaceChange);

describe("live dashboard changes", () => {
  it("S1-7.020 / a teammate renaming or deleting a sandbox tells the workspace's members which sandboxes changed", async () => {
    const { workspaceId, admin, reader } = await personas(app);
    const id = await makeSandbox(app, workspaceId, admin.id);
    const socket = await watch(reader, workspaceId);
    await gql(app, admin, 'mutation($id: ID!) { renameSandbox(id: $id, title: "Renamed") { id } }', { id });
    expect(await changeOf(socket, workspaceId)).toEqual({
      sandboxes: true,
      folders: false,
      sandboxIds: [id],
      actorId: admin.id,
    });
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/v1/sandboxes/${id}`,
      headers: { ...CLIENT, cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await socket.next(
      (m) =>
        m.event === "workspace-changed" && m !== socket.messages.find((x) => x.event === "workspace-changed"),
    );
    expect(socket.messages.filter((m) => m.event === "workspace-changed")).toHaveLength(2);
    socket.close();
  });

  it("S1-7.020 / moving a sandbox to another workspace tells both; a folder change says folders changed", async () => {
    const { workspaceId, admin, writer } = await personas(app);
    const other = await personas(app);
    await addMember(app, other.workspaceId, admin, "ADMIN");
    const id = await makeSandbox(app, workspaceId, admin.id);
    const here = await watch(writer, workspaceId);
    const there = await watch(other.writer, other.workspaceId);
    const moved = await gql(
      app,
      admin,
      `mutation($ids: [ID!]!, $teamId: UUID4) { addToCollectionOrTeam(collectionPath: "/", sandboxIds: $ids, teamId: $teamId) { id } }`,
      { ids: [id], teamId: other.workspaceId },
    );
    expect(moved.errors).toBeUndefined();
    for (const [socket, team] of [
      [here, workspaceId],
      [there, other.workspaceId],
    ] as const) {
      expect(await changeOf(socket, team)).toMatchObject({
        sandboxes: true,
        folders: true,
        sandboxIds: [id],
      });
    }
    const created = await gql(
      app,
      other.admin,
      `mutation($t: UUID4) { createCollection(path: "/Design", teamId: $t) { id } }`,
      {
        t: other.workspaceId,
      },
    );
    expect(created.errors).toBeUndefined();
    await there.next(
      (m) => m.event === "workspace-changed" && (m.payload as WorkspaceChange).sandboxIds.length === 0,
    );
    here.close();
    there.close();
  });

  it("S1-7.020 / a sandbox made of files and a fork tell the workspace they land in which sandbox is new", async () => {
    const { workspaceId, admin, reader } = await personas(app);
    const socket = await watch(reader, workspaceId);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/sandboxes",
      headers: { ...CLIENT, cookie: admin.cookie },
      payload: { team_id: workspaceId, privacy: 0, files: [{ path: "index.js", code: "1" }] },
    });
    expect(created.statusCode).toBe(200);
    const createdId = (created.json() as { id: string }).id;
    expect(await changeOf(socket, workspaceId)).toEqual({
      sandboxes: true,
      folders: false,
      sandboxIds: [createdId],
      actorId: admin.id,
    });
    const forked = await app.inject({
      method: "POST",
      url: `/api/v1/sandboxes/${createdId}/fork`,
      headers: { ...CLIENT, cookie: admin.cookie },
      payload: { team_id: workspaceId, privacy: 0 },
    });
    expect(forked.statusCode).toBe(200);
    const forkId = (forked.json() as { id: string }).id;
    await socket.next(
      (m) => m.event === "workspace-changed" && (m.payload as WorkspaceChange).sandboxIds[0] === forkId,
    );
    socket.close();
  });

  it("S1-8.026 / only members follow a workspace; a refused command announces nothing", async () => {
    const { workspaceId, admin, reader, outsider } = await personas(app);
    const socket = await openSocket(app, await socketToken(app, outsider));
    expect(await socket.join(workspaceTopic(workspaceId))).toEqual({
      status: "error",
      response: { reason: "room not found" },
    });
    const watcher = await watch(admin, workspaceId);
    const id = await makeSandbox(app, workspaceId, admin.id);
    const refused = await gql(
      app,
      reader,
      'mutation($id: ID!) { renameSandbox(id: $id, title: "No") { id } }',
      { id },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    // The next announcement is the admin's own rename: nothing came for the refused one.
    await gql(app, admin, 'mutation($id: ID!) { renameSandbox(id: $id, title: "Yes") { id } }', { id });
    expect(await changeOf(watcher, workspaceId)).toMatchObject({ actorId: admin.id });
    expect(watcher.messages.filter((m) => m.event === "workspace-changed")).toHaveLength(1);
    socket.close();
    watcher.close();
  });
});
