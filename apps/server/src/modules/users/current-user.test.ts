/**
 * The User as the signed-in person's own pages read it (spec 2 §3; api-contract §13 CurrentUser):
 * `GET /api/v1/users/current`, which Preferences, the profile and the import dialog start from.
 */
import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { gql, signUp, type TestUser } from "../../../test/factories.ts";
import type { GithubStandIn } from "../../../test/standins/github.ts";
import { users } from "../../db/schema/index.ts";
import { codeHostApp, connectGithub } from "../repositories/testing.ts";
import { call, makeSandbox } from "../sandboxes/testing.ts";

let app: TestApp;
let github: GithubStandIn;
beforeAll(async () => {
  ({ app, github } = await codeHostApp());
});

const UPDATE = `mutation UpdateCurrentUser($username: String!, $name: String, $bio: String, $socialLinks: [String!]) {
  updateCurrentUser(username: $username, name: $name, bio: $bio, socialLinks: $socialLinks) { username } }`;

const current = async (user: TestUser) => {
  const response = await call(app, user, "GET", "/api/v1/users/current");
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("GET /api/v1/users/current", () => {
  it("S2-3.005 / username, name, email, avatar, deletionRequested, githubProfile (login, email, scopes), bio, socialLinks, featuredSandboxes, showcasedSandboxShortid, sandboxCount", async () => {
    const ada = await signUp(app);
    expect(await current(ada)).toMatchObject({
      username: ada.username,
      name: `Test ${ada.username}`,
      email: ada.email,
      avatarUrl: null,
      deletionRequested: false,
      githubProfile: { error: ACCOUNT_MESSAGES.githubNotLinked },
      bio: null,
      socialLinks: [],
      featuredSandboxes: [],
      showcasedSandboxShortid: null,
      sandboxCount: 0,
    });

    const scopes = ["user:email", "repo"];
    const { login } = await connectGithub(app, github, ada, scopes);
    // The avatar is the one a sign-in provider gave; a local account has none of its own.
    const avatarUrl = `https://avatars.example.test/u/${login}`;
    await app.deps.db.update(users).set({ avatarUrl }).where(eq(users.id, ada.id));
    const updated = await gql(app, ada, UPDATE, {
      username: ada.username,
      name: "Ada Lovelace",
      bio: "Writes programs.",
      socialLinks: ["https://example.test/ada"],
    });
    expect(updated.errors).toBeUndefined();
    const engine = await makeSandbox(app, ada.primaryTeamId, ada.id, { title: "Engine" });
    await makeSandbox(app, ada.primaryTeamId, ada.id, { title: "Notes", privacy: 2 });
    const pins = await call(app, ada, "PATCH", `/api/v1/users/${ada.username}`, {
      user: { featured_sandboxes: [engine] },
    });
    expect(pins.statusCode).toBe(200);
    const showcase = await call(app, ada, "PATCH", `/api/v1/users/${ada.username}`, {
      user: { showcased_sandbox_shortid: engine },
    });
    expect(showcase.statusCode).toBe(200);
    expect((await gql(app, ada, "mutation DeleteCurrentUser { deleteCurrentUser }")).errors).toBeUndefined();

    const me = await current(ada);
    expect(me).toMatchObject({
      username: ada.username,
      name: "Ada Lovelace",
      email: ada.email,
      avatarUrl,
      deletionRequested: true,
      githubProfile: { data: { login, email: `${login}@octo.test`, scopes } },
      bio: "Writes programs.",
      socialLinks: ["https://example.test/ada"],
      featuredSandboxes: [engine],
      showcasedSandboxShortid: engine,
      // One's own count includes one's private sandboxes.
      sandboxCount: 2,
    });
  });
});
