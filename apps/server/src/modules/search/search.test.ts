import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen } from "../../../test/factories.ts";
import { projects, sandboxes, searchVersions, templates, users } from "../../db/schema/index.ts";
import type { SearchResults } from "./search.service.ts";
import { folder, sandbox } from "./testing.ts";

let app: TestApp;
let p: Personas;

beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

async function search(
  user: { headers: Record<string, string> } | null,
  query: string,
  teamId = p.workspaceId,
) {
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/teams/${teamId}/search?query=${encodeURIComponent(query)}`,
    headers: user ? user.headers : CLIENT,
  });
  return { status: response.statusCode, body: response.json() as SearchResults & { errors?: unknown } };
}
const ids = (r: { body: SearchResults }) => r.body.sandboxes.map((s) => s.id);

describe("dashboard search", () => {
  it("S1-5.007 / a title matches fuzzily: 'reactt' finds 'React starter'; an unrelated title does not", async () => {
    const db = app.deps.db;
    const hit = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "React starter",
    });
    const miss = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Quantum ledger",
    });
    for (const user of [p.admin, p.writer, p.reader]) {
      const r = await search(user, "reactt");
      expect(r.status).toBe(200);
      expect(ids(r)).toContain(hit.id);
      expect(ids(r)).not.toContain(miss.id);
    }
  });

  it("S1-5.006 / S1-5.008 / a description match is found and ranks below a title match", async () => {
    const db = app.deps.db;
    const byDescription = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Forecast widget",
      description: "Shows the zanzibar climate for a week",
    });
    const byTitle = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Zanzibar maps",
    });
    const r = await search(p.reader, "zanzibar");
    expect(ids(r)).toEqual([byTitle.id, byDescription.id]);
  });

  it("S1-5.009 / S1-5.010 / alias and source template match", async () => {
    const db = app.deps.db;
    const byAlias = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Untitled one",
      alias: "kumquat-orchard",
    });
    const byTemplate = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Untitled two",
      sourceTemplate: "docusaurus",
    });
    expect(ids(await search(p.writer, "kumquat"))).toEqual([byAlias.id]);
    expect(ids(await search(p.writer, "docusaurus"))).toEqual([byTemplate.id]);
  });

  it("S1-5.011 / the id matches only exactly", async () => {
    const db = app.deps.db;
    const s = await sandbox(db, {
      id: "xq7k2m",
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Plain",
      alias: "plain-alias",
    });
    expect(ids(await search(p.reader, "xq7k2m"))).toEqual([s.id]);
    expect(ids(await search(p.reader, "xq7k2n"))).toEqual([]);
    expect(ids(await search(p.reader, "xq7k2"))).toEqual([]);
  });

  it("S1-5.012 / other authors' drafts, deleted sandboxes and other workspaces never appear; own drafts do; folders by path", async () => {
    const db = app.deps.db;
    const mine = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Pelican draft",
      draft: true,
    });
    const theirs = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Pelican notes",
      draft: true,
    });
    const gone = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Pelican old",
      removedAt: new Date(),
    });
    const elsewhere = await sandbox(db, {
      workspaceId: p.outsider.primaryTeamId,
      authorId: p.outsider.id,
      title: "Pelican away",
    });
    const shown = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Pelican shared",
    });
    const f = await folder(db, p.workspaceId, "/birds/pelicans");
    const r = await search(p.writer, "pelican");
    expect(ids(r).sort()).toEqual([mine.id, shown.id].sort());
    for (const hidden of [theirs.id, gone.id, elsewhere.id]) expect(ids(r)).not.toContain(hidden);
    expect(r.body.folders).toEqual([{ id: f.id, path: "/birds/pelicans" }]);
    expect(r.body.repositories).toEqual([]);
    // The admin sees their own draft and not the writer's.
    expect(ids(await search(p.admin, "pelican")).sort()).toEqual([theirs.id, shown.id].sort());
  });

  it("S1-2.057 / answers SandboxSummary-shaped items", async () => {
    const db = app.deps.db;
    const f = await folder(db, p.workspaceId, "/shapes");
    const s = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      collectionId: f.id,
      title: "Octahedron viewer",
      description: "Geometry",
      sourceTemplate: "vite",
      privacy: 1,
      viewCount: 7,
    });
    const [t] = await db
      .insert(templates)
      .values({ sandboxId: s.id, iconUrl: "https://x.test/i.png" })
      .returning();
    const r = await search(p.reader, "octahedron");
    expect(r.body.sandboxes).toEqual([
      {
        id: s.id,
        alias: s.alias,
        title: "Octahedron viewer",
        description: "Geometry",
        updatedAt: s.updatedAt.toISOString(),
        viewCount: 7,
        isV2: false,
        draft: false,
        restricted: false,
        privacy: 1,
        screenshotUrl: null,
        teamId: p.workspaceId,
        source: { template: "vite" },
        customTemplate: { id: t!.id, iconUrl: "https://x.test/i.png" },
        author: { username: p.admin.username },
        collection: { path: "/shapes", id: f.id },
      },
    ]);
  });

  it("S1-2.057 / authorization: outsiders get not-found, signed-out 401, every member role and a frozen workspace may search", async () => {
    expect((await search(p.outsider, "react")).status).toBe(404);
    expect((await search(null, "react")).status).toBe(401);
    await setFrozen(app, p.workspaceId, true);
    try {
      for (const user of [p.admin, p.writer, p.reader])
        expect((await search(user, "react")).status).toBe(200);
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-2.057 / bad input: a missing or blank query and an over-long one are refused; a malformed team id is not found", async () => {
    const missing = await app.inject({
      method: "GET",
      url: `/api/v1/teams/${p.workspaceId}/search`,
      headers: p.reader.headers,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { query: [expect.any(String)] } });
    expect((await search(p.reader, "   ")).status).toBe(422);
    expect((await search(p.reader, "x".repeat(201))).status).toBe(422);
    expect((await search(p.reader, "react", "not-a-uuid")).status).toBe(404);
    // SQL-looking and trigram-special input is just text.
    const odd = await search(p.reader, "%' ;-- _\\");
    expect(odd.status).toBe(200);
    expect(odd.body.sandboxes).toEqual([]);
  });
});

describe("ranking field by field", () => {
  it("S1-5.006 / S1-5.010 / a template match ranks after every stronger one, and is left out only when 50 score above anything it could", async () => {
    const db = app.deps.db;
    const [few, many] = await Promise.all([personas(app), personas(app)]);
    const byTemplate = async (workspaceId: string, authorId: string) =>
      sandbox(db, { workspaceId, authorId, title: "Quiet harbour", sourceTemplate: "zebulon" });
    // Two title matches: the template match (0.1 x similarity at most) comes after them.
    const titled = [];
    for (const n of [1, 2]) {
      titled.push(
        await sandbox(db, {
          workspaceId: few.workspaceId,
          authorId: few.admin.id,
          title: `Zebulon notes ${n}`,
        }),
      );
    }
    const template = await byTemplate(few.workspaceId, few.admin.id);
    const r = await search(few.admin, "zebulon", few.workspaceId);
    expect(ids(r).slice(-1)).toEqual([template.id]);
    expect(new Set(ids(r).slice(0, 2))).toEqual(new Set(titled.map((t) => t.id)));
    // Fifty-five title matches: the first fifty all score above it.
    for (let n = 0; n < 55; n++) {
      await sandbox(db, {
        workspaceId: many.workspaceId,
        authorId: many.admin.id,
        title: `Zebulon notes ${n}`,
      });
    }
    const other = await byTemplate(many.workspaceId, many.admin.id);
    const crowded = await search(many.admin, "zebulon", many.workspaceId);
    expect(ids(crowded)).toHaveLength(50);
    expect(ids(crowded)).not.toContain(other.id);
  });
});

describe("repositories in the dashboard search", () => {
  it("S1-5.012 / repositories match on their name and their owner; other workspaces' are not found", async () => {
    const db = app.deps.db;
    const repo = (workspaceId: string, owner: string, name: string) => ({
      workspaceId,
      owner,
      name,
      cloneUrl: `https://github.example/${owner}/${name}.git`,
      defaultBranch: "main",
    });
    const [byName, byOwner, unrelated] = await db
      .insert(projects)
      .values([
        repo(p.workspaceId, "acme", "flamingo-shop"),
        repo(p.workspaceId, "flamingoco", "website"),
        repo(p.workspaceId, "acme", "ledger"),
      ])
      .returning();
    await db.insert(projects).values(repo(p.outsider.primaryTeamId, "acme", "flamingo-private"));
    for (const user of [p.admin, p.reader]) {
      const r = await search(user, "flamingo");
      expect(r.status).toBe(200);
      expect(r.body.repositories.map((x) => x.id)).toEqual([byName!.id, byOwner!.id]);
      expect(r.body.repositories[0]).toEqual({
        id: byName!.id,
        owner: "acme",
        name: "flamingo-shop",
        defaultBranch: "main",
        private: false,
        teamId: p.workspaceId,
      });
      expect(r.body.repositories.map((x) => x.id)).not.toContain(unrelated!.id);
    }
    expect((await search(p.outsider, "flamingo")).status).toBe(404);
  });
});

describe("search rankings reused while the workspace is unchanged", () => {
  const version = async () => {
    const [row] = await app.deps.db
      .select()
      .from(searchVersions)
      .where(eq(searchVersions.workspaceId, p.workspaceId));
    return row!.version;
  };

  it("S1-5.006 / a repeated search sees every change at once, whatever wrote it: a rename, a new folder, a repository, a removal", async () => {
    const db = app.deps.db;
    const s = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Spoonbill notes",
    });
    expect(ids(await search(p.reader, "spoonbill"))).toEqual([s.id]);
    expect(ids(await search(p.reader, "spoonbill"))).toEqual([s.id]);

    const renamed = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      title: "Untitled",
    });
    await db.update(sandboxes).set({ title: "Spoonbill atlas" }).where(eq(sandboxes.id, renamed.id));
    expect(ids(await search(p.reader, "spoonbill")).sort()).toEqual([s.id, renamed.id].sort());

    const f = await folder(db, p.workspaceId, "/spoonbill-folder");
    expect((await search(p.reader, "spoonbill")).body.folders).toEqual([
      { id: f.id, path: "/spoonbill-folder" },
    ]);

    await db.insert(projects).values({
      workspaceId: p.workspaceId,
      owner: "acme",
      name: "spoonbill-api",
      cloneUrl: "https://github.example/acme/spoonbill-api.git",
      defaultBranch: "main",
    });
    expect((await search(p.reader, "spoonbill")).body.repositories.map((r) => r.name)).toEqual([
      "spoonbill-api",
    ]);

    await db.update(sandboxes).set({ removedAt: new Date() }).where(eq(sandboxes.id, s.id));
    expect(ids(await search(p.reader, "spoonbill"))).toEqual([renamed.id]);
  });

  it("S1-5.006 / what an answer shows is never stale: a view count, a template icon, the author's username", async () => {
    const db = app.deps.db;
    const s = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id, title: "Heron gallery" });
    const first = (await search(p.reader, "heron")).body.sandboxes[0]!;
    expect(first).toMatchObject({
      viewCount: 0,
      customTemplate: null,
      author: { username: p.admin.username },
    });
    await db.update(sandboxes).set({ viewCount: 12 }).where(eq(sandboxes.id, s.id));
    expect((await search(p.reader, "heron")).body.sandboxes[0]!.viewCount).toBe(12);

    const [t] = await db
      .insert(templates)
      .values({ sandboxId: s.id, iconUrl: "https://x.test/a.png" })
      .returning();
    expect((await search(p.reader, "heron")).body.sandboxes[0]!.customTemplate).toEqual({
      id: t!.id,
      iconUrl: "https://x.test/a.png",
    });
    await db.update(templates).set({ iconUrl: "https://x.test/b.png" }).where(eq(templates.id, t!.id));
    expect((await search(p.reader, "heron")).body.sandboxes[0]!.customTemplate?.iconUrl).toBe(
      "https://x.test/b.png",
    );

    const before = await version();
    await db.update(users).set({ surveySeenAt: new Date() }).where(eq(users.id, p.admin.id));
    expect(await version()).toBe(before); // a user's other changes do not touch the answers
    const renamed = `heron-keeper-${s.id}`;
    await db.update(users).set({ username: renamed }).where(eq(users.id, p.admin.id));
    try {
      expect((await search(p.reader, "heron")).body.sandboxes[0]!.author).toEqual({ username: renamed });
    } finally {
      await db.update(users).set({ username: p.admin.username }).where(eq(users.id, p.admin.id));
    }
  });

  it("S1-5.006 / each person's ranking is their own: a draft found by its author is not answered to another member", async () => {
    const db = app.deps.db;
    const draft = await sandbox(db, {
      workspaceId: p.workspaceId,
      authorId: p.writer.id,
      title: "Cormorant draft",
      draft: true,
    });
    expect(ids(await search(p.writer, "cormorant"))).toEqual([draft.id]);
    expect(ids(await search(p.admin, "cormorant"))).toEqual([]);
    expect(ids(await search(p.writer, "cormorant"))).toEqual([draft.id]);
  });

  it("S1-5.006 / a sandbox moved to another workspace changes both workspaces' versions", async () => {
    const db = app.deps.db;
    const s = await sandbox(db, { workspaceId: p.workspaceId, authorId: p.admin.id, title: "Egret board" });
    expect(ids(await search(p.admin, "egret"))).toEqual([s.id]);
    const other = p.admin.primaryTeamId;
    await db
      .update(sandboxes)
      .set({ workspaceId: other, collectionId: (await folder(db, other)).id })
      .where(eq(sandboxes.id, s.id));
    expect(ids(await search(p.admin, "egret"))).toEqual([]);
    expect(ids(await search(p.admin, "egret", other))).toEqual([s.id]);
  });
});
