import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen } from "../../../test/factories.ts";
import { COMMUNITY_PAGE_SIZE } from "./search.service.ts";
import { sandbox } from "./testing.ts";

let app: TestApp;
let p: Personas;

beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

type Answer = { sandboxes: { id: string; title: string }[]; hasMore: boolean; errors?: { detail: string[] } };

async function search(
  query: string,
  options: { page?: number | string; headers?: Record<string, string> } = {},
) {
  const page = options.page === undefined ? "" : `&page=${options.page}`;
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/search/sandboxes?query=${encodeURIComponent(query)}${page}`,
    headers: options.headers ?? CLIENT,
  });
  return { status: response.statusCode, body: response.json() as Answer };
}

describe("community search (/search)", () => {
  it(`S1-2.012 / GET /api/v1/search/sandboxes answers anyone, signed out too, with public sandboxes only: never private, unlisted, drafts or deleted ones`, async () => {
    const db = app.deps.db;
    const base = { workspaceId: p.workspaceId, authorId: p.writer.id };
    const visible = await sandbox(db, { ...base, title: "Marigold tracker", privacy: 0 });
    const hidden = [
      await sandbox(db, { ...base, title: "Marigold private", privacy: 2 }),
      await sandbox(db, { ...base, title: "Marigold unlisted", privacy: 1 }),
      await sandbox(db, { ...base, title: "Marigold draft", privacy: 0, draft: true }),
      await sandbox(db, { ...base, title: "Marigold deleted", privacy: 0, removedAt: new Date() }),
    ];
    // A frozen workspace's public sandboxes stay public.
    await setFrozen(app, p.workspaceId, true);
    try {
      for (const headers of [CLIENT, p.outsider.headers, p.reader.headers, p.admin.headers]) {
        const r = await search("marigold", { headers });
        expect(r.status).toBe(200);
        const ids = r.body.sandboxes.map((s) => s.id);
        expect(ids).toContain(visible.id);
        for (const h of hidden) expect(ids).not.toContain(h.id);
      }
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });

  it("S1-2.012 / ranks a title match above a description match, fuzzily", async () => {
    const db = app.deps.db;
    const base = { workspaceId: p.workspaceId, authorId: p.admin.id, privacy: 0 };
    const byDescription = await sandbox(db, { ...base, title: "Weather", description: "A quokka counter" });
    const byTitle = await sandbox(db, { ...base, title: "Quokka gallery" });
    const r = await search("quokkas");
    expect(r.body.sandboxes.map((s) => s.id)).toEqual([byTitle.id, byDescription.id]);
  });

  it("S1-2.012 / pages through the results, saying whether there are more", async () => {
    const db = app.deps.db;
    for (let i = 0; i < COMMUNITY_PAGE_SIZE + 3; i++) {
      await sandbox(db, {
        workspaceId: p.workspaceId,
        authorId: p.admin.id,
        privacy: 0,
        title: `Zebrafish ${i}`,
      });
    }
    const first = await search("zebrafish");
    expect(first.body.sandboxes).toHaveLength(COMMUNITY_PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    const second = await search("zebrafish", { page: 2 });
    expect(second.body.sandboxes).toHaveLength(3);
    expect(second.body.hasMore).toBe(false);
    const seen = new Set([...first.body.sandboxes, ...second.body.sandboxes].map((s) => s.id));
    expect(seen.size).toBe(COMMUNITY_PAGE_SIZE + 3);
  });

  it("S1-2.012 / a missing query or a bad page is a clear error", async () => {
    for (const [query, page, message] of [
      ["   ", undefined, "Enter something to search for."],
      ["zebrafish", 0, "Page must be at least 1."],
      ["zebrafish", "two", "Page must be a number."],
      ["zebrafish", 11, "Page must be at most 10."],
    ] as const) {
      const r = await search(query, { page });
      expect(r.status).toBe(422);
      expect(JSON.stringify(r.body.errors)).toContain(message);
    }
  });
});
