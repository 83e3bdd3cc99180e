import { ACCOUNT_MESSAGES, PROFILE_PAGE_SIZE } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { addMember, personas, signUp, type TestUser } from "../../../test/factories.ts";
import { users, workspaceMembers } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";
import { sandbox } from "../search/testing.ts";

// Profiles belong to users, not workspaces: anyone (signed out too) reads a profile and the public
// sandboxes on it; only its owner sees their private ones and changes pins; user search needs a
// signed-in user. Frozen workspaces do not matter: pins change the user, not the workspace.

let app: TestApp;
let ada: TestUser;
let bob: TestUser;
let pub: { id: string }[];
let unlisted: { id: string };
let priv: { id: string };
let draft: { id: string };
let deleted: { id: string };

beforeAll(async () => {
  app = await testApp();
  [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
  const make = (values: Partial<Parameters<typeof sandbox>[1]>) =>
    sandbox(app.deps.db, { workspaceId: ada.primaryTeamId, authorId: ada.id, privacy: 0, ...values });
  pub = [];
  for (let i = 0; i < PROFILE_PAGE_SIZE + 2; i++) {
    pub.push(await make({ title: `Public ${String(i).padStart(2, "0")}`, viewCount: i * 10 }));
  }
  unlisted = await make({ privacy: 1, viewCount: 1000 });
  priv = await make({ privacy: 2, viewCount: 2000 });
  draft = await make({ draft: true, viewCount: 3000 });
  deleted = await make({ removedAt: new Date(), viewCount: 4000 });
});

const get = (user: TestUser | null, url: string) => call(app, user, "GET", url);
const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe("GET /api/v1/users/:username", () => {
  it("S1-7.007 / S1-3.001 / the public profile, to anyone; sandboxCount counts public sandboxes for others and all of one's own for the owner", async () => {
    for (const viewer of [null, bob]) {
      const response = await get(viewer, `/api/v1/users/${ada.username}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        username: ada.username,
        name: `Test ${ada.username}`,
        avatarUrl: null,
        bio: null,
        socialLinks: [],
        featuredSandboxes: [],
        showcasedSandboxShortid: null,
        sandboxCount: PROFILE_PAGE_SIZE + 2,
      });
      expect(response.json()).not.toHaveProperty("email");
    }
    const own = await get(ada, `/api/v1/users/${ada.username.toUpperCase()}`);
    expect(own.json().sandboxCount).toBe(PROFILE_PAGE_SIZE + 2 + 3);
  });

  it("S1-2.011 / an unknown user is 404", async () => {
    const response = await get(null, "/api/v1/users/nobody-here-at-all");
    expect(response.statusCode).toBe(404);
  });
});

describe("GET /api/v1/users/:username/sandboxes", () => {
  it("S1-7.007 / S2-7.007 / S2-9.015 / 15 a page, view_count desc by default, answered under the page's key; others see public ones only", async () => {
    const first = await get(bob, `/api/v1/users/${ada.username}/sandboxes`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json()["1"];
    expect(page1).toHaveLength(PROFILE_PAGE_SIZE);
    expect(ids(page1)).toEqual(ids([...pub].reverse().slice(0, PROFILE_PAGE_SIZE)));
    expect(page1[0]).toMatchObject({ privacy: 0, author: { username: ada.username }, viewCount: 160 });
    const second = (await get(null, `/api/v1/users/${ada.username}/sandboxes?page=2`)).json();
    expect(ids(second["2"])).toEqual(ids([pub[1]!, pub[0]!]));
    const all = (await get(null, `/api/v1/users/${ada.username}/sandboxes?page=all`)).json();
    expect(all.all).toHaveLength(PROFILE_PAGE_SIZE + 2);
  });

  it("S2-2.029 / S1-3.047 / the owner's own view (PRIVATE) adds unlisted, private and draft sandboxes, never deleted ones", async () => {
    const all = (await get(ada, `/api/v1/users/${ada.username}/sandboxes?page=all`)).json().all;
    expect(ids(all)).toEqual(expect.arrayContaining([unlisted.id, priv.id, draft.id]));
    expect(ids(all)).not.toContain(deleted.id);
    expect(ids(all.slice(0, 3))).toEqual([draft.id, priv.id, unlisted.id]);
    // The owner's picker groups them by folder; others never see folders.
    expect(all[1].collection).toMatchObject({ path: "/" });
    expect(all[0].collection).toBeNull();
    const others = (await get(bob, `/api/v1/users/${ada.username}/sandboxes`)).json()["1"];
    expect(others[0].collection).toBeNull();
  });

  it("S1-7.007 / sort_by and direction: title asc", async () => {
    const list = (
      await get(null, `/api/v1/users/${ada.username}/sandboxes?sort_by=title&direction=asc`)
    ).json()["1"];
    expect(list.map((s: { title: string }) => s.title).slice(0, 3)).toEqual([
      "Public 00",
      "Public 01",
      "Public 02",
    ]);
  });

  it("S1-7.007 / bad input: an unknown sort, direction or page is 422", async () => {
    for (const query of ["sort_by=email", "direction=up", "page=0", "page=x"]) {
      expect((await get(null, `/api/v1/users/${ada.username}/sandboxes?${query}`)).statusCode, query).toBe(
        422,
      );
    }
  });
});

describe("PATCH /api/v1/users/:username (pins and showcase)", () => {
  const patch = (user: TestUser | null, body: unknown, name = ada.username) =>
    call(app, user, "PATCH", `/api/v1/users/${name}`, body);
  const stored = async () => {
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, ada.id));
    return { featured: row!.featuredSandboxes, showcased: row!.showcasedSandboxShortid };
  };

  it("S2-7.009 / S2-2.029 / S2-1.005 / the owner pins public sandboxes in order and showcases one; the profile answers them with their sandboxes", async () => {
    const pins = [pub[3]!.id, pub[1]!.id, pub[2]!.id];
    const pinned = await patch(ada, { user: { featured_sandboxes: pins } });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().featuredSandboxes).toEqual(pins);
    const showcased = await patch(ada, { user: { showcased_sandbox_shortid: pub[5]!.id } });
    expect(showcased.json()).toMatchObject({ showcasedSandboxShortid: pub[5]!.id, featuredSandboxes: pins });
    const seen = (await get(null, `/api/v1/users/${ada.username}`)).json();
    expect(ids(seen.pinnedSandboxes)).toEqual(pins);
    expect(seen.showcasedSandbox.id).toBe(pub[5]!.id);
    // Reordered.
    const reordered = [pins[2]!, pins[0]!, pins[1]!];
    expect((await patch(ada, { user: { featured_sandboxes: reordered } })).json().featuredSandboxes).toEqual(
      reordered,
    );
    expect((await stored()).featured).toEqual(reordered);
  });

  it("S2-5.006 / S1-5.016 / private, unlisted, draft, deleted, unknown or another user's sandboxes, and duplicates, are refused; nothing changes", async () => {
    const before = await stored();
    const bobs = await sandbox(app.deps.db, { workspaceId: bob.primaryTeamId, authorId: bob.id, privacy: 0 });
    for (const id of [priv.id, unlisted.id, draft.id, deleted.id, "nope", bobs.id]) {
      const response = await patch(ada, { user: { featured_sandboxes: [pub[0]!.id, id] } });
      expect(response.statusCode, id).toBe(422);
      expect(response.json()).toEqual({
        errors: { featuredSandboxes: [ACCOUNT_MESSAGES.onlyPublicFeatured] },
      });
      const showcase = await patch(ada, { user: { showcased_sandbox_shortid: id } });
      expect(showcase.statusCode, id).toBe(422);
    }
    const duplicate = await patch(ada, { user: { featured_sandboxes: [pub[0]!.id, pub[0]!.id] } });
    expect(duplicate.json()).toEqual({ errors: { featuredSandboxes: [ACCOUNT_MESSAGES.pinnedDuplicate] } });
    expect((await patch(ada, { user: {} })).statusCode).toBe(422);
    expect((await patch(ada, { user: { featured_sandboxes: "x" } })).statusCode).toBe(422);
    expect(await stored()).toEqual(before);
  });

  it("S1-6.013 / only the owner: others 403, signed out 401, unknown user 404; a pin made private later leaves the profile", async () => {
    const before = await stored();
    expect((await patch(bob, { user: { featured_sandboxes: [] } })).statusCode).toBe(403);
    expect((await patch(null, { user: { featured_sandboxes: [] } })).statusCode).toBe(401);
    expect((await patch(bob, { user: { featured_sandboxes: [] } }, "nobody-here-at-all")).statusCode).toBe(
      404,
    );
    expect(await stored()).toEqual(before);

    const later = await sandbox(app.deps.db, {
      workspaceId: ada.primaryTeamId,
      authorId: ada.id,
      privacy: 0,
    });
    await patch(ada, { user: { featured_sandboxes: [later.id], showcased_sandbox_shortid: later.id } });
    await call(app, ada, "PATCH", `/api/v1/sandboxes/${later.id}/privacy`, { sandbox: { privacy: 2 } });
    const seen = (await get(null, `/api/v1/users/${ada.username}`)).json();
    expect(seen.featuredSandboxes).toEqual([]);
    expect(seen.showcasedSandboxShortid).toBeNull();
    // Clearing the showcase.
    expect(
      (await patch(ada, { user: { showcased_sandbox_shortid: null } })).json().showcasedSandboxShortid,
    ).toBeNull();
  });
});

describe("GET /api/v1/users/:username/sandboxes/liked", () => {
  it("S2-7.008 / the sandboxes a user liked, newest like first; others see the public ones, the user also their own workspace's private ones", async () => {
    const p = await personas(app);
    const like = (user: TestUser, id: string) => call(app, user, "POST", `/api/v1/sandboxes/${id}/like`);
    const teamPrivate = await sandbox(app.deps.db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      privacy: 2,
    });
    const teamPublic = await sandbox(app.deps.db, {
      workspaceId: p.workspaceId,
      authorId: p.admin.id,
      privacy: 0,
    });
    expect((await like(p.reader, teamPrivate.id)).statusCode).toBe(200);
    expect((await like(p.reader, teamPublic.id)).statusCode).toBe(200);
    expect((await like(p.reader, pub[0]!.id)).statusCode).toBe(200);
    const own = (await get(p.reader, `/api/v1/users/${p.reader.username}/sandboxes/liked`)).json()["1"];
    expect(ids(own)).toEqual([pub[0]!.id, teamPublic.id, teamPrivate.id]);
    for (const viewer of [null, p.outsider, p.admin]) {
      const seen = (await get(viewer, `/api/v1/users/${p.reader.username}/sandboxes/liked?page=1`)).json()[
        "1"
      ];
      expect(ids(seen)).toEqual([pub[0]!.id, teamPublic.id]);
    }
    // After leaving the workspace the private one is no longer theirs to see.
    await app.deps.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, p.reader.id));
    const after = (await get(p.reader, `/api/v1/users/${p.reader.username}/sandboxes/liked`)).json()["1"];
    expect(ids(after)).toEqual([pub[0]!.id, teamPublic.id]);
    await addMember(app, p.workspaceId, p.reader, "READ");
    expect(
      (await get(null, `/api/v1/users/${p.reader.username}/sandboxes/liked?page=all`)).json().all,
    ).toHaveLength(2);
    expect((await get(null, `/api/v1/users/${p.reader.username}/sandboxes/liked?page=-1`)).statusCode).toBe(
      422,
    );
  });
});

describe("GET /api/v1/users/search", () => {
  it("S1-7.008 / prefix search on usernames for signed-in users, at most 10; signed out 401; an empty query 422", async () => {
    const found = await get(bob, `/api/v1/users/search?username=${ada.username.slice(0, -2).toUpperCase()}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toContainEqual({
      id: ada.id,
      username: ada.username,
      name: `Test ${ada.username}`,
      avatarUrl: null,
    });
    expect(found.json().length).toBeLessThanOrEqual(10);
    expect((await get(bob, "/api/v1/users/search?username=%25")).json()).toEqual([]);
    expect((await get(null, `/api/v1/users/search?username=${ada.username}`)).statusCode).toBe(401);
    expect((await get(bob, "/api/v1/users/search?username=")).statusCode).toBe(422);
  });
});
