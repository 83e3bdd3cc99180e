import { DASHBOARD_MESSAGES, WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, setFrozen, signUp, type TestUser } from "../../../test/factories.ts";
import { sandboxDirectories, sandboxModules, templates, workspaces } from "../../db/schema/index.ts";
import { subscribe } from "../billing/testing.ts";
import { type GqlResult, makeSandbox, outcome, sandboxRow } from "./testing.ts";

let app: TestApp;
let p: Personas;
let frozen: Personas;
beforeAll(async () => {
  app = await testApp();
  [p, frozen] = await Promise.all([personas(app), personas(app)]);
  await setFrozen(app, frozen.workspaceId, true);
});

const SANDBOX_CARD = `fragment SandboxCard on Sandbox { id alias title description lastAccessedAt insertedAt updatedAt
  removedAt privacy isFrozen screenshotUrl viewCount likeCount isV2 draft restricted authorId teamId
  source { template } customTemplate { id iconUrl } forkedTemplate { id color iconUrl } collection { path id }
  author { username } permissions { preventSandboxLeaving preventSandboxExport } }`;

const TEAM_SANDBOXES = `query($teamId: UUID4!, $showDeleted: Boolean, $orderBy: OrderBy, $limit: Int) {
  me { id team(id: $teamId) { sandboxes(showDeleted: $showDeleted, orderBy: $orderBy, limit: $limit) {
  ...SandboxCard forkCount authorization team { name } } } } } ${SANDBOX_CARD}`;

const DRAFTS = `query TeamDrafts($teamId: UUID4!, $authorId: UUID4) { me { id team(id: $teamId) { drafts(authorId: $authorId) {
  id alias title insertedAt updatedAt screenshotUrl isV2 isFrozen privacy restricted draft viewCount teamId
  source { template } customTemplate { id iconUrl } forkedTemplate { id iconUrl } collection { path id }
  author { username } permissions { preventSandboxLeaving preventSandboxExport } authorId lastAccessedAt } } } }`;

const DELETED = `query DeletedTeamSandboxes($teamId: UUID4!) { me { id team(id: $teamId) {
  sandboxes(showDeleted: true, orderBy: {field: "updated_at", direction: DESC}) {
  id alias title isV2 removedAt teamId collection { id path } } } } }`;

const TEMPLATES = `query TeamTemplates($id: UUID4!) { me { id team(id: $id) { id name templates { id color iconUrl published
  sandbox { ...SandboxCard team { name } git { id username commitSha path repo branch } } } } } } ${SANDBOX_CARD}`;

type Card = { id: string; title: string; draft: boolean; removedAt: string | null; [k: string]: unknown };
type TeamList<K extends string> = { me: { team: Record<K, Card[]> | null } };

const listOf = async (user: TestUser, teamId: string, vars: Record<string, unknown> = {}) => {
  const r = await gql<TeamList<"sandboxes">>(app, user, TEAM_SANDBOXES, { teamId, ...vars });
  expect(r.errors).toBeUndefined();
  return r.data!.me.team?.sandboxes ?? null;
};

const M = {
  move: `mutation($collectionPath: String, $sandboxIds: [ID!]!, $teamId: UUID4, $privacy: Int) {
    addToCollectionOrTeam(collectionPath: $collectionPath, sandboxIds: $sandboxIds, teamId: $teamId, privacy: $privacy) { id } }`,
  trash: "mutation($sandboxIds: [ID!]!) { deleteSandboxes(sandboxIds: $sandboxIds) { id } }",
  purge: "mutation($sandboxIds: [ID!]!) { permanentlyDeleteSandboxes(sandboxIds: $sandboxIds) { id } }",
  rename: "mutation($id: ID!, $title: String!) { renameSandbox(id: $id, title: $title) { id title } }",
  frozen:
    "mutation($sandboxIds: [ID!]!, $isFrozen: Boolean!) { setSandboxesFrozen(sandboxIds: $sandboxIds, isFrozen: $isFrozen) { id } }",
  privacy:
    "mutation($sandboxIds: [ID!]!, $privacy: Int!) { setSandboxesPrivacy(sandboxIds: $sandboxIds, privacy: $privacy) { id privacy } }",
  make: "mutation($sandboxIds: [ID!]!) { makeSandboxesTemplates(sandboxIds: $sandboxIds) { id } }",
  unmake: "mutation($sandboxIds: [ID!]!) { unmakeSandboxesTemplates(sandboxIds: $sandboxIds) { id } }",
  exportOff: `mutation($sandboxIds: [ID!]!, $preventSandboxExport: Boolean!) {
    setPreventSandboxesExport(sandboxIds: $sandboxIds, preventSandboxExport: $preventSandboxExport) { id } }`,
  leaving: `mutation($sandboxIds: [ID!]!, $preventSandboxLeaving: Boolean!) {
    setPreventSandboxesLeavingWorkspace(sandboxIds: $sandboxIds, preventSandboxLeaving: $preventSandboxLeaving) { id } }`,
};

describe("createSandbox", () => {
  it("gives a 6-character short id, an alias from the title and the files with their directories", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { title: "Hello World!" });
    expect(id).toMatch(/^[a-z0-9]{6}$/);
    const row = await sandboxRow(app, id);
    expect(row!.alias).toBe(`hello-world-${id}`);
    const dirs = await app.deps.db
      .select()
      .from(sandboxDirectories)
      .where(eq(sandboxDirectories.sandboxId, id));
    const mods = await app.deps.db.select().from(sandboxModules).where(eq(sandboxModules.sandboxId, id));
    const src = dirs.find((d) => d.title === "src")!;
    const components = dirs.find((d) => d.title === "components")!;
    expect(src.directoryShortid).toBeNull();
    expect(components.directoryShortid).toBe(src.shortid);
    expect(mods.find((m) => m.title === "package.json")!.directoryShortid).toBeNull();
    expect(mods.find((m) => m.title === "index.js")!.directoryShortid).toBe(src.shortid);
    expect(mods.find((m) => m.title === "App.js")!.directoryShortid).toBe(components.shortid);
  });
});

describe("sandbox lists", () => {
  it("S1-2.038 / S1-6.009 / drafts list only the viewer's own drafts; others' drafts are never listed", async () => {
    const mine = await makeSandbox(app, p.workspaceId, p.writer.id, { path: null, title: "writer draft" });
    const theirs = await makeSandbox(app, p.workspaceId, p.admin.id, { path: null, title: "admin draft" });
    const own = await gql<TeamList<"drafts">>(app, p.writer, DRAFTS, {
      teamId: p.workspaceId,
      authorId: null,
    });
    expect(own.errors).toBeUndefined();
    const ids = own.data!.me.team!.drafts.map((s) => s.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(own.data!.me.team!.drafts.find((s) => s.id === mine)).toMatchObject({
      draft: true,
      collection: null,
    });
    const other = await gql<TeamList<"drafts">>(app, p.admin, DRAFTS, {
      teamId: p.workspaceId,
      authorId: p.writer.id,
    });
    expect(other.data!.me.team!.drafts).toEqual([]);
    const adminList = (await listOf(p.admin, p.workspaceId))!.map((s) => s.id);
    expect(adminList).toContain(theirs);
    expect(adminList).not.toContain(mine);
  });

  it("S1-7.033 / Team.sandboxes answers the SandboxCard fields, sorted and limited as asked", async () => {
    const a = await makeSandbox(app, p.workspaceId, p.writer.id, { title: "aaa first" });
    const list = (await listOf(p.writer, p.workspaceId, {
      orderBy: { field: "title", direction: "ASC" },
    }))!;
    const titles = list.map((s) => s.title);
    expect(titles).toEqual([...titles].sort());
    const card = list.find((s) => s.id === a)!;
    expect(card).toMatchObject({
      id: a,
      alias: `aaa-first-${a}`,
      privacy: 0,
      isFrozen: false,
      draft: false,
      isV2: false,
      authorId: p.writer.id,
      teamId: p.workspaceId,
      source: { template: "react" },
      customTemplate: null,
      collection: { path: "/" },
      author: { username: p.writer.username },
      permissions: { preventSandboxLeaving: false, preventSandboxExport: false },
      authorization: "OWNER",
      removedAt: null,
      lastAccessedAt: null,
    });
    const limited = (await listOf(p.writer, p.workspaceId, { limit: 2 }))!;
    expect(limited).toHaveLength(2);
    const bad = await gql(app, p.writer, TEAM_SANDBOXES, {
      teamId: p.workspaceId,
      orderBy: { field: "nope", direction: "ASC" },
    });
    expect(outcome(bad)).toBe("INVALID");
  });

  it("S1-7.033 / hasOriginalGit answers no sandboxes until synced repositories exist", async () => {
    const r = await gql<{ me: { team: { synced: Card[] } } }>(
      app,
      p.writer,
      "query($id: UUID4!) { me { id team(id: $id) { synced: sandboxes(hasOriginalGit: true, limit: 1) { id } } } }",
      { id: p.workspaceId },
    );
    expect(r.data!.me.team.synced).toEqual([]);
  });
});

describe("sandbox lifecycle", () => {
  it("S1-4.002 / S1-2.055 / delete → Recently deleted → recover to the root folder → permanent delete", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { path: "/lifecycle" });
    expect(outcome(await gql(app, p.writer, M.trash, { sandboxIds: [id] }))).toBe("OK");
    expect((await sandboxRow(app, id))!.removedAt).not.toBeNull();
    expect((await listOf(p.writer, p.workspaceId))!.map((s) => s.id)).not.toContain(id);
    const deleted = await gql<TeamList<"sandboxes">>(app, p.reader, DELETED, { teamId: p.workspaceId });
    const entry = deleted.data!.me.team!.sandboxes.find((s) => s.id === id);
    expect(entry).toMatchObject({ id, collection: { path: "/lifecycle" } });
    expect(entry!.removedAt).toEqual(expect.any(String));

    expect(outcome(await gql(app, p.writer, M.move, { collectionPath: "/", sandboxIds: [id] }))).toBe("OK");
    const recovered = await sandboxRow(app, id);
    expect(recovered!.removedAt).toBeNull();
    expect((await listOf(p.writer, p.workspaceId))!.find((s) => s.id === id)!.collection).toMatchObject({
      path: "/",
    });

    const early = await gql(app, p.writer, M.purge, { sandboxIds: [id] });
    expect(outcome(early)).toBe("INVALID");
    expect(early.errors![0]!.message).toBe(DASHBOARD_MESSAGES.onlyDeletedPurged);
    expect(await sandboxRow(app, id)).not.toBeNull();
    await gql(app, p.writer, M.trash, { sandboxIds: [id] });
    expect(outcome(await gql(app, p.writer, M.purge, { sandboxIds: [id] }))).toBe("OK");
    expect(await sandboxRow(app, id)).toBeNull();
  });

  it("S1-4.002 / make a template and revert it: Team.templates answers TemplateCard", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { title: "Starter" });
    expect(outcome(await gql(app, p.writer, M.make, { sandboxIds: [id] }))).toBe("OK");
    const r = await gql<{ me: { team: { templates: { id: string; sandbox: Card }[] } } }>(
      app,
      p.reader,
      TEMPLATES,
      {
        id: p.workspaceId,
      },
    );
    expect(r.errors).toBeUndefined();
    const tpl = r.data!.me.team.templates.find((t) => t.sandbox.id === id)!;
    expect(tpl.sandbox).toMatchObject({ title: "Starter", customTemplate: { id: tpl.id }, git: null });
    expect(tpl.sandbox.team).toMatchObject({ name: expect.any(String) });
    expect(outcome(await gql(app, p.writer, M.unmake, { sandboxIds: [id] }))).toBe("OK");
    expect(await app.deps.db.select().from(templates).where(eq(templates.sandboxId, id))).toEqual([]);
  });

  it("S1-7.033 / a protected sandbox cannot be renamed, moved or deleted until unprotected", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id, { title: "Keep" });
    expect(outcome(await gql(app, p.writer, M.frozen, { sandboxIds: [id], isFrozen: true }))).toBe("OK");
    const before = await sandboxRow(app, id);
    for (const [query, vars] of [
      [M.rename, { id, title: "Other" }],
      [M.trash, { sandboxIds: [id] }],
      [M.move, { collectionPath: null, sandboxIds: [id] }],
    ] as const) {
      const r = await gql(app, p.writer, query, vars);
      expect(outcome(r)).toBe("FORBIDDEN");
      expect(r.errors![0]!.message).toBe(DASHBOARD_MESSAGES.sandboxProtected);
    }
    expect(await sandboxRow(app, id)).toEqual(before);
    await gql(app, p.writer, M.frozen, { sandboxIds: [id], isFrozen: false });
    const renamed = await gql<{ renameSandbox: { title: string } }>(app, p.writer, M.rename, {
      id,
      title: " Other ",
    });
    expect(renamed.data!.renameSandbox.title).toBe("Other");
  });

  it("S1-7.033 / a bulk change is all or nothing and names the reason", async () => {
    const ok = await makeSandbox(app, p.workspaceId, p.writer.id);
    const locked = await makeSandbox(app, p.workspaceId, p.writer.id, { isFrozen: true });
    const othersDraft = await makeSandbox(app, p.workspaceId, p.admin.id, { path: null });
    const elsewhere = await makeSandbox(app, p.outsider.primaryTeamId, p.outsider.id);
    const cases: [string[], string, string][] = [
      [[ok, "zzzzzz"], "NOT_FOUND", DASHBOARD_MESSAGES.sandboxNotFound],
      [[ok, othersDraft], "NOT_FOUND", DASHBOARD_MESSAGES.sandboxNotFound],
      [[ok, elsewhere], "NOT_FOUND", DASHBOARD_MESSAGES.sandboxNotFound],
      [[ok, locked], "FORBIDDEN", DASHBOARD_MESSAGES.sandboxProtected],
    ];
    for (const [ids, code, message] of cases) {
      const r = await gql(app, p.writer, M.trash, { sandboxIds: ids });
      expect(outcome(r)).toBe(code);
      expect(r.errors![0]!.message).toBe(message);
      expect((await sandboxRow(app, ok))!.removedAt).toBeNull();
    }
  });
});

describe("bad input changes nothing", () => {
  it("S1-7.033 / a blank title, privacy 7 on a move and an unknown folder are refused with a clear error", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id);
    const before = await sandboxRow(app, id);
    const blank = await gql(app, p.writer, M.rename, { id, title: "   " });
    expect(outcome(blank)).toBe("INVALID");
    expect(blank.errors![0]!.message).toBe(DASHBOARD_MESSAGES.titleRequired);
    const seven = await gql(app, p.writer, M.move, { collectionPath: "/", sandboxIds: [id], privacy: 7 });
    expect(outcome(seven)).toBe("INVALID");
    expect(seven.errors![0]!.message).toBe(DASHBOARD_MESSAGES.privacyInvalid);
    expect(await sandboxRow(app, id)).toEqual(before);
  });

  it("S1-5.017 / moving into a full drafts folder fails with DRAFT_LIMIT", async () => {
    const owner = await signUp(app);
    for (let i = 0; i < 20; i++) await makeSandbox(app, owner.primaryTeamId, owner.id, { path: null });
    const id = await makeSandbox(app, owner.primaryTeamId, owner.id);
    const r = await gql(app, owner, M.move, { collectionPath: null, sandboxIds: [id] });
    expect(outcome(r)).toBe("DRAFT_LIMIT");
    expect(r.errors![0]!.message).toContain("DRAFT_LIMIT");
    expect(r.errors![0]!.message).toContain(DASHBOARD_MESSAGES.draftLimit);
    expect((await sandboxRow(app, id))!.collectionId).not.toBeNull();
  });
});

describe("batching", () => {
  it("S1-7.033 / a list of N sandboxes costs the same number of queries as a list of 2", async () => {
    const owner = await signUp(app);
    const queriesFor = async () => {
      const spy = vi.spyOn(app.deps.db, "select");
      const r = await gql(app, owner, TEAM_SANDBOXES, { teamId: owner.primaryTeamId });
      expect(r.errors).toBeUndefined();
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return calls;
    };
    for (let i = 0; i < 2; i++) await makeSandbox(app, owner.primaryTeamId, owner.id);
    const few = await queriesFor();
    expect(few).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await makeSandbox(app, owner.primaryTeamId, owner.id, { path: `/f${i}` });
    expect(await queriesFor()).toBe(few);
  });
});

describe("privacy and moves", () => {
  it("S1-7.033 / privacy must be 0, 1 or 2 and never below the workspace minimum", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id);
    const before = await sandboxRow(app, id);
    const seven = await gql(app, p.writer, M.privacy, { sandboxIds: [id], privacy: 7 });
    expect(outcome(seven)).toBe("INVALID");
    expect(seven.errors![0]!.message).toBe(DASHBOARD_MESSAGES.privacyInvalid);
    await app.deps.db.update(workspaces).set({ minimumPrivacy: 1 }).where(eq(workspaces.id, p.workspaceId));
    try {
      const low = await gql(app, p.writer, M.privacy, { sandboxIds: [id], privacy: 0 });
      expect(outcome(low)).toBe("INVALID");
      expect(low.errors![0]!.message).toBe(DASHBOARD_MESSAGES.privacyBelowMinimum(1));
      expect(await sandboxRow(app, id)).toEqual(before);
      const ok = await gql<{ setSandboxesPrivacy: { privacy: number }[] }>(app, p.writer, M.privacy, {
        sandboxIds: [id],
        privacy: 1,
      });
      expect(ok.data!.setSandboxesPrivacy[0]!.privacy).toBe(1);
    } finally {
      await app.deps.db.update(workspaces).set({ minimumPrivacy: 0 }).where(eq(workspaces.id, p.workspaceId));
    }
  });

  it("S1-5.017 / moving into a Free workspace past 5 private sandboxes fails with SANDBOX_LIMIT and changes nothing", async () => {
    const owner = await signUp(app);
    const target = owner.primaryTeamId;
    for (let i = 0; i < 5; i++) await makeSandbox(app, target, owner.id, { privacy: 2 });
    const other = await gql<{ createTeam: { id: string } }>(
      app,
      owner,
      'mutation { createTeam(name: "Second") { id } }',
    );
    const source = other.data!.createTeam.id;
    const secret = await makeSandbox(app, source, owner.id, { privacy: 2 });
    const open = await makeSandbox(app, source, owner.id, { privacy: 0 });
    const before = await sandboxRow(app, secret);
    const r = await gql(app, owner, M.move, { collectionPath: "/", sandboxIds: [secret], teamId: target });
    expect(outcome(r)).toBe("SANDBOX_LIMIT");
    expect(r.errors![0]!.message).toContain("SANDBOX_LIMIT");
    expect(r.errors![0]!.message).toContain(
      "You have reached the maximum of 5 private Sandboxes in this workspace. Upgrade your plan to add more.",
    );
    expect(await sandboxRow(app, secret)).toEqual(before);
    // A public one fits; making it private does not.
    expect(
      outcome(await gql(app, owner, M.move, { collectionPath: "/", sandboxIds: [open], teamId: target })),
    ).toBe("OK");
    expect((await sandboxRow(app, open))!.workspaceId).toBe(target);
    expect(outcome(await gql(app, owner, M.privacy, { sandboxIds: [open], privacy: 2 }))).toBe(
      "SANDBOX_LIMIT",
    );
  });

  it("S1-7.033 / moving across workspaces needs WRITE in both and respects prevent-leaving", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id);
    // The writer is not a member of the outsider's workspace.
    const notMember = await gql(app, p.writer, M.move, {
      collectionPath: "/",
      sandboxIds: [id],
      teamId: p.outsider.primaryTeamId,
    });
    expect(outcome(notMember)).toBe("NOT_FOUND");
    const readerHere = await makeSandbox(app, p.reader.primaryTeamId, p.reader.id);
    const readOnlyTarget = await gql(app, p.reader, M.move, {
      collectionPath: "/",
      sandboxIds: [readerHere],
      teamId: p.workspaceId,
    });
    expect(outcome(readOnlyTarget)).toBe("FORBIDDEN");
    // The admin moves a sandbox to their own personal workspace, unless it may not leave.
    const stays = await makeSandbox(app, p.workspaceId, p.writer.id, { preventSandboxLeaving: true });
    const refused = await gql(app, p.admin, M.move, {
      collectionPath: "/",
      sandboxIds: [stays],
      teamId: p.admin.primaryTeamId,
    });
    expect(outcome(refused)).toBe("FORBIDDEN");
    expect(refused.errors![0]!.message).toBe(DASHBOARD_MESSAGES.sandboxCannotLeave);
    expect((await sandboxRow(app, stays))!.workspaceId).toBe(p.workspaceId);
    const moved = await gql(app, p.admin, M.move, {
      collectionPath: "/",
      sandboxIds: [id],
      teamId: p.admin.primaryTeamId,
    });
    expect(outcome(moved)).toBe("OK");
    expect((await sandboxRow(app, id))!.workspaceId).toBe(p.admin.primaryTeamId);
  });

  it("S1-5.017 / moving into an unknown folder is NOT_FOUND; to drafts (null path) makes a draft of the mover", async () => {
    const id = await makeSandbox(app, p.workspaceId, p.writer.id);
    const r = await gql(app, p.writer, M.move, { collectionPath: "/nowhere", sandboxIds: [id] });
    expect(outcome(r)).toBe("NOT_FOUND");
    expect(r.errors![0]!.message).toBe(DASHBOARD_MESSAGES.folderNotFound);
    expect(outcome(await gql(app, p.writer, M.move, { collectionPath: null, sandboxIds: [id] }))).toBe("OK");
    expect((await sandboxRow(app, id))!.collectionId).toBeNull();
  });
});

describe("authorization matrix", () => {
  type Case = {
    name: string;
    query: string;
    vars: (id: string) => Record<string, unknown>;
    setup?: { removed?: boolean; path?: string | null };
    adminOnly?: boolean;
  };
  const cases: Case[] = [
    {
      name: "addToCollectionOrTeam",
      query: M.move,
      vars: (id) => ({ collectionPath: "/", sandboxIds: [id] }),
      setup: { removed: true },
    },
    { name: "deleteSandboxes", query: M.trash, vars: (id) => ({ sandboxIds: [id] }) },
    {
      name: "permanentlyDeleteSandboxes",
      query: M.purge,
      vars: (id) => ({ sandboxIds: [id] }),
      setup: { removed: true },
    },
    { name: "renameSandbox", query: M.rename, vars: (id) => ({ id, title: "Renamed" }) },
    { name: "setSandboxesFrozen", query: M.frozen, vars: (id) => ({ sandboxIds: [id], isFrozen: true }) },
    { name: "setSandboxesPrivacy", query: M.privacy, vars: (id) => ({ sandboxIds: [id], privacy: 1 }) },
    { name: "makeSandboxesTemplates", query: M.make, vars: (id) => ({ sandboxIds: [id] }) },
    { name: "unmakeSandboxesTemplates", query: M.unmake, vars: (id) => ({ sandboxIds: [id] }) },
    {
      name: "setPreventSandboxesExport",
      query: M.exportOff,
      vars: (id) => ({ sandboxIds: [id], preventSandboxExport: false }),
      adminOnly: true,
    },
    {
      name: "setPreventSandboxesLeavingWorkspace",
      query: M.leaving,
      vars: (id) => ({ sandboxIds: [id], preventSandboxLeaving: false }),
      adminOnly: true,
    },
  ];
  const roles = ["outsider", "reader", "writer", "admin", "frozen"] as const;
  const expected = (c: Case, role: (typeof roles)[number]) =>
    ({
      outsider: "NOT_FOUND",
      reader: "FORBIDDEN",
      writer: c.adminOnly ? "FORBIDDEN" : "OK",
      admin: "OK",
      frozen: "FORBIDDEN",
    })[role];

  for (const c of cases) {
    it(`S1-7.033 / S1-7.034 / ${c.name}: outsider NOT_FOUND, READ refused, WRITE ${c.adminOnly ? "refused" : "ok"}, ADMIN ok, frozen refused; unknown id NOT_FOUND`, async () => {
      const results: Record<string, string> = {};
      for (const role of roles) {
        const team = role === "frozen" ? frozen : p;
        const user = role === "frozen" ? frozen.admin : p[role];
        const id = await makeSandbox(app, team.workspaceId, team.writer.id, c.setup ?? {});
        const before = await sandboxRow(app, id);
        const r = (await gql(app, user, c.query, c.vars(id))) as GqlResult;
        results[role] = outcome(r);
        if (results[role] !== "OK") expect(await sandboxRow(app, id)).toEqual(before);
      }
      expect(results).toEqual(Object.fromEntries(roles.map((role) => [role, expected(c, role)])));
      const unknown = await gql(app, p.admin, c.query, c.vars("nosuch"));
      expect(outcome(unknown)).toBe("NOT_FOUND");
      expect(unknown.errors![0]!.message).toBe(DASHBOARD_MESSAGES.sandboxNotFound);
    });
  }

  it("S2-6.007 / switching prevent export or prevent leaving on needs a Pro workspace; switching it off is always allowed", async () => {
    const free = await personas(app);
    const pro = await personas(app);
    await subscribe(app, pro.workspaceId);
    for (const [query, flag] of [
      [M.exportOff, "preventSandboxExport"],
      [M.leaving, "preventSandboxLeaving"],
    ] as const) {
      const freeId = await makeSandbox(app, free.workspaceId, free.writer.id);
      const refused = (await gql(app, free.admin, query, {
        sandboxIds: [freeId],
        [flag]: true,
      })) as GqlResult;
      expect(outcome(refused)).toBe("FORBIDDEN");
      expect(refused.errors![0]!.message).toBe(WORKSPACE_MESSAGES.proOnlySandboxSettings);
      expect((await sandboxRow(app, freeId))![flag]).toBe(false);
      const off = (await gql(app, free.admin, query, { sandboxIds: [freeId], [flag]: false })) as GqlResult;
      expect(outcome(off)).toBe("OK");

      const proId = await makeSandbox(app, pro.workspaceId, pro.writer.id);
      const on = (await gql(app, pro.admin, query, { sandboxIds: [proId], [flag]: true })) as GqlResult;
      expect(outcome(on)).toBe("OK");
      expect((await sandboxRow(app, proId))![flag]).toBe(true);
      const writer = (await gql(app, pro.writer, query, { sandboxIds: [proId], [flag]: false })) as GqlResult;
      expect(outcome(writer)).toBe("FORBIDDEN");
    }
  });

  it("S1-7.033 / Team.sandboxes, Team.drafts, Team.templates: members of any role read, outsiders get nothing", async () => {
    const id = await makeSandbox(app, frozen.workspaceId, frozen.writer.id);
    await app.deps.db.insert(templates).values({ sandboxId: id });
    const query = `query($id: UUID4!) { me { id team(id: $id) { sandboxes { id } drafts { id } templates { id } } } }`;
    for (const user of [frozen.reader, frozen.writer, frozen.admin]) {
      const r = await gql<{ me: { team: { sandboxes: Card[]; templates: unknown[] } } }>(app, user, query, {
        id: frozen.workspaceId,
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.me.team.sandboxes.map((s) => s.id)).toContain(id);
      expect(r.data!.me.team.templates).toHaveLength(1);
    }
    const outsider = await gql<{ me: { team: null } }>(app, frozen.outsider, query, {
      id: frozen.workspaceId,
    });
    expect(outsider.data!.me.team).toBeNull();
  });
});
