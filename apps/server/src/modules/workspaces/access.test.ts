import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, personas, setFrozen, signUp, type TestUser, unique } from "../../../test/factories.ts";
import { identities, workspaceJoinRequests, workspaceMembers } from "../../db/schema/index.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000" }); // many sign-ups in one file
});

/** Links a provider identity to a user, as sign-in does: its e-mail verified by the provider, or not. */
async function linkIdentity(user: TestUser, email: string, emailVerified = true, provider = "google") {
  await app.deps.db.insert(identities).values({
    userId: user.id,
    provider,
    providerUserId: randomBytes(6).toString("hex"),
    email,
    emailVerified,
  });
}

/** A company domain of its own for each test, so workspaces offered by other tests stay out. */
const companyDomain = () => `${unique("acme")}.test`;

const OFFER = `mutation($teamId: UUID4!, $domain: String) { setTeamOfferDomain(teamId: $teamId, domain: $domain) { id offerDomain } }`;
const ELIGIBLE = "query GetEligibleWorkspaces { me { id eligibleWorkspaces { id avatarUrl name shortid } } }";
const JOIN = `mutation JoinEligibleWorkspace($workspaceId: ID!) { joinEligibleWorkspace(workspaceId: $workspaceId) { id } }`;
const REQUEST = `mutation($inviteToken: String, $workspaceId: ID) { requestTeamInvite(inviteToken: $inviteToken, workspaceId: $workspaceId) }`;
const ACCEPT = `mutation($teamId: UUID4!, $userId: UUID4!, $authorization: TeamMemberAuthorization) {
  acceptTeamJoinRequest(teamId: $teamId, userId: $userId, authorization: $authorization) { id userAuthorizations { userId authorization } } }`;
const REJECT = `mutation($teamId: UUID4!, $userId: UUID4!) { rejectTeamJoinRequest(teamId: $teamId, userId: $userId) { id } }`;
const TEAM = `query($id: UUID4!) { me { id team(id: $id) { id inviteToken offerDomain joinRequests { userId email } } } }`;

async function eligible(user: TestUser) {
  return (
    await gql<{ me: { eligibleWorkspaces: { id: string; name: string; shortid: string }[] } }>(
      app,
      user,
      ELIGIBLE,
    )
  ).data!.me.eligibleWorkspaces;
}

async function team(user: TestUser, id: string) {
  return (
    await gql<{
      me: {
        team: {
          inviteToken: string;
          offerDomain: string | null;
          joinRequests: { userId: string; email: string }[];
        };
      };
    }>(app, user, TEAM, { id })
  ).data!.me.team;
}

async function notificationsOf(user: TestUser) {
  const answer = await gql<{ me: { notifications: { type: string; data: string }[] } }>(
    app,
    user,
    "{ me { id notifications { type data } } }",
  );
  return answer.data!.me.notifications.map((n) => ({ type: n.type, data: JSON.parse(n.data) }));
}

/** Fills the workspace's free plan (5 seats, pending invitations included). */
async function fill(admin: TestUser, workspaceId: string) {
  for (const email of [`${unique("a")}@example.test`, `${unique("b")}@example.test`]) {
    await gql(
      app,
      admin,
      "mutation($t: UUID4!, $e: String!) { inviteToTeamViaEmail(teamId: $t, email: $e) }",
      {
        t: workspaceId,
        e: email,
      },
    );
  }
}

describe("eligible workspaces", () => {
  it("S2-2.030 / S2-3.016 / S1-7.028 / a workspace offered to a domain is eligible for people with a verified address there; joining adds them with the default role and tells the admins", async () => {
    const domain = companyDomain();
    const { workspaceId, admin } = await personas(app);
    await linkIdentity(admin, `boss@${domain}`);
    const offered = await gql(app, admin, OFFER, { teamId: workspaceId, domain: domain.toUpperCase() });
    expect(offered.data).toEqual({ setTeamOfferDomain: { id: workspaceId, offerDomain: domain } });

    const colleague = await signUp(app);
    expect(await eligible(colleague)).toEqual([]);
    await linkIdentity(colleague, `dev@${domain}`);
    const [offer] = await eligible(colleague);
    expect(offer).toMatchObject({ id: workspaceId, shortid: workspaceId.slice(0, 8) });

    const joined = await gql(app, colleague, JOIN, { workspaceId });
    expect(joined).toEqual({ data: { joinEligibleWorkspace: { id: workspaceId } } });
    const [seat] = await app.deps.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, colleague.id));
    expect(seat).toBeDefined();
    expect(await eligible(colleague)).toEqual([]);
    expect((await notificationsOf(admin)).map((n) => n.type)).toEqual(["team_accepted"]);
  });

  it("S2-2.030 / a self-declared address (a local account), an unverified one or a public mail domain never makes a workspace eligible", async () => {
    const domain = companyDomain();
    const { workspaceId, admin } = await personas(app);
    await linkIdentity(admin, `boss@${domain}`);
    await gql(app, admin, OFFER, { teamId: workspaceId, domain });
    const local = await signUp(app, { email: `${unique("local")}@${domain}`, verified: false });
    expect(await eligible(local)).toEqual([]);
    const unverified = await signUp(app);
    await linkIdentity(unverified, `dev@${domain}`, false);
    expect(await eligible(unverified)).toEqual([]);
    const joined = await gql(app, local, JOIN, { workspaceId });
    expect(joined.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const gmail = await gql(app, admin, OFFER, { teamId: workspaceId, domain: "gmail.com" });
    expect(gmail.errors?.[0]?.extensions?.code).toBe("INVALID");
  });

  it(`S2-4.009 / Mutation.setTeamOfferDomain, Mutation.joinEligibleWorkspace / only an admin offers a workspace, and only to a domain they verified; nothing is offered by default`, async () => {
    const domain = companyDomain();
    const { workspaceId, admin, writer, reader, outsider } = await personas(app);
    for (const user of [admin, writer, reader, outsider])
      await linkIdentity(user, `${user.username}@${domain}`);
    expect((await team(admin, workspaceId)).offerDomain).toBeNull();
    const attempt = (user: TestUser | null) => gql(app, user, OFFER, { teamId: workspaceId, domain });
    expect((await attempt(null)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await attempt(outsider)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await attempt(reader)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await attempt(writer)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const elsewhere = await gql(app, admin, OFFER, { teamId: workspaceId, domain: companyDomain() });
    expect(elsewhere.errors?.[0]).toMatchObject({ extensions: { code: "INVALID" } });
    expect((await team(admin, workspaceId)).offerDomain).toBeNull();
    await setFrozen(app, workspaceId, true);
    expect((await attempt(admin)).errors).toBeUndefined();
    // A frozen workspace is not offered, and cannot be joined.
    const newcomer = await signUp(app);
    await linkIdentity(newcomer, `new@${domain}`);
    expect(await eligible(newcomer)).toEqual([]);
    expect((await gql(app, newcomer, JOIN, { workspaceId })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    await setFrozen(app, workspaceId, false);
    expect((await eligible(newcomer)).map((w) => w.id)).toEqual([workspaceId]);
    expect((await gql(app, null, JOIN, { workspaceId })).errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    // Turning it off takes the offer away.
    await gql(app, admin, OFFER, { teamId: workspaceId, domain: null });
    expect(await eligible(newcomer)).toEqual([]);
  });
});

describe("asking to join", () => {
  it(`S1-3.022 / Mutation.requestTeamInvite / someone whose invite link finds the workspace full asks to join; its admins are notified (team_invite_requested)`, async () => {
    const { workspaceId, admin } = await personas(app);
    await fill(admin, workspaceId);
    const { inviteToken } = await team(admin, workspaceId);
    const visitor = await signUp(app);
    const direct = await gql(
      app,
      visitor,
      "mutation($t: String!) { redeemTeamInviteToken(inviteToken: $t) { id } }",
      {
        t: inviteToken,
      },
    );
    expect(direct.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    expect(await gql(app, visitor, REQUEST, { inviteToken })).toEqual({ data: { requestTeamInvite: true } });
    // Asking again asks once.
    expect(await gql(app, visitor, REQUEST, { inviteToken })).toEqual({ data: { requestTeamInvite: true } });
    const [note, ...more] = await notificationsOf(admin);
    expect(more).toEqual([]);
    expect(note).toEqual({
      type: "team_invite_requested",
      data: {
        teamId: workspaceId,
        teamName: expect.any(String),
        requesterName: `Test ${visitor.username}`,
        requesterEmail: visitor.email,
        requesterAvatar: null,
      },
    });
    expect((await team(admin, workspaceId)).joinRequests).toEqual([
      { userId: visitor.id, email: visitor.email },
    ]);
    expect((await gql(app, null, REQUEST, { inviteToken })).errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("S1-3.022 / asking to join needs exactly one of a valid token or an offered workspace, and not being in it already", async () => {
    const { workspaceId, admin, writer } = await personas(app);
    const { inviteToken } = await team(admin, workspaceId);
    const visitor = await signUp(app);
    const codes = async (user: TestUser, vars: Record<string, unknown>) =>
      (await gql(app, user, REQUEST, vars)).errors?.[0]?.extensions?.code;
    expect(await codes(visitor, {})).toBe("INVALID");
    expect(await codes(visitor, { inviteToken, workspaceId })).toBe("INVALID");
    expect(await codes(visitor, { inviteToken: "nope" })).toBe("NOT_FOUND");
    expect(await codes(visitor, { workspaceId })).toBe("NOT_FOUND");
    expect(await codes(writer, { inviteToken })).toBe("CONFLICT");
    expect(
      await app.deps.db
        .select()
        .from(workspaceJoinRequests)
        .where(eq(workspaceJoinRequests.workspaceId, workspaceId)),
    ).toEqual([]);
  });

  it(`S1-3.022 / Mutation.acceptTeamJoinRequest, Mutation.rejectTeamJoinRequest, Team.joinRequests / the admins accept a request (with a role) or decline it; others cannot, or see none`, async () => {
    const { workspaceId, admin, writer, reader, outsider } = await personas(app);
    const { inviteToken } = await team(admin, workspaceId);
    const [first, second] = await Promise.all([signUp(app), signUp(app)]);
    await gql(app, first, REQUEST, { inviteToken });
    await gql(app, second, REQUEST, { inviteToken });
    expect((await team(writer, workspaceId)).joinRequests).toEqual([]);
    for (const [user, code] of [
      [null, "UNAUTHENTICATED"],
      [outsider, "NOT_FOUND"],
      [reader, "FORBIDDEN"],
      [writer, "FORBIDDEN"],
    ] as const) {
      for (const query of [ACCEPT, REJECT]) {
        const answer = await gql(app, user, query, { teamId: workspaceId, userId: first.id });
        expect(answer.errors?.[0]?.extensions?.code).toBe(code);
      }
    }
    await setFrozen(app, workspaceId, true);
    const frozen = await gql(app, admin, ACCEPT, { teamId: workspaceId, userId: first.id });
    expect(frozen.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    await setFrozen(app, workspaceId, false);
    expect((await team(admin, workspaceId)).joinRequests).toHaveLength(2);

    const accepted = await gql<{
      acceptTeamJoinRequest: { userAuthorizations: { userId: string; authorization: string }[] };
    }>(app, admin, ACCEPT, { teamId: workspaceId, userId: first.id, authorization: "READ" });
    expect(accepted.data!.acceptTeamJoinRequest.userAuthorizations).toContainEqual({
      userId: first.id,
      authorization: "READ",
    });
    expect(
      (await gql(app, admin, REJECT, { teamId: workspaceId, userId: second.id })).errors,
    ).toBeUndefined();
    expect((await team(admin, workspaceId)).joinRequests).toEqual([]);
    // The notifications of handled requests are archived.
    expect(await notificationsOf(admin)).toEqual([]);
    const again = await gql(app, admin, REJECT, { teamId: workspaceId, userId: second.id });
    expect(again.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
