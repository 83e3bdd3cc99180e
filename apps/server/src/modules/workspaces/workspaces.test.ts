import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { gql, signUp, type TestUser } from "../../../test/factories.ts";

// me is the viewer or null; me.team and me.workspaces answer only the viewer's own workspaces,
// so every Team field (subscription included) is read by members only (the tests below).

let app: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  app = await testApp();
  ada = await signUp(app);
  bob = await signUp(app);
});

const ALL_TEAMS = `query AllTeams { me { id primaryWorkspaceId workspaces { id name description avatarUrl insertedAt
  settings { minimumPrivacy } userAuthorizations { userId authorization teamManager }
  users { id name username avatarUrl } invitees { id name username avatarUrl }
  subscription(includeCancelled: true) { origin type status paymentProvider }
  featureFlags { ubbBeta friendOfCsb } limits { includedPublicSandboxes includedPrivateSandboxes }
  usage { publicSandboxesQuantity privateSandboxesQuantity } } } }`;

type Team = { id: string; name: string; userAuthorizations: { userId: string; authorization: string }[] };

describe("workspaces over GraphQL", () => {
  it("S1-7.026 / Teams answers the user's workspaces with their primary one", async () => {
    const result = await gql<{
      me: { primaryWorkspaceId: string; workspaces: { id: string; name: string }[] };
    }>(app, ada, "query Teams { me { id primaryWorkspaceId workspaces { id name } } }");
    expect(result.errors).toBeUndefined();
    expect(result.data!.me.primaryWorkspaceId).toBe(ada.primaryTeamId);
    expect(result.data!.me.workspaces).toEqual([{ id: ada.primaryTeamId, name: ada.username }]);
  });

  it("S1-7.026 / AllTeams answers the TeamSummary of each workspace, only the user's own", async () => {
    const result = await gql<{ me: { workspaces: Team[] } }>(app, ada, ALL_TEAMS);
    expect(result.errors).toBeUndefined();
    const [team] = result.data!.me.workspaces;
    expect(team).toMatchObject({
      id: ada.primaryTeamId,
      settings: { minimumPrivacy: 0 },
      userAuthorizations: [{ userId: ada.id, authorization: "ADMIN", teamManager: false }],
      users: [{ id: ada.id, username: ada.username }],
      invitees: [],
      subscription: null,
      featureFlags: { ubbBeta: true, friendOfCsb: false },
      limits: { includedPrivateSandboxes: 5 },
    });
    expect(result.data!.me.workspaces.map((w) => w.id)).not.toContain(bob.primaryTeamId);
  });

  it("S1-7.024 / a JSON array of operations gets an array of results in the same order", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: { ...CLIENT, cookie: ada.cookie },
      payload: [
        { operationName: "Teams", query: "query Teams { me { id workspaces { id } } }" },
        { operationName: "Me", query: "query Me { me { username } }" },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [teams, me] = response.json();
    expect(teams.data.me.id).toBe(ada.id);
    expect(me.data.me.username).toBe(ada.username);
  });

  it("me is null for a signed-out visitor, and me.team hides workspaces the user is not in", async () => {
    expect((await gql(app, null, "{ me { id } }")).data).toEqual({ me: null });
    const other = await gql<{ me: { team: Team | null } }>(
      app,
      ada,
      `query GetTeam($teamId: UUID4!) { me { id team(id: $teamId) { id } } }`,
      { teamId: bob.primaryTeamId },
    );
    expect(other.data!.me.team).toBeNull();
  });

  it("S2-5.008 / createTeam refuses an empty name and a duplicate of the user's own, changing nothing", async () => {
    const create = (name: string, user = ada) =>
      gql<{ createTeam: { id: string; name: string } }>(
        app,
        user,
        "mutation CreateTeam($name: String!) { createTeam(name: $name) { id name } }",
        { name },
      );
    const made = await create("  Platform  ");
    expect(made.data!.createTeam.name).toBe("Platform");
    const empty = await create("   ");
    expect(empty.errors![0]!.message).toBe("Workspace name cannot be empty.");
    const dup = await create("platform");
    expect(dup.errors![0]!.message).toBe("You already have a workspace with this name.");
    // Another user may use the same name.
    expect((await create("Platform", bob)).errors).toBeUndefined();
    const mine = await gql<{ me: { workspaces: Team[] } }>(app, ada, ALL_TEAMS);
    expect(mine.data!.me.workspaces.map((w) => w.name).sort()).toEqual(["Platform", ada.username].sort());
  });

  it("createTeam needs a signed-in user", async () => {
    const result = await gql(app, null, 'mutation { createTeam(name: "Nobody") { id } }');
    expect(result.errors![0]!.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("invalid variables get a clear GraphQL error", async () => {
    const result = await gql(app, ada, "query($id: UUID4!) { me { team(id: $id) { id } } }", { id: "nope" });
    expect(result.errors![0]!.message).toContain("Expected a UUID");
  });
});
