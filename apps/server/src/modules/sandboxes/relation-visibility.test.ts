import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, type TestUser } from "../../../test/factories.ts";
import { sandboxAccesses, sandboxCollaborators, templates } from "../../db/schema/index.ts";
import { folder, sandbox } from "../search/testing.ts";
import { call } from "./testing.ts";

/**
 * Issue 13 hole 1: every object is authorized on its own, for the viewer, whatever field led to it
 * (graphql/visibility.ts). A folder and a workspace are their members'; a sandbox is seen by who
 * may read it, and listed (unlisted ones) only to members, collaborators and who opened it before.
 */
let app: TestApp;
let p: Personas;
let viewers: [string, TestUser | null][];
let publicId: string;
let unlistedId: string;
let privateId: string;
let draftId: string;
let privateTemplateSandboxId: string;
let privateTemplateId: string;
let forkId: string;

beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
  viewers = [
    ["signed out", null],
    ["outsider", p.outsider],
    ["READ", p.reader],
    ["WRITE", p.writer],
    ["ADMIN", p.admin],
  ];
  const db = app.deps.db;
  const work = await folder(db, p.workspaceId, "/work");
  const base = { workspaceId: p.workspaceId, authorId: p.writer.id, collectionId: work.id };
  publicId = (await sandbox(db, { ...base, title: "Public one", privacy: 0 })).id;
  unlistedId = (await sandbox(db, { ...base, title: "Unlisted one", privacy: 1 })).id;
  privateId = (await sandbox(db, { ...base, title: "Private one", privacy: 2 })).id;
  draftId = (await sandbox(db, { ...base, draft: true, title: "Writer's draft", privacy: 0 })).id;
  privateTemplateSandboxId = (await sandbox(db, { ...base, title: "Secret template", privacy: 2 })).id;
  const [tpl] = await db
    .insert(templates)
    .values({ sandboxId: privateTemplateSandboxId, color: "#123456" })
    .returning();
  privateTemplateId = tpl!.id;
  // A public fork of the private template, in the same workspace (what outsiders may open).
  forkId = (
    await sandbox(db, {
      ...base,
      title: "Public fork",
      privacy: 0,
      forkedFromId: privateTemplateSandboxId,
    })
  ).id;
});

const member = (name: string) => ["READ", "WRITE", "ADMIN"].includes(name);

type Folder = { id: string; sandboxes: { id: string }[]; sandboxCount: number } | null;

describe("issue 13 hole 1 / relation fields authorize what they reach", () => {
  it("Sandbox.collection of a public sandbox: null for the signed out and outsiders; its members see the folder and all its sandboxes", async () => {
    for (const [name, user] of viewers) {
      const result = await gql<{ sandbox: { id: string; collection: Folder } | null }>(
        app,
        user,
        `query($id: ID!) { sandbox(sandboxId: $id) { id collection { id sandboxCount sandboxes { id title privacy } } } }`,
        { id: publicId },
      );
      expect(result.errors, name).toBeUndefined();
      expect(result.data!.sandbox!.id, name).toBe(publicId);
      if (member(name)) {
        const ids = result.data!.sandbox!.collection!.sandboxes.map((s) => s.id);
        expect(ids, name).toEqual(expect.arrayContaining([publicId, unlistedId, privateId, forkId]));
        expect(ids, name).not.toContain(draftId);
      } else {
        expect(result.data!.sandbox!.collection, name).toBeNull();
      }
    }
  });

  it("Sandbox.team and its fields (the invite token above all): null for non-members; the token for admins only", async () => {
    for (const [name, user] of viewers) {
      const result = await gql<{
        sandbox: { team: { id: string; inviteToken: string | null; sandboxes: { id: string }[] } | null };
      }>(
        app,
        user,
        `query($id: ID!) { sandbox(sandboxId: $id) { team { id inviteToken sandboxes { id } } } }`,
        { id: publicId },
      );
      expect(result.errors, name).toBeUndefined();
      const team = result.data!.sandbox!.team;
      if (!member(name)) {
        expect(team, name).toBeNull();
        continue;
      }
      expect(team!.id, name).toBe(p.workspaceId);
      if (name === "ADMIN") expect(team!.inviteToken).toMatch(/^[0-9a-f]{32}$/);
      else expect(team!.inviteToken, name).toBeNull();
    }
  });

  it("Sandbox.forkedTemplate of a public fork whose source is private: null (and no id) for who may not read the source", async () => {
    for (const [name, user] of viewers) {
      const result = await gql<{
        sandbox: { forkedTemplate: { id: string; color: string; sandbox: { id: string } | null } | null };
      }>(
        app,
        user,
        `query($id: ID!) { sandbox(sandboxId: $id) { forkedTemplate { id color sandbox { id title } } } }`,
        { id: forkId },
      );
      expect(result.errors, name).toBeUndefined();
      const forked = result.data!.sandbox!.forkedTemplate;
      if (member(name)) {
        expect(forked, name).toMatchObject({
          id: privateTemplateId,
          sandbox: { id: privateTemplateSandboxId },
        });
      } else {
        expect(forked, name).toBeNull();
        expect(JSON.stringify(result), name).not.toContain(privateTemplateSandboxId);
      }
    }
  });

  it("Sandbox.collection.sandboxes.collection... nested paths and aliases reach nothing more for outsiders", async () => {
    const result = await gql(
      app,
      p.outsider,
      `query($id: ID!) { a: sandbox(sandboxId: $id) { collection { sandboxes { id } } team { id } }
        b: sandbox(sandboxId: $id) { forkedTemplate { sandbox { collection { id } } } customTemplate { id } } }`,
      { id: forkId },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: { collection: null, team: null },
      b: { forkedTemplate: null, customTemplate: null },
    });
  });

  it("a collaborator of a private sandbox reads it, not its folder nor its workspace", async () => {
    await app.deps.db
      .insert(sandboxCollaborators)
      .values({ sandboxId: privateId, userId: p.outsider.id, authorization: "READ" });
    try {
      const result = await gql<{
        sandbox: { id: string; collection: Folder; team: unknown };
        me: { collaboratorSandboxes: { id: string }[] };
      }>(
        app,
        p.outsider,
        `query($id: ID!) { sandbox(sandboxId: $id) { id collection { id } team { id } }
          me { collaboratorSandboxes { id } } }`,
        { id: privateId },
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.sandbox).toEqual({ id: privateId, collection: null, team: null });
      expect(result.data!.me.collaboratorSandboxes.map((s) => s.id)).toEqual([privateId]);
    } finally {
      await app.deps.db.delete(sandboxCollaborators);
    }
  });

  it("User.recentlyAccessedSandboxes drops what the viewer may no longer read (a private sandbox of a workspace they left); an unlisted one they opened stays", async () => {
    const now = new Date();
    await app.deps.db.insert(sandboxAccesses).values([
      { userId: p.outsider.id, sandboxId: privateId, lastAccessedAt: now },
      { userId: p.outsider.id, sandboxId: unlistedId, lastAccessedAt: now },
      { userId: p.outsider.id, sandboxId: draftId, lastAccessedAt: now },
    ]);
    const result = await gql<{ me: { recentlyAccessedSandboxes: { id: string }[] } }>(
      app,
      p.outsider,
      "{ me { recentlyAccessedSandboxes(limit: 18) { id collection { id } } } }",
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.me.recentlyAccessedSandboxes).toEqual([{ id: unlistedId, collection: null }]);
  });

  it("User.team, User.collection(s) and Team lists of another workspace answer what a missing one answers", async () => {
    const result = await gql<{ me: Record<string, unknown> }>(
      app,
      p.outsider,
      `query($team: UUID4!, $teamId: ID) { me { team(id: $team) { id } collection(path: "/work", teamId: $teamId) { id }
        collections(teamId: $teamId) { id } } }`,
      { team: p.workspaceId, teamId: p.workspaceId },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.me).toEqual({ team: null, collection: null, collections: [] });
  });

  it("Query.sandbox itself: the unlisted one by id for anyone, the private one and a draft for members (drafts: their author) only", async () => {
    for (const [name, user] of viewers) {
      const read = async (id: string) =>
        (
          await gql<{ sandbox: { id: string } | null }>(
            app,
            user,
            "query($id: ID!) { sandbox(sandboxId: $id) { id } }",
            { id },
          )
        ).data!.sandbox?.id ?? null;
      expect(await read(unlistedId), name).toBe(unlistedId);
      expect(await read(privateId), name).toBe(member(name) ? privateId : null);
      expect(await read(draftId), name).toBe(name === "WRITE" ? draftId : null);
    }
  });
});

describe("issue 13 hole 6 / REST answers name no sandbox the viewer may not read", () => {
  it("GET /api/v1/sandboxes/{fork}: a public fork of a private sandbox shows no forkedFromId, forkedTemplate or forkedFrom to the signed out; its members see them", async () => {
    const signedOut = await call(app, null, "GET", `/api/v1/sandboxes/${forkId}`);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toMatchObject({
      id: forkId,
      forkedFromId: null,
      forkedTemplate: null,
      forkedFrom: null,
    });
    expect(signedOut.body).not.toContain(privateTemplateSandboxId);
    expect(signedOut.body).not.toContain(privateTemplateId);
    const asMember = await call(app, p.reader, "GET", `/api/v1/sandboxes/${forkId}`);
    expect(asMember.json()).toMatchObject({
      forkedFromId: privateTemplateSandboxId,
      forkedTemplate: { id: privateTemplateId },
    });
  });

  it("profile lists (GET /api/v1/users/{username}/sandboxes): the fork's private source id is hidden from others, shown to its author", async () => {
    const url = `/api/v1/users/${p.writer.username}/sandboxes?page=all`;
    const listed = (response: { json(): unknown }) =>
      Object.values(response.json() as Record<string, { id: string; forkedFromId: string | null }[]>)[0]!;
    const others = listed(await call(app, p.outsider, "GET", url));
    expect(others.find((s) => s.id === forkId)).toMatchObject({ forkedFromId: null });
    const own = listed(await call(app, p.writer, "GET", url));
    expect(own.find((s) => s.id === forkId)).toMatchObject({ forkedFromId: privateTemplateSandboxId });
  });
});
