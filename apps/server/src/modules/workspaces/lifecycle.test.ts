import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { addMember, gql, type Personas, personas, signUp, type TestUser } from "../../../test/factories.ts";
import {
  collections,
  sandboxes,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import { makeSandbox } from "../sandboxes/testing.ts";
import { expectOnlyAdmins, outcome, whileFrozen } from "./testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" }); // many sign-ups in one file
  p = await personas(app);
});

const rename = (user: TestUser, teamId: string, name: string) =>
  gql<{ setTeamName: { id: string; name: string } }>(
    app,
    user,
    "mutation SetTeamName($teamId: UUID4!, $name: String!) { setTeamName(teamId: $teamId, name: $name) { id name } }",
    { teamId, name },
  );
const describeTeam = (user: TestUser, teamId: string, description: string) =>
  gql<{ setTeamDescription: { id: string; description: string | null } }>(
    app,
    user,
    `mutation SetTeamDescription($teamId: UUID4!, $description: String!) {
      setTeamDescription(teamId: $teamId, description: $description) { id description users { id } }
    }`,
    { teamId, description },
  );
const setUseCases = (user: TestUser, teamId: string, useCases: string[]) =>
  gql<{ setTeamMetadata: { id: string; metadata: { useCases: string[] } } }>(
    app,
    user,
    `mutation SetTeamMetadata($teamId: UUID4!, $useCases: [String!]!) {
      setTeamMetadata(teamId: $teamId, metadata: { useCases: $useCases }) { id metadata { useCases } }
    }`,
    { teamId, useCases },
  );
const deleteTeam = (user: TestUser, teamId: string) =>
  gql<{ deleteWorkspace: boolean }>(
    app,
    user,
    "mutation DeleteWorkspace($teamId: UUID4!) { deleteWorkspace(teamId: $teamId) }",
    { teamId },
  );

async function row(id: string) {
  const [w] = await app.deps.db.select().from(workspaces).where(eq(workspaces.id, id));
  return w;
}

describe("renaming, describing and use cases", () => {
  it("S1-7.032 / S2-5.008 / an admin renames the workspace (trimmed); empty and duplicate names are refused and change nothing", async () => {
    const result = await rename(p.admin, p.workspaceId, "  Rocket Lab  ");
    expect(result.data!.setTeamName).toEqual({ id: p.workspaceId, name: "Rocket Lab" });
    // Keeping the same name (another case) is no duplicate of itself.
    expect(outcome(await rename(p.admin, p.workspaceId, "rocket lab"))).toBe("OK");

    expect(outcome(await rename(p.admin, p.workspaceId, "   "))).toEqual({
      code: "INVALID",
      message: "Workspace name cannot be empty.",
    });
    // The admin's personal workspace is named after their username.
    expect(outcome(await rename(p.admin, p.workspaceId, p.admin.username.toUpperCase()))).toEqual({
      code: "INVALID",
      message: "You already have a workspace with this name.",
    });
    expect(outcome(await rename(p.admin, p.workspaceId, "x".repeat(65)))).toMatchObject({ code: "INVALID" });
    expect((await row(p.workspaceId))!.name).toBe("rocket lab");
  });

  it("S1-7.032 / only admins rename, describe and set use cases; a non-member is told the workspace does not exist", async () => {
    const before = await row(p.workspaceId);
    await expectOnlyAdmins(p, (user) => rename(user, p.workspaceId, "Taken over"));
    await expectOnlyAdmins(p, (user) => describeTeam(user, p.workspaceId, "Taken over"));
    await expectOnlyAdmins(p, (user) => setUseCases(user, p.workspaceId, ["Teach"]));
    const after = await row(p.workspaceId);
    expect([after!.name, after!.description, after!.metadata]).toEqual([
      before!.name,
      before!.description,
      before!.metadata,
    ]);
  });

  it("a frozen workspace can still be renamed and described by its admins (freezing stops new work, not administration)", async () => {
    await whileFrozen(app, p, async () => {
      expect(outcome(await rename(p.admin, p.workspaceId, "Frozen Lab"))).toBe("OK");
      expect(outcome(await describeTeam(p.admin, p.workspaceId, "Out of credits"))).toBe("OK");
      expect(outcome(await setUseCases(p.admin, p.workspaceId, ["Teach"]))).toBe("OK");
    });
  });

  it("S1-3.004 / the description is trimmed, an empty one clears it, a too long one is refused", async () => {
    const set = await describeTeam(p.admin, p.workspaceId, "  Our team's playground  ");
    expect(set.data!.setTeamDescription.description).toBe("Our team's playground");
    expect(outcome(await describeTeam(p.admin, p.workspaceId, "x".repeat(501)))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.descriptionTooLong(500),
    });
    expect((await row(p.workspaceId))!.description).toBe("Our team's playground");
    const cleared = await describeTeam(p.admin, p.workspaceId, "   ");
    expect(cleared.data!.setTeamDescription.description).toBeNull();
  });

  it("S1-3.011 / use cases are saved without repeats; empty entries are refused and change nothing", async () => {
    const set = await setUseCases(p.admin, p.workspaceId, ["Teach", " Conduct QA ", "Teach"]);
    expect(set.data!.setTeamMetadata.metadata.useCases).toEqual(["Teach", "Conduct QA"]);
    expect(outcome(await setUseCases(p.admin, p.workspaceId, ["Teach", " "]))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.useCasesInvalid,
    });
    expect((await row(p.workspaceId))!.metadata.useCases).toEqual(["Teach", "Conduct QA"]);
  });
});

describe("deleting a workspace", () => {
  it("S1-7.032 / an admin deletes a team workspace with its sandboxes, folders, memberships and invitations; members whose primary it was get their personal workspace back", async () => {
    const team = await personas(app);
    const db = app.deps.db;
    await makeSandbox(app, team.workspaceId, team.writer.id, { path: "/design" });
    await makeSandbox(app, team.workspaceId, team.writer.id, { path: null });
    await db.insert(workspaceInvitations).values({
      workspaceId: team.workspaceId,
      email: "someone@example.test",
      authorization: "WRITE",
    });
    // The writer made this workspace their primary one.
    await db.update(users).set({ primaryWorkspaceId: team.workspaceId }).where(eq(users.id, team.writer.id));

    expect(outcome(await deleteTeam(team.admin, team.workspaceId))).toBe("OK");

    const count = async (
      table: typeof sandboxes | typeof collections | typeof workspaceMembers | typeof workspaceInvitations,
    ) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.workspaceId, team.workspaceId))
      )[0]!.n;
    expect(await row(team.workspaceId)).toBeUndefined();
    expect([
      await count(sandboxes),
      await count(collections),
      await count(workspaceMembers),
      await count(workspaceInvitations),
    ]).toEqual([0, 0, 0, 0]);
    const [writer] = await db.select().from(users).where(eq(users.id, team.writer.id));
    expect(writer!.primaryWorkspaceId).toBe(writer!.personalWorkspaceId);
    expect(writer!.primaryWorkspaceId).toBe(team.writer.primaryTeamId);
    // The members' own workspaces are untouched.
    expect(await row(team.writer.primaryTeamId)).toBeDefined();
  });

  it("S1-7.032 / only admins delete; a frozen workspace can still be deleted; the personal workspace cannot be deleted", async () => {
    const team = await personas(app);
    await expectOnlyAdmins(team, (user) => deleteTeam(user, team.workspaceId));
    expect(await row(team.workspaceId)).toBeDefined();

    expect(outcome(await deleteTeam(team.admin, team.admin.primaryTeamId))).toEqual({
      code: "FORBIDDEN",
      message: WORKSPACE_MESSAGES.personalCannotDelete,
    });
    expect(await row(team.admin.primaryTeamId)).toBeDefined();

    const result = await whileFrozen(app, team, () => deleteTeam(team.admin, team.workspaceId));
    expect(outcome(result)).toBe("OK");
    expect(await row(team.workspaceId)).toBeUndefined();
  });

  it("a user whose only workspaces are gone keeps their personal one as primary (never left without a workspace)", async () => {
    const owner = await signUp(app);
    const guest = await signUp(app);
    const made = await gql<{ createTeam: { id: string } }>(
      app,
      owner,
      'mutation { createTeam(name: "Short lived") { id } }',
    );
    const teamId = made.data!.createTeam.id;
    await addMember(app, teamId, guest, "WRITE");
    await app.deps.db.update(users).set({ primaryWorkspaceId: teamId }).where(eq(users.id, guest.id));
    await deleteTeam(owner, teamId);
    const me = await gql<{ me: { primaryWorkspaceId: string; workspaces: { id: string }[] } }>(
      app,
      guest,
      "{ me { id primaryWorkspaceId workspaces { id } } }",
    );
    expect(me.data!.me).toMatchObject({
      primaryWorkspaceId: guest.primaryTeamId,
      workspaces: [{ id: guest.primaryTeamId }],
    });
  });
});

describe("usage and drafts", () => {
  it("S1-3.005 / S1-3.010 / usage counts the workspace's sandboxes that are not deleted (private and the others); each member's drafts are counted", async () => {
    const team = await personas(app);
    await makeSandbox(app, team.workspaceId, team.writer.id, { path: "/", privacy: 2 });
    await makeSandbox(app, team.workspaceId, team.writer.id, { path: "/", privacy: 1 });
    await makeSandbox(app, team.workspaceId, team.writer.id, { path: null, privacy: 0 });
    await makeSandbox(app, team.workspaceId, team.writer.id, { path: null, privacy: 2 });
    await makeSandbox(app, team.workspaceId, team.admin.id, { path: null, privacy: 2, removed: true });
    const result = await gql<{
      me: {
        team: {
          usage: Record<string, number>;
          userAuthorizations: { userId: string; drafts: number }[];
        };
      };
    }>(
      app,
      team.reader,
      `query($id: UUID4!) { me { id team(id: $id) {
        usage { sandboxes credits publicSandboxesQuantity privateSandboxesQuantity }
        userAuthorizations { userId drafts } } } }`,
      { id: team.workspaceId },
    );
    expect(result.data!.me.team.usage).toEqual({
      sandboxes: 4,
      credits: 0,
      publicSandboxesQuantity: 2,
      privateSandboxesQuantity: 2,
    });
    const drafts = Object.fromEntries(
      result.data!.me.team.userAuthorizations.map((a) => [a.userId, a.drafts]),
    );
    expect(drafts).toEqual({ [team.admin.id]: 0, [team.writer.id]: 2, [team.reader.id]: 0 });
  });
});
