import { notificationTopic } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, personas, setFrozen, signUp, type TestUser } from "../../../test/factories.ts";
import { openSocket, socketToken } from "../../../test/socket.ts";
import { firstLink, startSmtpInbox } from "../../../test/standins/smtp-inbox.ts";
import { sandboxCollaborators } from "../../db/schema/index.ts";
import { type MakeOptions, makeSandbox, sandboxRow } from "./testing.ts";

let app: TestApp;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  app = await testApp({ SMTP_URL: inbox.url, BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
});
afterAll(() => inbox.close());

const SHARE = `mutation ShareSandbox($sandboxId: ID!, $usernameOrEmail: String!, $authorization: SandboxAuthorization!) {
  shareSandbox(sandboxId: $sandboxId, usernameOrEmail: $usernameOrEmail, authorization: $authorization) {
    id collaborators { userId username authorization } } }`;
const UPDATE = `mutation($sandboxId: ID!, $userId: UUID4!, $authorization: SandboxAuthorization!) {
  updateSandboxCollaborator(sandboxId: $sandboxId, userId: $userId, authorization: $authorization) { id collaborators { userId authorization } } }`;
const REMOVE = `mutation($sandboxId: ID!, $userId: UUID4!) {
  removeSandboxCollaborator(sandboxId: $sandboxId, userId: $userId) { id collaborators { userId } } }`;
const SHARED_WITH_ME =
  "query SharedWithMeSandboxes { me { id collaboratorSandboxes { id title authorization } } }";

async function sharedWith(user: TestUser) {
  const answer = await gql<{ me: { collaboratorSandboxes: { id: string; authorization: string }[] } }>(
    app,
    user,
    SHARED_WITH_ME,
  );
  return answer.data!.me.collaboratorSandboxes;
}

/** A sandbox made straight through the service, as its row. */
async function make(workspaceId: string, authorId: string, options: MakeOptions = {}) {
  return (await sandboxRow(app, await makeSandbox(app, workspaceId, authorId, options)))!;
}

async function collaboratorRows(sandboxId: string) {
  return app.deps.db.select().from(sandboxCollaborators).where(eq(sandboxCollaborators.sandboxId, sandboxId));
}

const read = (user: TestUser, id: string) =>
  app.inject({ method: "GET", url: `/api/v1/sandboxes/${id}`, headers: { cookie: user.cookie } });

describe("sharing a sandbox", () => {
  it("S1-3.024 / S1-2.056 / S1-2.119 / sharing notifies the person live and by e-mail; the sandbox is then shared with them at that level", async () => {
    const { workspaceId, writer, outsider } = await personas(app);
    const sandbox = await make(workspaceId, writer.id, { privacy: 2, title: "Rocket engine" });
    expect((await read(outsider, sandbox.id)).statusCode).toBe(404);
    const socket = await openSocket(app, await socketToken(app, outsider));
    await socket.join(notificationTopic(outsider.id));

    const shared = await gql(app, writer, SHARE, {
      sandboxId: sandbox.id,
      usernameOrEmail: outsider.username,
      authorization: "COMMENT",
    });
    expect(shared).toEqual({
      data: {
        shareSandbox: {
          id: sandbox.id,
          collaborators: [{ userId: outsider.id, username: outsider.username, authorization: "COMMENT" }],
        },
      },
    });
    const pushed = await socket.next((m) => m.event === "new-notification");
    expect(pushed.payload).toMatchObject({ type: "sandbox_invitation", unread: 1 });
    expect(JSON.parse((pushed.payload as { data: string }).data)).toEqual({
      sandboxId: sandbox.id,
      sandboxAlias: sandbox.alias,
      sandboxTitle: "Rocket engine",
      inviterName: `Test ${writer.username}`,
      inviterAvatar: null,
      authorization: "COMMENT",
    });
    expect(await sharedWith(outsider)).toEqual([
      { id: sandbox.id, title: "Rocket engine", authorization: "COMMENT" },
    ]);
    const opened = await read(outsider, sandbox.id);
    expect(opened.statusCode).toBe(200);

    const mail = await inbox.waitFor(outsider.email, (m) => m.subject.includes("invited you"));
    expect(mail.subject).toBe(`Test ${writer.username} invited you to comment on Rocket engine`);
    expect(firstLink(mail)).toBe(`http://localhost:3000/s/${sandbox.id}`);
    socket.close();
  });

  it("S1-3.024 / a draft its author shares opens for the people it is shared with, and no one else", async () => {
    const { workspaceId, writer, reader, outsider } = await personas(app);
    const draft = await make(workspaceId, writer.id, { path: null, privacy: 2 });
    expect((await read(outsider, draft.id)).statusCode).toBe(404);
    await gql(app, writer, SHARE, {
      sandboxId: draft.id,
      usernameOrEmail: outsider.username,
      authorization: "READ",
    });
    expect((await read(outsider, draft.id)).statusCode).toBe(200);
    expect((await read(reader, draft.id)).statusCode).toBe(404);
  });

  it("S1-2.120 / sharing by e-mail to edit, changing the level and stopping: each level shows in 'Shared with me', and removal takes it away", async () => {
    const { workspaceId, admin, outsider } = await personas(app);
    const sandbox = await make(workspaceId, admin.id, { privacy: 2 });
    await gql(app, admin, SHARE, {
      sandboxId: sandbox.id,
      usernameOrEmail: outsider.email,
      authorization: "WRITE_CODE",
    });
    expect((await sharedWith(outsider))[0]?.authorization).toBe("WRITE_CODE");

    const changed = await gql(app, admin, UPDATE, {
      sandboxId: sandbox.id,
      userId: outsider.id,
      authorization: "READ",
    });
    expect(changed.data).toEqual({
      updateSandboxCollaborator: {
        id: sandbox.id,
        collaborators: [{ userId: outsider.id, authorization: "READ" }],
      },
    });
    expect((await sharedWith(outsider))[0]?.authorization).toBe("READ");
    const invitations = await gql<{ me: { notifications: { data: string }[] } }>(
      app,
      outsider,
      `{ me { id notifications(type: ["sandbox_invitation"], orderBy: { field: "insertedAt", direction: ASC }) { data } } }`,
    );
    expect(invitations.data!.me.notifications.map((n) => JSON.parse(n.data).authorization)).toEqual([
      "WRITE_CODE",
      "READ",
    ]);

    // Sharing again at the same level changes nothing and notifies nobody.
    await gql(app, admin, SHARE, {
      sandboxId: sandbox.id,
      usernameOrEmail: outsider.username,
      authorization: "READ",
    });
    expect(await collaboratorRows(sandbox.id)).toHaveLength(1);

    const removed = await gql(app, admin, REMOVE, { sandboxId: sandbox.id, userId: outsider.id });
    expect(removed.data).toEqual({ removeSandboxCollaborator: { id: sandbox.id, collaborators: [] } });
    expect(await sharedWith(outsider)).toEqual([]);
    expect((await read(outsider, sandbox.id)).statusCode).toBe(404);
    const left = await gql<{ me: { notifications: unknown[] } }>(
      app,
      outsider,
      "{ me { id notifications { id } } }",
    );
    expect(left.data!.me.notifications).toEqual([]);
  });

  it(`S1-6.010 / Mutation.shareSandbox, Mutation.updateSandboxCollaborator, Mutation.removeSandboxCollaborator / only the workspace's editors share: a non-member is told it does not exist, a viewer and a frozen workspace are refused`, async () => {
    const { workspaceId, admin, writer, reader, outsider } = await personas(app);
    const target = await signUp(app);
    const sandbox = await make(workspaceId, admin.id, { privacy: 2 });
    const draft = await make(workspaceId, admin.id, { path: null });
    await gql(app, admin, SHARE, {
      sandboxId: sandbox.id,
      usernameOrEmail: target.username,
      authorization: "READ",
    });
    const before = await collaboratorRows(sandbox.id);
    const attempts = (user: TestUser | null, id = sandbox.id) => [
      gql(app, user, SHARE, { sandboxId: id, usernameOrEmail: writer.username, authorization: "READ" }),
      gql(app, user, UPDATE, { sandboxId: id, userId: target.id, authorization: "COMMENT" }),
      gql(app, user, REMOVE, { sandboxId: id, userId: target.id }),
    ];
    const codes = async (user: TestUser | null, id?: string) =>
      (await Promise.all(attempts(user, id))).map((a) => a.errors?.[0]?.extensions?.code);
    expect(await codes(null)).toEqual(["UNAUTHENTICATED", "UNAUTHENTICATED", "UNAUTHENTICATED"]);
    expect(await codes(outsider)).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND"]);
    expect(await codes(reader)).toEqual(["FORBIDDEN", "FORBIDDEN", "FORBIDDEN"]);
    // Someone else's draft is theirs alone.
    expect(await codes(writer, draft.id)).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND"]);
    await setFrozen(app, workspaceId, true);
    expect(await codes(admin)).toEqual(["FORBIDDEN", "FORBIDDEN", "FORBIDDEN"]);
    await setFrozen(app, workspaceId, false);
    expect(await collaboratorRows(sandbox.id)).toEqual(before);

    const byWriter = await gql(app, writer, UPDATE, {
      sandboxId: sandbox.id,
      userId: target.id,
      authorization: "COMMENT",
    });
    expect(byWriter.errors).toBeUndefined();
    const byAdmin = await gql(app, admin, REMOVE, { sandboxId: sandbox.id, userId: target.id });
    expect(byAdmin.errors).toBeUndefined();
  });

  it("S1-6.010 / the collaborator list is for the workspace's editors; others read null", async () => {
    const { workspaceId, admin, writer, reader, outsider } = await personas(app);
    const sandbox = await make(workspaceId, admin.id, { privacy: 0 });
    await gql(app, admin, SHARE, {
      sandboxId: sandbox.id,
      usernameOrEmail: outsider.username,
      authorization: "READ",
    });
    const list = (user: TestUser) =>
      gql<{ sandbox: { collaborators: unknown[] | null } }>(
        app,
        user,
        "query($id: ID!) { sandbox(sandboxId: $id) { collaborators { username } } }",
        { id: sandbox.id },
      );
    expect((await list(writer)).data!.sandbox.collaborators).toEqual([{ username: outsider.username }]);
    expect((await list(reader)).data!.sandbox.collaborators).toBeNull();
    expect((await list(outsider)).data!.sandbox.collaborators).toBeNull();
  });

  it("S1-3.024 / bad input gets a clear error and shares nothing", async () => {
    const { workspaceId, admin, outsider } = await personas(app);
    const sandbox = await make(workspaceId, admin.id);
    const deleted = await make(workspaceId, admin.id, { removed: true });
    const share = (vars: Record<string, unknown>) =>
      gql(app, admin, SHARE, {
        sandboxId: sandbox.id,
        usernameOrEmail: outsider.username,
        authorization: "READ",
        ...vars,
      });
    expect((await share({ authorization: "OWNER" })).errors?.[0]).toMatchObject({
      message: "Share a sandbox to comment on it (COMMENT), view it (READ) or edit it (WRITE_CODE).",
      extensions: { code: "INVALID" },
    });
    expect((await share({ usernameOrEmail: "nobody-here" })).errors?.[0]?.message).toBe(
      "There is no user with the username or e-mail nobody-here.",
    );
    expect((await share({ usernameOrEmail: "  " })).errors?.[0]?.extensions?.code).toBe("INVALID");
    expect((await share({ usernameOrEmail: admin.username })).errors?.[0]?.message).toBe(
      "You cannot share a sandbox with yourself.",
    );
    expect((await share({ sandboxId: deleted.id })).errors?.[0]?.extensions?.code).toBe("INVALID");
    expect((await share({ sandboxId: "nope00" })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const missing = await gql(app, admin, UPDATE, {
      sandboxId: sandbox.id,
      userId: outsider.id,
      authorization: "READ",
    });
    expect(missing.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await collaboratorRows(sandbox.id)).toEqual([]);
    expect(await sharedWith(outsider)).toEqual([]);
  });
});
