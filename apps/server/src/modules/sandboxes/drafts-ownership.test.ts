import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { addMember, gql, type Personas, personas, signUp, type TestUser } from "../../../test/factories.ts";
import { DRAFT_NOT_YOURS } from "./sandbox.policy.ts";
import { makeSandbox, outcome, sandboxRow } from "./testing.ts";

/**
 * Issue 13 hole 5: moving a sandbox into drafts makes it the mover's draft, which only they see;
 * only its author or an admin of its workspace may do it.
 */
let app: TestApp;
let p: Personas;
let otherWriter: TestUser;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
  otherWriter = await signUp(app);
  await addMember(app, p.workspaceId, otherWriter, "WRITE");
});

const toDrafts = (user: TestUser, sandboxIds: string[], teamId?: string) =>
  gql(
    app,
    user,
    `mutation($ids: [ID!]!, $teamId: UUID4) { addToCollectionOrTeam(collectionPath: null, sandboxIds: $ids, teamId: $teamId) { id draft authorId } }`,
    { ids: sandboxIds, teamId },
  );

describe("issue 13 hole 5 / only its author or an admin makes a sandbox a draft", () => {
  it("a WRITE member cannot take another's sandbox into their drafts (the admin's, another writer's): FORBIDDEN, nothing changes", async () => {
    for (const author of [p.admin, otherWriter]) {
      const id = await makeSandbox(app, p.workspaceId, author.id, { path: "/shared" });
      const before = await sandboxRow(app, id);
      const result = await toDrafts(p.writer, [id]);
      expect(outcome(result)).toBe("FORBIDDEN");
      expect(result.errors![0]!.message).toBe(DRAFT_NOT_YOURS);
      expect(await sandboxRow(app, id)).toEqual(before);
    }
  });

  it("a batch with one sandbox of someone else is refused as a whole", async () => {
    const own = await makeSandbox(app, p.workspaceId, p.writer.id);
    const theirs = await makeSandbox(app, p.workspaceId, otherWriter.id);
    expect(outcome(await toDrafts(p.writer, [own, theirs]))).toBe("FORBIDDEN");
    expect((await sandboxRow(app, own))!.collectionId).not.toBeNull();
    expect((await sandboxRow(app, theirs))!.authorId).toBe(otherWriter.id);
  });

  it("restoring someone else's deleted sandbox into one's drafts, or moving it as a draft to one's own workspace, is refused too", async () => {
    const deleted = await makeSandbox(app, p.workspaceId, otherWriter.id, { removed: true });
    expect(outcome(await toDrafts(p.writer, [deleted]))).toBe("FORBIDDEN");
    expect((await sandboxRow(app, deleted))!.removedAt).not.toBeNull();
    const theirs = await makeSandbox(app, p.workspaceId, otherWriter.id);
    expect(outcome(await toDrafts(p.writer, [theirs], p.writer.primaryTeamId))).toBe("FORBIDDEN");
    expect((await sandboxRow(app, theirs))!.workspaceId).toBe(p.workspaceId);
  });

  it("the author makes their own sandbox a draft; an admin may make anyone's a draft; moving another's sandbox into a folder stays allowed to WRITE", async () => {
    const own = await makeSandbox(app, p.workspaceId, p.writer.id);
    const mine = await toDrafts(p.writer, [own]);
    expect(outcome(mine)).toBe("OK");
    expect(await sandboxRow(app, own)).toMatchObject({ collectionId: null, authorId: p.writer.id });

    const writers = await makeSandbox(app, p.workspaceId, otherWriter.id);
    expect(outcome(await toDrafts(p.admin, [writers]))).toBe("OK");
    expect(await sandboxRow(app, writers)).toMatchObject({ collectionId: null, authorId: p.admin.id });

    const another = await makeSandbox(app, p.workspaceId, otherWriter.id);
    const moved = await gql(
      app,
      p.writer,
      `mutation($ids: [ID!]!) { addToCollectionOrTeam(collectionPath: "/", sandboxIds: $ids) { id } }`,
      { ids: [another] },
    );
    expect(outcome(moved)).toBe("OK");
    expect((await sandboxRow(app, another))!.authorId).toBe(otherWriter.id);
  });

  it("READ members and outsiders are refused as before (FORBIDDEN / NOT_FOUND)", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id);
    expect(outcome(await toDrafts(p.reader, [id]))).toBe("FORBIDDEN");
    expect(outcome(await toDrafts(p.outsider, [id]))).toBe("NOT_FOUND");
    expect((await sandboxRow(app, id))!.collectionId).not.toBeNull();
  });
});
