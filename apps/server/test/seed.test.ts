import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../scripts/seed.ts";
import { CLIENT, testApp } from "./app.ts";
import { cookieJar, gql, type TestUser } from "./factories.ts";

describe("npm run seed -- --demo", () => {
  it("fills a demo account that signs in to a living dashboard, and does nothing the second time", async () => {
    const app = await testApp();
    const dataDir = mkdtempSync(join(tmpdir(), "boxyard-seed-"));
    const first = await seedDemo(app.deps, dataDir);
    expect(first.created).toBe(true);
    expect((await seedDemo(app.deps, dataDir)).created).toBe(false);

    const jar = cookieJar();
    const signin = jar.take(
      await app.inject({
        method: "POST",
        url: "/api/v1/auth/local/signin",
        headers: CLIENT,
        payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      }),
    );
    expect(signin.statusCode).toBe(200);
    const demo = { cookie: jar.header } as TestUser;
    const teamId = first.created ? first.workspaceId : "";

    const page = await gql<{
      me: {
        collections: { path: string }[];
        team: { sandboxes: { title: string }[]; templates: { id: string }[]; drafts: { title: string }[] };
        deleted: { sandboxes: { title: string; removedAt: string }[] };
      };
    }>(
      app,
      demo,
      `query ($teamId: UUID4!, $folderTeam: ID) { me {
        collections(teamId: $folderTeam) { path }
        team(id: $teamId) { sandboxes { title } templates { id } drafts { title } }
        deleted: team(id: $teamId) { sandboxes(showDeleted: true) { title removedAt } }
      } }`,
      { teamId, folderTeam: teamId },
    );
    expect(page.errors?.[0]?.message).toBeUndefined();
    const me = page.data!.me;
    expect(me.collections.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        "/Client work",
        "/Client work/Acme",
        "/Experiments",
        "/Design system",
        "/Talks",
      ]),
    );
    expect(me.team.sandboxes.length).toBeGreaterThanOrEqual(10);
    expect(me.team.templates).toHaveLength(2);
    expect(me.team.drafts.map((d) => d.title).sort()).toEqual(["Regex tester", "Scratchpad"]);
    expect(me.deleted.sandboxes.map((d) => d.title).sort()).toEqual(["Abandoned idea", "Old prototype"]);

    const files = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sandbox_modules m join sandboxes s on s.id = m.sandbox_id where s.workspace_id = $1",
      [teamId],
    );
    expect(files[0]!.n).toBeGreaterThan(40);

    // Issue 19: a workspace worth exploring.
    const explore = await gql<{
      me: {
        workspaces: { name: string; users: { username: string }[] }[];
        notifications: { type: string }[];
        collaboratorSandboxes: { title: string }[];
        orbit: { projects: { repository: { owner: string; name: string }; branchCount: number }[] } | null;
      };
    }>(
      app,
      demo,
      `query ($orbit: UUID4!) { me {
        workspaces { name users { username } }
        notifications { type }
        collaboratorSandboxes { title }
        orbit: team(id: $orbit) { projects { repository { owner name } branchCount } }
      } }`,
      { orbit: first.created ? first.teamId : "" },
    );
    expect(explore.errors?.[0]?.message).toBeUndefined();
    const { workspaces, notifications, collaboratorSandboxes, orbit } = explore.data!.me;
    const orbitLabs = workspaces.find((w) => w.name === "Orbit Labs");
    expect(orbitLabs?.users.map((u) => u.username).sort()).toEqual([
      "demo",
      "jonas",
      "maya",
      "priya",
      "tomas",
    ]);
    expect(notifications.map((n) => n.type).sort()).toEqual([
      "sandbox_invitation",
      "team_accepted",
      "team_accepted",
      "team_accepted",
      "team_accepted",
      "team_invite",
    ]);
    expect(collaboratorSandboxes.map((s) => s.title)).toEqual(["Motion studies"]);
    expect(orbit?.projects).toEqual([
      { repository: { owner: "orbit-labs", name: "orbit-web" }, branchCount: 2 },
    ]);

    const counts = await app.deps.database.query<{ sandboxes: number; liked: number; seedy: number }>(
      `select (select count(*)::int from sandboxes where author_id = $1) as sandboxes,
        (select count(*)::int from sandbox_likes where user_id = $1) as liked,
        (select count(*)::int from sandbox_modules where lower(code) like '%seed%') as seedy`,
      [first.created ? first.userId : ""],
    );
    expect(counts[0]).toEqual({ sandboxes: 17, liked: 3, seedy: 0 });
    // Five sign-ups (password hashing) and a git repository: longer than most tests on a busy machine.
  }, 120_000);
});
