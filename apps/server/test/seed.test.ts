import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../scripts/seed.ts";
import { CLIENT, testApp } from "./app.ts";
import { cookieJar, gql, type TestUser } from "./factories.ts";

describe("npm run seed -- --demo", () => {
  it("fills a demo account that signs in to a living dashboard, and does nothing the second time", async () => {
    const app = await testApp();
    const first = await seedDemo(app.deps);
    expect(first.created).toBe(true);
    expect((await seedDemo(app.deps)).created).toBe(false);

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
  });
});
