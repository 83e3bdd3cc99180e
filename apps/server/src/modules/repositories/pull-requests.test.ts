/**
 * Pull requests from the code host's webhooks (spec 1 §3 Branch.pullRequests; the notifications of
 * spec 1 §2 build on them): the function the webhook route calls.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { signUp, unique } from "../../../test/factories.ts";
import { projects, pullRequests } from "../../db/schema/index.ts";
import { upsertPullRequestFromWebhook } from "./pull-requests.service.ts";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
});

/** The same repository imported into two workspaces. */
async function importedTwice() {
  const owner = unique("acme-");
  const name = unique("widgets-");
  const [a, b] = await Promise.all([signUp(app), signUp(app)]);
  const rows = await app.deps.db
    .insert(projects)
    .values(
      [a, b].map((user) => ({
        workspaceId: user.primaryTeamId,
        owner,
        name,
        remoteId: "4242",
        cloneUrl: `https://github.example/${owner}/${name}.git`,
        defaultBranch: "main",
      })),
    )
    .returning();
  return { owner, name, projects: rows };
}

function event(
  repo: { owner: string; name: string },
  overrides: Partial<{
    action: string;
    state: string;
    merged: boolean;
    title: string;
    updatedAt: string;
    head: string;
    headOwner: string;
  }> = {},
) {
  return {
    action: overrides.action ?? "opened",
    number: 7,
    pull_request: {
      number: 7,
      title: overrides.title ?? "Add a widget",
      state: overrides.state ?? "open",
      merged: overrides.merged ?? false,
      merged_at: overrides.merged ? "2024-05-01T10:00:00Z" : null,
      updated_at: overrides.updatedAt ?? "2024-05-01T09:00:00Z",
      additions: 30,
      deletions: 4,
      head: {
        ref: overrides.head ?? "add-widget",
        sha: "a".repeat(40),
        repo: { owner: { login: overrides.headOwner ?? repo.owner } },
      },
    },
    repository: { id: 4242, name: repo.name, owner: { login: repo.owner } },
  };
}

const stored = (projectId: string) =>
  app.deps.db.select().from(pullRequests).where(eq(pullRequests.projectId, projectId));

describe("upsertPullRequestFromWebhook", () => {
  it("S1-3.017 / an opened pull request is stored in every workspace that imported the repository", async () => {
    const repo = await importedTwice();
    const changed = await upsertPullRequestFromWebhook(app.deps.db, event(repo));
    expect(changed.map((c) => c.projectId).sort()).toEqual(repo.projects.map((p) => p.id).sort());
    expect(changed[0]).toMatchObject({ number: 7, state: "open", branch: "add-widget" });
    for (const project of repo.projects) {
      expect(await stored(project.id)).toMatchObject([
        {
          number: 7,
          title: "Add a widget",
          state: "open",
          branch: "add-widget",
          additions: 30,
          deletions: 4,
          headOwner: repo.owner,
        },
      ]);
    }
  });

  it("S1-3.017 / later events update it (edited, merged); an older event arriving late changes nothing", async () => {
    const repo = await importedTwice();
    await upsertPullRequestFromWebhook(app.deps.db, event(repo));
    await upsertPullRequestFromWebhook(
      app.deps.db,
      event(repo, { action: "edited", title: "Add two widgets", updatedAt: "2024-05-01T09:30:00Z" }),
    );
    await upsertPullRequestFromWebhook(
      app.deps.db,
      event(repo, {
        action: "closed",
        state: "closed",
        merged: true,
        title: "Add two widgets",
        updatedAt: "2024-05-01T10:00:00Z",
      }),
    );
    const late = await upsertPullRequestFromWebhook(
      app.deps.db,
      event(repo, { action: "edited", title: "Old title", updatedAt: "2024-05-01T09:10:00Z" }),
    );
    expect(late).toEqual([]);
    expect(await stored(repo.projects[0]!.id)).toMatchObject([{ title: "Add two widgets", state: "merged" }]);
  });

  it("matches by owner and name when the repository id is not known, case-insensitively; other repositories are untouched", async () => {
    const repo = await importedTwice();
    await app.deps.db.update(projects).set({ remoteId: null }).where(eq(projects.id, repo.projects[0]!.id));
    const shouting = { owner: repo.owner.toUpperCase(), name: repo.name.toUpperCase() };
    const payload = {
      ...event(shouting),
      repository: { id: 1, name: shouting.name, owner: { login: shouting.owner } },
    };
    expect(await upsertPullRequestFromWebhook(app.deps.db, payload)).toHaveLength(2);
    const elsewhere = await upsertPullRequestFromWebhook(app.deps.db, {
      ...payload,
      repository: { id: 999_999, name: "unknown", owner: { login: "nobody" } },
    });
    expect(elsewhere).toEqual([]);
  });

  it("refuses a payload that is not a pull request event", async () => {
    await expect(upsertPullRequestFromWebhook(app.deps.db, { action: "opened" })).rejects.toThrow();
  });
});
