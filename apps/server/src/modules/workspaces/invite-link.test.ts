import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, type Personas, personas, type TestUser } from "../../../test/factories.ts";
import { workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { expectOnlyAdmins, outcome, whileFrozen } from "./testing.ts";

/** Issue 13 hole 3: the invite link is the admins'; it can be reset and changes when someone loses it. */
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" });
});

async function storedToken(workspaceId: string) {
  const [row] = await app.deps.db
    .select({ token: workspaces.inviteToken })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row!.token;
}

const readToken = (user: TestUser | null, teamId: string) =>
  gql<{ me: { team: { inviteToken: string | null } | null } | null }>(
    app,
    user,
    "query($id: UUID4!) { me { team(id: $id) { inviteToken } } }",
    { id: teamId },
  );

const reset = (user: TestUser | null, teamId: string) =>
  gql<{ resetTeamInviteToken: { id: string; inviteToken: string | null } }>(
    app,
    user,
    "mutation($teamId: UUID4!) { resetTeamInviteToken(teamId: $teamId) { id inviteToken } }",
    { teamId },
  );

const redeem = (user: TestUser, inviteToken: string) =>
  gql(app, user, "mutation($t: String!) { redeemTeamInviteToken(inviteToken: $t) { id } }", {
    t: inviteToken,
  });

async function isMember(workspaceId: string, userId: string) {
  const rows = await app.deps.db
    .select()
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.some((r) => r.userId === userId);
}

describe("issue 13 hole 3 / the invite link", () => {
  let p: Personas;
  beforeAll(async () => {
    p = await personas(app);
  });

  it("Team.inviteToken: the admins read it; READ and WRITE members read null; outsiders do not reach the workspace", async () => {
    const token = await storedToken(p.workspaceId);
    expect((await readToken(p.admin, p.workspaceId)).data!.me!.team!.inviteToken).toBe(token);
    for (const user of [p.writer, p.reader]) {
      const result = await readToken(user, p.workspaceId);
      expect(result.errors).toBeUndefined();
      expect(result.data!.me!.team).toEqual({ inviteToken: null });
    }
    expect((await readToken(p.outsider, p.workspaceId)).data!.me!.team).toBeNull();
    // Through another path (a sandbox's workspace, the list of one's workspaces), the same.
    const listed = await gql<{ me: { workspaces: { id: string; inviteToken: string | null }[] } }>(
      app,
      p.writer,
      "{ me { workspaces { id inviteToken } } }",
    );
    expect(listed.data!.me.workspaces.find((w) => w.id === p.workspaceId)!.inviteToken).toBeNull();
  });

  it("'Reset invite link': admins only (outsiders NOT_FOUND, READ/WRITE FORBIDDEN, signed out UNAUTHENTICATED); the old link stops working", async () => {
    const before = await storedToken(p.workspaceId);
    await expectOnlyAdmins(p, (user) => reset(user, p.workspaceId));
    expect(outcome(await reset(null, p.workspaceId))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(outcome(await reset(p.admin, "00000000-0000-4000-8000-000000000000"))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    expect(await storedToken(p.workspaceId)).toBe(before);

    const result = await reset(p.admin, p.workspaceId);
    expect(result.errors).toBeUndefined();
    const after = result.data!.resetTeamInviteToken.inviteToken!;
    expect(after).toMatch(/^[0-9a-f]{32}$/);
    expect(after).not.toBe(before);
    expect(await storedToken(p.workspaceId)).toBe(after);
    expect(outcome(await redeem(p.outsider, before))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.inviteLinkInvalid,
    });
    expect(await isMember(p.workspaceId, p.outsider.id)).toBe(false);
    // Resetting lets nobody in: allowed while the workspace is frozen.
    const frozen = await whileFrozen(app, p, () => reset(p.admin, p.workspaceId));
    expect(outcome(frozen)).toBe("OK");
  });

  it("removing a member resets the link in the same transaction: the removed member cannot rejoin with the link they knew", async () => {
    const team = await personas(app);
    const known = await storedToken(team.workspaceId);
    const removed = await gql<{ removeFromTeam: { inviteToken: string | null } }>(
      app,
      team.admin,
      "mutation($t: UUID4!, $u: UUID4!) { removeFromTeam(teamId: $t, userId: $u) { inviteToken } }",
      { t: team.workspaceId, u: team.writer.id },
    );
    expect(removed.errors).toBeUndefined();
    const fresh = await storedToken(team.workspaceId);
    expect(fresh).not.toBe(known);
    expect(removed.data!.removeFromTeam.inviteToken).toBe(fresh);
    expect(outcome(await redeem(team.writer, known))).toMatchObject({ code: "NOT_FOUND" });
    expect(await isMember(team.workspaceId, team.writer.id)).toBe(false);
    // A refused removal (the last admin removing themselves) changes nothing, the link included.
    const refused = await gql(
      app,
      team.admin,
      "mutation($t: UUID4!, $u: UUID4!) { removeFromTeam(teamId: $t, userId: $u) { id } }",
      { t: team.workspaceId, u: team.admin.id },
    );
    expect(outcome(refused)).not.toBe("OK");
    expect(await storedToken(team.workspaceId)).toBe(fresh);
  });

  it("an admin who leaves or is demoted takes no working link along; a WRITE member leaving keeps the link", async () => {
    const team = await personas(app);
    const first = await storedToken(team.workspaceId);
    const left = await gql(app, team.writer, "mutation($t: UUID4!) { leaveTeam(teamId: $t) }", {
      t: team.workspaceId,
    });
    expect(outcome(left)).toBe("OK");
    expect(await storedToken(team.workspaceId)).toBe(first);

    await gql(
      app,
      team.admin,
      "mutation($t: UUID4!, $m: [MemberAuthorization!]!) { changeTeamMemberAuthorizations(teamId: $t, memberAuthorizations: $m) { id } }",
      { t: team.workspaceId, m: [{ userId: team.reader.id, authorization: "ADMIN" }] },
    );
    expect(await storedToken(team.workspaceId)).toBe(first);
    const demoted = await gql(
      app,
      team.admin,
      "mutation($t: UUID4!, $m: [MemberAuthorization!]!) { changeTeamMemberAuthorizations(teamId: $t, memberAuthorizations: $m) { id } }",
      { t: team.workspaceId, m: [{ userId: team.reader.id, authorization: "WRITE" }] },
    );
    expect(outcome(demoted)).toBe("OK");
    const second = await storedToken(team.workspaceId);
    expect(second).not.toBe(first);

    await gql(
      app,
      team.admin,
      "mutation($t: UUID4!, $m: [MemberAuthorization!]!) { changeTeamMemberAuthorizations(teamId: $t, memberAuthorizations: $m) { id } }",
      { t: team.workspaceId, m: [{ userId: team.reader.id, authorization: "ADMIN" }] },
    );
    const adminLeft = await gql(app, team.admin, "mutation($t: UUID4!) { leaveTeam(teamId: $t) }", {
      t: team.workspaceId,
    });
    expect(outcome(adminLeft)).toBe("OK");
    const third = await storedToken(team.workspaceId);
    expect(third).not.toBe(second);
    expect(outcome(await redeem(team.admin, second))).toMatchObject({ code: "NOT_FOUND" });
  });
});
