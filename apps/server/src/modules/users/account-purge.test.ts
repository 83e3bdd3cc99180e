import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { addMember, gql, signUp, type TestUser, unique } from "../../../test/factories.ts";
import {
  apiTokens,
  identities,
  sandboxes,
  sandboxLikes,
  sessions,
  uploads,
  users,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import { sandbox } from "../search/testing.ts";
import { purgeRequestedAccounts } from "./account-purge.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const DAY = 24 * 60 * 60 * 1000;
const db = () => app.deps.db;

async function team(owner: TestUser) {
  const created = await gql<{ createTeam: { id: string } }>(
    app,
    owner,
    "mutation($name: String!) { createTeam(name: $name) { id } }",
    { name: unique("Team ") },
  );
  return created.data!.createTeam.id;
}

async function requestDeletion(user: TestUser, at: Date) {
  await db().update(users).set({ deletionRequestedAt: at }).where(eq(users.id, user.id));
}

async function upload(user: TestUser, text: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/users/current_user/uploads?name=note.txt",
    headers: { ...CLIENT, cookie: user.cookie, "content-type": "text/plain" },
    payload: text,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

const exists = async (table: typeof users | typeof workspaces | typeof sandboxes, id: string) =>
  (await db().select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

describe("the account purge", () => {
  it("S2-9.012 / S2-4.007 / an account is deleted 3 working days after the request, with its personal workspace, sessions, tokens, identities, likes and uploads; sandboxes in shared workspaces stay", async () => {
    const [ada, bob, cleo] = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    // A shared workspace Ada administers with Bob; one Ada is alone in.
    const shared = await team(ada);
    await addMember(app, shared, bob, "WRITE");
    const alone = await team(ada);
    // Ada's things: a sandbox in her personal workspace, one and a draft in the shared workspace.
    const personal = await sandbox(db(), { workspaceId: ada.primaryTeamId, authorId: ada.id, privacy: 0 });
    const kept = await sandbox(db(), { workspaceId: shared, authorId: ada.id, privacy: 0 });
    const draft = await sandbox(db(), { workspaceId: shared, authorId: ada.id, draft: true });
    const lonely = await sandbox(db(), { workspaceId: alone, authorId: ada.id });
    // Ada liked Cleo's public sandbox; Cleo liked Ada's personal one.
    const cleos = await sandbox(db(), { workspaceId: cleo.primaryTeamId, authorId: cleo.id, privacy: 0 });
    for (const [user, target] of [
      [ada, cleos.id],
      [cleo, personal.id],
    ] as const) {
      const liked = await app.inject({
        method: "POST",
        url: `/api/v1/sandboxes/${target}/like`,
        headers: { ...CLIENT, cookie: user.cookie },
      });
      expect(liked.statusCode).toBe(200);
    }
    await db()
      .insert(identities)
      .values({ userId: ada.id, provider: "github", providerUserId: `gh-${ada.id}` });
    await db()
      .insert(apiTokens)
      .values({ userId: ada.id, tokenHash: unique("hash") });
    const file = await upload(ada, "hello");
    const [stored] = await db().select().from(uploads).where(eq(uploads.id, file.id));

    // Requested on a Friday: due the next Wednesday, not before.
    const friday = new Date("2025-03-07T10:00:00Z");
    await requestDeletion(ada, friday);
    const early = await purgeRequestedAccounts(db(), app.deps.storage, {
      now: new Date("2025-03-12T09:59:00Z"),
    });
    expect(early.deleted).not.toContain(ada.id);
    expect(await exists(users, ada.id)).toBe(true);

    const due = await purgeRequestedAccounts(db(), app.deps.storage, {
      now: new Date("2025-03-12T10:00:00Z"),
    });
    expect(due.deleted).toContain(ada.id);
    expect(await exists(users, ada.id)).toBe(false);
    expect(await exists(workspaces, ada.primaryTeamId)).toBe(false);
    expect(await exists(workspaces, alone)).toBe(false);
    expect(await exists(sandboxes, personal.id)).toBe(false);
    expect(await exists(sandboxes, lonely.id)).toBe(false);
    expect(await exists(sandboxes, draft.id)).toBe(false);
    // The shared workspace keeps its sandbox, now without author, and Bob becomes its admin.
    expect(await exists(workspaces, shared)).toBe(true);
    const [keptRow] = await db().select().from(sandboxes).where(eq(sandboxes.id, kept.id));
    expect(keptRow!.authorId).toBeNull();
    const members = await db()
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, shared));
    expect(members.map((m) => [m.userId, m.authorization])).toEqual([[bob.id, "ADMIN"]]);
    // Everything that signs Ada in is gone; so is what she liked, counted down.
    for (const table of [sessions, apiTokens, identities, sandboxLikes]) {
      expect(await db().select().from(table).where(eq(table.userId, ada.id))).toEqual([]);
    }
    const [cleosRow] = await db().select().from(sandboxes).where(eq(sandboxes.id, cleos.id));
    expect(cleosRow!.likeCount).toBe(0);
    expect(await db().select().from(uploads).where(eq(uploads.userId, ada.id))).toEqual([]);
    expect(await app.deps.storage.get(stored!.storageKey)).toBeNull();
    // Ada's session no longer works.
    expect(
      (await app.inject({ url: "/api/v1/users/current", headers: { cookie: ada.cookie } })).statusCode,
    ).toBe(401);
    // Cleo and Bob are untouched.
    expect(await exists(users, cleo.id)).toBe(true);
    expect(await exists(users, bob.id)).toBe(true);
  });

  it("S2-4.007 / an undone request is never purged; accounts without a request neither", async () => {
    const [ada, bob] = await Promise.all([signUp(app), signUp(app)]);
    await requestDeletion(ada, new Date(Date.now() - 30 * DAY));
    await gql(app, ada, "mutation { cancelDeleteCurrentUser }");
    const result = await purgeRequestedAccounts(db(), app.deps.storage);
    expect(result.deleted).not.toContain(ada.id);
    expect(result.deleted).not.toContain(bob.id);
    expect(await exists(users, ada.id)).toBe(true);
  });

  it("S2-9.012 / two replicas racing delete each due account once; the loser of the lock does nothing", async () => {
    const people = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    for (const person of people) await requestDeletion(person, new Date(Date.now() - 10 * DAY));
    const results = await Promise.all([
      purgeRequestedAccounts(db(), app.deps.storage),
      purgeRequestedAccounts(db(), app.deps.storage),
      purgeRequestedAccounts(db(), app.deps.storage),
    ]);
    const deleted = results.flatMap((r) => r.deleted);
    const ids = people.map((p) => p.id);
    expect(deleted.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(new Set(deleted).size).toBe(deleted.length);
    expect(await db().select().from(users).where(inArray(users.id, ids))).toEqual([]);
  });
});
