import { WORKSPACE_MESSAGES } from "@boxyard/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import {
  cookieJar,
  gql,
  type Personas,
  personas,
  signUp,
  type TestUser,
  unique,
} from "../../../test/factories.ts";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { expectOnlyAdmins, outcome, whileFrozen } from "./testing.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" }); // many sign-ups in one file
});

const TEAM = `id users { id username } invitees { id username }
  userAuthorizations { userId authorization teamManager }
  invitations { userId username email authorization }`;
type Team = {
  id: string;
  users: { id: string; username: string }[];
  invitees: { id: string; username: string }[];
  userAuthorizations: { userId: string; authorization: string; teamManager: boolean }[];
  invitations: {
    userId: string | null;
    username: string | null;
    email: string | null;
    authorization: string;
  }[];
};

const inviteUsername = (user: TestUser, teamId: string, username: string, authorization?: string) =>
  gql<{ inviteToTeam: Team }>(
    app,
    user,
    `mutation InviteToTeam($teamId: UUID4!, $username: String!, $authorization: TeamMemberAuthorization) {
      inviteToTeam(teamId: $teamId, username: $username, authorization: $authorization) { ${TEAM} } }`,
    { teamId, username, authorization },
  );
const inviteEmail = (user: TestUser, teamId: string, email: string, authorization?: string) =>
  gql<{ inviteToTeamViaEmail: boolean }>(
    app,
    user,
    `mutation InviteToTeamViaEmail($teamId: UUID4!, $email: String!, $authorization: TeamMemberAuthorization) {
      inviteToTeamViaEmail(teamId: $teamId, email: $email, authorization: $authorization) }`,
    { teamId, email, authorization },
  );
const revoke = (user: TestUser, teamId: string, userId: string) =>
  gql<{ revokeTeamInvitation: Team }>(
    app,
    user,
    `mutation RevokeTeamInvitation($teamId: UUID4!, $userId: UUID4!) {
      revokeTeamInvitation(teamId: $teamId, userId: $userId) { ${TEAM} } }`,
    { teamId, userId },
  );
const revokeEmail = (user: TestUser, teamId: string, email: string) =>
  gql<{ revokeTeamEmailInvitation: Team }>(
    app,
    user,
    `mutation($teamId: UUID4!, $email: String!) { revokeTeamEmailInvitation(teamId: $teamId, email: $email) { ${TEAM} } }`,
    { teamId, email },
  );
const remove = (user: TestUser, teamId: string, userId: string) =>
  gql<{ removeFromTeam: Team }>(
    app,
    user,
    `mutation RemoveFromTeam($teamId: UUID4!, $userId: UUID4!) { removeFromTeam(teamId: $teamId, userId: $userId) { ${TEAM} } }`,
    { teamId, userId },
  );
const leave = (user: TestUser, teamId: string) =>
  gql<{ leaveTeam: boolean }>(
    app,
    user,
    "mutation LeaveTeam($teamId: UUID4!) { leaveTeam(teamId: $teamId) }",
    {
      teamId,
    },
  );
const changeRoles = (
  user: TestUser,
  teamId: string,
  memberAuthorizations: { userId: string; authorization: string; teamManager?: boolean }[],
) =>
  gql<{ changeTeamMemberAuthorizations: Team }>(
    app,
    user,
    `mutation($teamId: UUID4!, $memberAuthorizations: [MemberAuthorization!]!) {
      changeTeamMemberAuthorizations(teamId: $teamId, memberAuthorizations: $memberAuthorizations) { ${TEAM} } }`,
    { teamId, memberAuthorizations },
  );
/** The contract's single-member form of the same root field. */
const changeRole = (
  user: TestUser,
  teamId: string,
  userId: string,
  authorization: string,
  teamManager?: boolean,
) =>
  gql<{ changeTeamMemberAuthorizations: { id: string } }>(
    app,
    user,
    `mutation ChangeTeamMemberAuthorization($teamId: UUID4!, $userId: UUID4!, $authorization: TeamMemberAuthorization!, $teamManager: Boolean) {
      changeTeamMemberAuthorizations(teamId: $teamId, memberAuthorizations: [{userId: $userId, authorization: $authorization, teamManager: $teamManager}]) { id } }`,
    { teamId, userId, authorization, teamManager },
  );
const accept = (user: TestUser, teamId: string) =>
  gql<{ acceptTeamInvitation: { id: string } }>(
    app,
    user,
    "mutation AcceptTeamInvitation($teamId: UUID4!) { acceptTeamInvitation(teamId: $teamId) { id } }",
    { teamId },
  );
const reject = (user: TestUser, teamId: string) =>
  gql<{ rejectTeamInvitation: boolean }>(
    app,
    user,
    "mutation RejectTeamInvitation($teamId: UUID4!) { rejectTeamInvitation(teamId: $teamId) }",
    { teamId },
  );
const byToken = (user: TestUser | null, inviteToken: string) =>
  gql<{ teamByToken: { name: string } | null }>(
    app,
    user,
    "query TeamByToken($inviteToken: String!) { teamByToken(inviteToken: $inviteToken) { name } }",
    { inviteToken },
  );
const redeem = (user: TestUser, inviteToken: string) =>
  gql<{ redeemTeamInviteToken: { id: string; name: string } }>(
    app,
    user,
    "mutation JoinTeamByToken($inviteToken: String!) { redeemTeamInviteToken(inviteToken: $inviteToken) { id name } }",
    { inviteToken },
  );
const myInvitations = (user: TestUser) =>
  gql<{
    me: {
      teamInvitations: { teamId: string; teamName: string; authorization: string; inviterName: string }[];
    };
  }>(
    app,
    user,
    "{ me { id teamInvitations { teamId teamName teamAvatarUrl authorization inviterName inviterAvatarUrl insertedAt } } }",
  );
const getTeam = (user: TestUser, teamId: string) =>
  gql<{ me: { team: Team | null } }>(
    app,
    user,
    `query GetTeam($teamId: UUID4!) { me { id team(id: $teamId) { ${TEAM} } } }`,
    {
      teamId,
    },
  );

async function membersOf(teamId: string) {
  const rows = await app.deps.db
    .select({ userId: workspaceMembers.userId, authorization: workspaceMembers.authorization })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, teamId));
  return Object.fromEntries(rows.map((r) => [r.userId, r.authorization]));
}
async function invitationsOf(teamId: string) {
  return app.deps.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, teamId));
}
async function inviteToken(teamId: string) {
  const [row] = await app.deps.db.select().from(workspaces).where(eq(workspaces.id, teamId));
  return row!.inviteToken;
}

describe("inviting", () => {
  let p: Personas;
  beforeAll(async () => {
    p = await personas(app);
  });

  it("S1-3.004 / an admin invites a user by username; the invitee is listed in Team.invitees and sees the invitation", async () => {
    const bob = await signUp(app);
    const result = await inviteUsername(p.admin, p.workspaceId, `@${bob.username.toUpperCase()}`, "READ");
    expect(result.errors).toBeUndefined();
    expect(result.data!.inviteToTeam.invitees).toEqual([{ id: bob.id, username: bob.username }]);
    expect(result.data!.inviteToTeam.invitations).toEqual([
      { userId: bob.id, username: bob.username, email: bob.email, authorization: "READ" },
    ]);
    const mine = await myInvitations(bob);
    expect(mine.data!.me.teamInvitations).toMatchObject([
      { teamId: p.workspaceId, authorization: "READ", inviterName: `Test ${p.admin.username}` },
    ]);
    // Members who are not admins see the invitees but not the admins' invitation list.
    const asReader = await getTeam(p.reader, p.workspaceId);
    expect(asReader.data!.me.team).toMatchObject({ invitees: [{ id: bob.id }], invitations: [] });
  });

  it("S1-7.032 / inviting without a role uses the workspace's default authorization", async () => {
    const carol = await signUp(app);
    await app.deps.db
      .update(workspaces)
      .set({ defaultAuthorization: "READ" })
      .where(eq(workspaces.id, p.workspaceId));
    await inviteUsername(p.admin, p.workspaceId, carol.username);
    await app.deps.db
      .update(workspaces)
      .set({ defaultAuthorization: "WRITE" })
      .where(eq(workspaces.id, p.workspaceId));
    const [invitation] = (await invitationsOf(p.workspaceId)).filter((i) => i.userId === carol.id);
    expect(invitation!.authorization).toBe("READ");
    await revoke(p.admin, p.workspaceId, carol.id);
  });

  it("bad invitations are refused and change nothing: unknown username, empty username, invalid e-mail, a member, someone already invited, an unknown role", async () => {
    const before = await invitationsOf(p.workspaceId);
    expect(outcome(await inviteUsername(p.admin, p.workspaceId, "nobody-by-this-name"))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.unknownUsername("nobody-by-this-name"),
    });
    expect(outcome(await inviteUsername(p.admin, p.workspaceId, "  "))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.usernameRequired,
    });
    for (const email of ["not-an-email", "a@b", "", "two@@example.test"]) {
      expect(outcome(await inviteEmail(p.admin, p.workspaceId, email))).toEqual({
        code: "INVALID",
        message: WORKSPACE_MESSAGES.invalidEmail,
      });
    }
    expect(outcome(await inviteUsername(p.admin, p.workspaceId, p.writer.username))).toEqual({
      code: "CONFLICT",
      message: WORKSPACE_MESSAGES.alreadyMember(p.writer.username),
    });
    expect(outcome(await inviteEmail(p.admin, p.workspaceId, p.reader.email.toUpperCase()))).toEqual({
      code: "CONFLICT",
      message: WORKSPACE_MESSAGES.alreadyMember(p.reader.email.toUpperCase()),
    });
    const [pending] = before.filter((i) => i.userId);
    const [invitee] = await app.deps.db.select().from(users).where(eq(users.id, pending!.userId!));
    expect(outcome(await inviteUsername(p.admin, p.workspaceId, invitee!.username))).toEqual({
      code: "CONFLICT",
      message: WORKSPACE_MESSAGES.alreadyInvited(invitee!.username),
    });
    // The same person by e-mail is the same invitation.
    expect(outcome(await inviteEmail(p.admin, p.workspaceId, invitee!.email))).toMatchObject({
      code: "CONFLICT",
    });
    const badRole = await inviteUsername(p.admin, p.workspaceId, p.outsider.username, "OWNER");
    expect(badRole.errors![0]!.message).toContain("OWNER");
    expect(await invitationsOf(p.workspaceId)).toEqual(before);
  });

  it("S1-7.032 / only admins invite, revoke, remove and change roles; a non-member is told the workspace does not exist", async () => {
    const dave = await signUp(app);
    const before = [await membersOf(p.workspaceId), await invitationsOf(p.workspaceId)];
    await expectOnlyAdmins(p, (user) => inviteUsername(user, p.workspaceId, dave.username));
    await expectOnlyAdmins(p, (user) => inviteEmail(user, p.workspaceId, "dave@example.test"));
    const [pending] = (before[1] as { userId: string | null }[]).filter((i) => i.userId);
    await expectOnlyAdmins(p, (user) => revoke(user, p.workspaceId, pending!.userId!));
    await expectOnlyAdmins(p, (user) => remove(user, p.workspaceId, p.reader.id));
    await expectOnlyAdmins(p, (user) => changeRole(user, p.workspaceId, p.reader.id, "ADMIN"));
    expect([await membersOf(p.workspaceId), await invitationsOf(p.workspaceId)]).toEqual(before);
  });

  it("S1-6.014 / S2-6.015 / S2-9.002 / a Free workspace takes 5 people, members and pending invitations together", async () => {
    const team = await personas(app); // 3 members
    const [x, y] = await Promise.all([signUp(app), signUp(app)]);
    expect(outcome(await inviteUsername(team.admin, team.workspaceId, x.username))).toBe("OK");
    expect(outcome(await inviteEmail(team.admin, team.workspaceId, "future@example.test"))).toBe("OK");
    expect(outcome(await inviteUsername(team.admin, team.workspaceId, y.username))).toEqual({
      code: "FORBIDDEN",
      message: WORKSPACE_MESSAGES.memberLimit(5),
    });
    // The invite link is refused too, and nothing changed.
    expect(outcome(await redeem(y, await inviteToken(team.workspaceId)))).toEqual({
      code: "FORBIDDEN",
      message: WORKSPACE_MESSAGES.memberLimit(5),
    });
    expect(Object.keys(await membersOf(team.workspaceId))).toHaveLength(3);
    // Accepting a pending invitation takes the seat it already holds.
    expect(outcome(await accept(x, team.workspaceId))).toBe("OK");
    // Revoking frees a seat.
    expect(outcome(await revokeEmail(team.admin, team.workspaceId, "FUTURE@example.test"))).toBe("OK");
    expect(outcome(await inviteUsername(team.admin, team.workspaceId, y.username))).toBe("OK");
  });

  it("a frozen workspace refuses new invitations (revoking still works)", async () => {
    const team = await personas(app);
    const x = await signUp(app);
    await inviteUsername(team.admin, team.workspaceId, x.username);
    await whileFrozen(app, team, async () => {
      expect(outcome(await inviteUsername(team.admin, team.workspaceId, team.outsider.username))).toEqual({
        code: "FORBIDDEN",
        message: "This workspace is frozen.",
      });
      expect(outcome(await inviteEmail(team.admin, team.workspaceId, "late@example.test"))).toMatchObject({
        code: "FORBIDDEN",
      });
      // Joining waits until the workspace is unfrozen.
      expect(outcome(await accept(x, team.workspaceId))).toEqual({
        code: "FORBIDDEN",
        message: "This workspace is frozen.",
      });
      expect(outcome(await revoke(team.admin, team.workspaceId, x.id))).toBe("OK");
    });
    expect(await invitationsOf(team.workspaceId)).toEqual([]);
  });

  it("a personal workspace gets no members: invitations are refused", async () => {
    expect(outcome(await inviteUsername(p.admin, p.admin.primaryTeamId, p.outsider.username))).toEqual({
      code: "FORBIDDEN",
      message: WORKSPACE_MESSAGES.personalNoMembers,
    });
    expect(await invitationsOf(p.admin.primaryTeamId)).toEqual([]);
  });

  it("revoking an invitation that does not exist is a clear error", async () => {
    expect(outcome(await revoke(p.admin, p.workspaceId, p.outsider.id))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.invitationNotFound,
    });
    expect(outcome(await revokeEmail(p.admin, p.workspaceId, "nobody@example.test"))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("e-mail invitations", () => {
  it("S2-6.011 / an e-mail of a known user invites that user; an unknown address becomes the invitation of whoever signs up with it", async () => {
    const team = await personas(app);
    const known = await signUp(app);
    expect(
      outcome(await inviteEmail(team.admin, team.workspaceId, `  ${known.email.toUpperCase()} `, "READ")),
    ).toBe("OK");
    const address = `${unique("newcomer")}@example.test`;
    expect(outcome(await inviteEmail(team.admin, team.workspaceId, address, "WRITE"))).toBe("OK");
    const listed = await getTeam(team.admin, team.workspaceId);
    expect(listed.data!.me.team!.invitees).toEqual([{ id: known.id, username: known.username }]);
    expect(listed.data!.me.team!.invitations).toEqual([
      { userId: known.id, username: known.username, email: known.email, authorization: "READ" },
      { userId: null, username: null, email: address, authorization: "WRITE" },
    ]);
    expect((await myInvitations(known)).data!.me.teamInvitations).toHaveLength(1);

    const newcomer = await signUp(app, { email: address.toUpperCase() });
    const mine = await myInvitations(newcomer);
    expect(mine.data!.me.teamInvitations).toMatchObject([
      { teamId: team.workspaceId, authorization: "WRITE" },
    ]);
    expect(outcome(await accept(newcomer, team.workspaceId))).toBe("OK");
    expect((await membersOf(team.workspaceId))[newcomer.id]).toBe("WRITE");
  });
});

describe("accepting and declining", () => {
  it("S2-4.008 / S2-6.011 / accepting joins with the invitation's role; declining removes it; a second answer is a clear error", async () => {
    const team = await personas(app);
    const [ann, ben] = await Promise.all([signUp(app), signUp(app)]);
    await inviteUsername(team.admin, team.workspaceId, ann.username, "READ");
    await inviteUsername(team.admin, team.workspaceId, ben.username, "WRITE");
    expect((await accept(ann, team.workspaceId)).data!.acceptTeamInvitation.id).toBe(team.workspaceId);
    expect((await membersOf(team.workspaceId))[ann.id]).toBe("READ");
    const teams = await gql<{ me: { workspaces: { id: string }[] } }>(
      app,
      ann,
      "{ me { id workspaces { id } } }",
    );
    expect(teams.data!.me.workspaces.map((w) => w.id)).toContain(team.workspaceId);
    expect((await reject(ben, team.workspaceId)).data!.rejectTeamInvitation).toBe(true);
    expect((await membersOf(team.workspaceId))[ben.id]).toBeUndefined();
    expect(await invitationsOf(team.workspaceId)).toEqual([]);
    for (const run of [() => accept(ann, team.workspaceId), () => reject(ben, team.workspaceId)]) {
      expect(outcome(await run())).toEqual({
        code: "NOT_FOUND",
        message: WORKSPACE_MESSAGES.invitationToYouNotFound,
      });
    }
  });

  it("someone without an invitation cannot accept or decline, and learns nothing about the workspace", async () => {
    const team = await personas(app);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const teamId of [team.workspaceId, missing]) {
      expect(outcome(await accept(team.outsider, teamId))).toEqual({
        code: "NOT_FOUND",
        message: WORKSPACE_MESSAGES.invitationToYouNotFound,
      });
      expect(outcome(await reject(team.outsider, teamId))).toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await membersOf(team.workspaceId))[team.outsider.id]).toBeUndefined();
  });
});

describe("invite links", () => {
  it("S1-2.007 / teamByToken answers the workspace's name for a signed-in user, null for an unknown token, and needs sign-in", async () => {
    const team = await personas(app);
    const token = await inviteToken(team.workspaceId);
    const [row] = await app.deps.db.select().from(workspaces).where(eq(workspaces.id, team.workspaceId));
    expect((await byToken(team.outsider, token)).data!.teamByToken).toEqual({ name: row!.name });
    expect((await byToken(team.outsider, "not-a-token")).data!.teamByToken).toBeNull();
    // A personal workspace's token leads nowhere.
    expect(
      (await byToken(team.outsider, await inviteToken(team.admin.primaryTeamId))).data!.teamByToken,
    ).toBeNull();
    expect(outcome(await byToken(null, token))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("S1-2.007 / redeeming joins with the default authorization; following the link again changes nothing; a pending invitation's role wins", async () => {
    const team = await personas(app);
    const [joe, kim] = await Promise.all([signUp(app), signUp(app)]);
    await app.deps.db
      .update(workspaces)
      .set({ defaultAuthorization: "READ" })
      .where(eq(workspaces.id, team.workspaceId));
    const token = await inviteToken(team.workspaceId);
    const joined = await redeem(joe, ` ${token} `);
    expect(joined.data!.redeemTeamInviteToken.id).toBe(team.workspaceId);
    expect((await membersOf(team.workspaceId))[joe.id]).toBe("READ");
    expect(outcome(await redeem(joe, token))).toBe("OK");
    expect((await membersOf(team.workspaceId))[joe.id]).toBe("READ");
    // An admin following the link keeps being an admin.
    await redeem(team.admin, token);
    expect((await membersOf(team.workspaceId))[team.admin.id]).toBe("ADMIN");

    await inviteUsername(team.admin, team.workspaceId, kim.username, "WRITE");
    await redeem(kim, token);
    expect((await membersOf(team.workspaceId))[kim.id]).toBe("WRITE");
    expect(await invitationsOf(team.workspaceId)).toEqual([]);
  });

  it("an unknown token, a personal workspace's token and a frozen workspace are refused and change nothing", async () => {
    const team = await personas(app);
    const before = await membersOf(team.workspaceId);
    expect(outcome(await redeem(team.outsider, "not-a-token"))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.inviteLinkInvalid,
    });
    expect(outcome(await redeem(team.outsider, await inviteToken(team.admin.primaryTeamId)))).toMatchObject({
      code: "NOT_FOUND",
    });
    const frozen = await whileFrozen(app, team, async () =>
      redeem(team.outsider, await inviteToken(team.workspaceId)),
    );
    expect(outcome(frozen)).toEqual({ code: "FORBIDDEN", message: "This workspace is frozen." });
    expect(await membersOf(team.workspaceId)).toEqual(before);
    expect(await membersOf(team.admin.primaryTeamId)).toEqual({ [team.admin.id]: "ADMIN" });
  });
});

describe("members and roles", () => {
  it("S1-6.002 / S1-3.005 / S2-6.003 / an admin changes roles (several at once) and the team-manager (billing manager) flag; left out, the flag is kept", async () => {
    const team = await personas(app);
    const result = await changeRoles(team.admin, team.workspaceId, [
      { userId: team.reader.id, authorization: "WRITE", teamManager: true },
      { userId: team.writer.id, authorization: "ADMIN" },
    ]);
    expect(result.errors).toBeUndefined();
    const byUser = Object.fromEntries(
      result.data!.changeTeamMemberAuthorizations.userAuthorizations.map((a) => [a.userId, a]),
    );
    expect(byUser[team.reader.id]).toMatchObject({ authorization: "WRITE", teamManager: true });
    expect(byUser[team.writer.id]).toMatchObject({ authorization: "ADMIN", teamManager: false });
    expect(outcome(await changeRole(team.admin, team.workspaceId, team.reader.id, "READ"))).toBe("OK");
    const [reader] = await app.deps.db
      .select()
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, team.workspaceId), eq(workspaceMembers.userId, team.reader.id)),
      );
    expect(reader).toMatchObject({ authorization: "READ", teamManager: true });
  });

  it("a workspace never loses its last admin: demoting, leaving and removal are refused with a clear message", async () => {
    const team = await personas(app);
    const before = await membersOf(team.workspaceId);
    const lastAdmin = { code: "INVALID", message: WORKSPACE_MESSAGES.lastAdmin };
    expect(outcome(await changeRole(team.admin, team.workspaceId, team.admin.id, "WRITE"))).toEqual(
      lastAdmin,
    );
    // All or nothing: the valid half of the request is not applied either.
    expect(
      outcome(
        await changeRoles(team.admin, team.workspaceId, [
          { userId: team.reader.id, authorization: "WRITE" },
          { userId: team.admin.id, authorization: "READ" },
        ]),
      ),
    ).toEqual(lastAdmin);
    expect(outcome(await leave(team.admin, team.workspaceId))).toEqual(lastAdmin);
    expect(await membersOf(team.workspaceId)).toEqual(before);

    // With a second admin the first may step down or leave; the second cannot then be removed by nobody.
    await changeRole(team.admin, team.workspaceId, team.writer.id, "ADMIN");
    expect(outcome(await leave(team.admin, team.workspaceId))).toBe("OK");
    expect(outcome(await remove(team.writer, team.workspaceId, team.writer.id))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.removeSelf,
    });
    expect(await membersOf(team.workspaceId)).toEqual({
      [team.writer.id]: "ADMIN",
      [team.reader.id]: "READ",
    });
  });

  it("bad role changes are refused and change nothing: a non-member, the same member twice, an unknown role", async () => {
    const team = await personas(app);
    const before = await membersOf(team.workspaceId);
    expect(outcome(await changeRole(team.admin, team.workspaceId, team.outsider.id, "READ"))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.memberNotFound,
    });
    expect(
      outcome(
        await changeRoles(team.admin, team.workspaceId, [
          { userId: team.reader.id, authorization: "WRITE" },
          { userId: team.reader.id, authorization: "ADMIN" },
        ]),
      ),
    ).toEqual({ code: "INVALID", message: WORKSPACE_MESSAGES.duplicateMemberChange });
    const badRole = await changeRole(team.admin, team.workspaceId, team.reader.id, "OWNER");
    expect(badRole.errors![0]!.message).toContain("OWNER");
    expect(await membersOf(team.workspaceId)).toEqual(before);
  });

  it("removing: an admin removes a member, whose primary workspace falls back to their personal one; unknown members are a clear error", async () => {
    const team = await personas(app);
    await app.deps.db
      .update(users)
      .set({ primaryWorkspaceId: team.workspaceId })
      .where(eq(users.id, team.reader.id));
    const result = await remove(team.admin, team.workspaceId, team.reader.id);
    expect(result.data!.removeFromTeam.users.map((u) => u.id).sort()).toEqual(
      [team.admin.id, team.writer.id].sort(),
    );
    const [reader] = await app.deps.db.select().from(users).where(eq(users.id, team.reader.id));
    expect(reader!.primaryWorkspaceId).toBe(team.reader.primaryTeamId);
    expect(outcome(await remove(team.admin, team.workspaceId, team.reader.id))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.memberNotFound,
    });
    // The removed member now gets the same answer as any outsider.
    expect((await getTeam(team.reader, team.workspaceId)).data!.me.team).toBeNull();
  });

  it("frozen: admins still remove members and change roles; members may still leave", async () => {
    const team = await personas(app);
    await whileFrozen(app, team, async () => {
      expect(outcome(await changeRole(team.admin, team.workspaceId, team.reader.id, "WRITE"))).toBe("OK");
      expect(outcome(await remove(team.admin, team.workspaceId, team.reader.id))).toBe("OK");
      expect(outcome(await leave(team.writer, team.workspaceId))).toBe("OK");
    });
    expect(await membersOf(team.workspaceId)).toEqual({ [team.admin.id]: "ADMIN" });
  });

  it("leaving: READ and WRITE members leave; a non-member is told the workspace does not exist; the personal workspace cannot be left", async () => {
    const team = await personas(app);
    expect(outcome(await leave(team.outsider, team.workspaceId))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.notFound,
    });
    expect(outcome(await leave(team.reader, team.workspaceId))).toBe("OK");
    expect(outcome(await leave(team.writer, team.workspaceId))).toBe("OK");
    expect(outcome(await leave(team.admin, team.admin.primaryTeamId))).toEqual({
      code: "FORBIDDEN",
      message: WORKSPACE_MESSAGES.personalCannotLeave,
    });
    expect(await membersOf(team.workspaceId)).toEqual({ [team.admin.id]: "ADMIN" });
    expect(await membersOf(team.admin.primaryTeamId)).toEqual({ [team.admin.id]: "ADMIN" });
  });
});

it("a sign-up whose finalisation fails claims no e-mail invitation (the claim runs in the sign-up's transaction)", async () => {
  const team = await personas(app);
  const address = `${unique("later")}@example.test`;
  await inviteEmail(team.admin, team.workspaceId, address);
  const jar = cookieJar();
  const started = jar.take(
    await app.inject({
      method: "POST",
      url: "/api/v1/auth/local/signup",
      headers: CLIENT,
      payload: { email: address, password: "correct horse battery" },
    }),
  );
  const { pendingUserId } = started.json() as { pendingUserId: string };
  const failed = await app.inject({
    method: "POST",
    url: "/api/v1/users/finalize",
    headers: { ...CLIENT, cookie: jar.header },
    payload: {
      id: pendingUserId,
      username: team.admin.username,
      name: "Late",
      role: "other",
      usage: "personal",
    },
  });
  expect(failed.statusCode).toBe(409);
  const [invitation] = await invitationsOf(team.workspaceId);
  expect(invitation).toMatchObject({ email: address, userId: null });
});
