import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { gql, signUp, type TestUser, unique } from "../../../test/factories.ts";
import { firstLink, type ReceivedMail, startSmtpInbox } from "../../../test/standins/smtp-inbox.ts";
import { emailTokens, identities, users, workspaces } from "../../db/schema/index.ts";
import { verifiedDomainsOf } from "../workspaces/eligible.service.ts";
import { INVITATION_NOTES } from "./invitation-claim.ts";
import { hashToken } from "./tokens.ts";
import { VERIFICATION_MESSAGES } from "./verification.service.ts";

// Resending needs a session (it mails the caller's own address); following a link needs only the
// link's token, which proves that its holder reads the address's mail.

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let app: TestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  app = await testApp({ SMTP_URL: inbox.url, SMTP_FROM: "Boxyard <boxyard@example.test>" });
});
afterAll(() => inbox.close());

const isVerification = (mail: ReceivedMail) => mail.subject === "Verify your e-mail address for Boxyard";
const tokenOf = (mail: ReceivedMail) => new URL(firstLink(mail)).searchParams.get("token")!;

const confirm = (token: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/auth/verification/confirm",
    headers: CLIENT,
    payload: { token },
  });
const resend = (user: TestUser | null) =>
  app.inject({
    method: "POST",
    url: "/api/v1/auth/verification/resend",
    headers: user ? user.headers : CLIENT,
  });
const me = async (user: TestUser) =>
  (await app.inject({ url: "/api/v1/users/current", headers: { cookie: user.cookie } })).json();

async function teamWithEmailInvite(email: string, authorization = "ADMIN") {
  const admin = await signUp(app);
  const created = await gql<{ createTeam: { id: string } }>(
    app,
    admin,
    "mutation($n: String!) { createTeam(name: $n) { id } }",
    { n: unique("Bigcorp") },
  );
  const teamId = created.data!.createTeam.id;
  const invited = await gql(
    app,
    admin,
    "mutation($t: UUID4!, $e: String!, $a: TeamMemberAuthorization) { inviteToTeamViaEmail(teamId: $t, email: $e, authorization: $a) }",
    { t: teamId, e: email, a: authorization },
  );
  expect(invited.errors).toBeUndefined();
  return { admin, teamId };
}

const invitationsTo = async (user: TestUser) =>
  (
    await gql<{ me: { teamInvitations: { teamId: string; authorization: string }[] } }>(
      app,
      user,
      "{ me { teamInvitations { teamId authorization } } }",
    )
  ).data!.me.teamInvitations;

const accept = (user: TestUser, teamId: string) =>
  gql(app, user, "mutation($t: UUID4!) { acceptTeamInvitation(teamId: $t) { id } }", { t: teamId });

describe("e-mail verification of local accounts (issue 13, hole 2)", () => {
  it("an e-mail invitation as ADMIN is refused to an unverified sign-up with that address, and claimed once the mailed link is followed", async () => {
    const email = `cto-${unique("c")}@bigcorp.example`;
    const { teamId, admin } = await teamWithEmailInvite(email);
    const squatter = await signUp(app, { email, verified: false });

    expect(await invitationsTo(squatter)).toEqual([]);
    expect((await accept(squatter, teamId)).errors?.[0]?.message).toBeTruthy();
    const members = await gql<{ me: { team: { users: { id: string }[] } | null } }>(
      app,
      admin,
      "query($t: UUID4!) { me { team(id: $t) { users { id } } } }",
      { t: teamId },
    );
    expect(members.data!.me.team!.users.map((u) => u.id)).not.toContain(squatter.id);
    expect((await me(squatter)).emailVerified).toBe(false);

    // The verification link was mailed at sign-up: following it claims the invitation.
    const mail = await inbox.waitFor(email, isVerification);
    expect(firstLink(mail)).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    const confirmed = await confirm(tokenOf(mail));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ verified: true, email });
    expect((await me(squatter)).emailVerified).toBe(true);
    expect(await invitationsTo(squatter)).toEqual([{ teamId, authorization: "ADMIN" }]);
    expect((await accept(squatter, teamId)).errors).toBeUndefined();
  });

  it("inviting by e-mail an unverified account's address waits for the address's proof rather than inviting that account", async () => {
    const email = `${unique("dev")}@bigcorp.example`;
    const known = await signUp(app, { email, verified: false });
    const { teamId, admin } = await teamWithEmailInvite(email, "WRITE");
    expect(await invitationsTo(known)).toEqual([]);
    const listed = await gql<{
      me: { team: { invitations: { userId: string | null; email: string; note: string | null }[] } };
    }>(app, admin, "query($t: UUID4!) { me { team(id: $t) { invitations { userId email note } } } }", {
      t: teamId,
    });
    expect(listed.data!.me.team.invitations).toEqual([
      { userId: null, email, note: INVITATION_NOTES.needsVerifiedAddress },
    ]);
    const mail = await inbox.waitFor(email, isVerification);
    expect((await confirm(tokenOf(mail))).statusCode).toBe(200);
    expect(await invitationsTo(known)).toEqual([{ teamId, authorization: "WRITE" }]);
  });

  it("an address a provider verified claims invitations; a verified local address counts for domain offers, an unverified one does not", async () => {
    const user = await signUp(app, { email: `${unique("lead")}@acme-verified.example`, verified: false });
    expect(await verifiedDomainsOf(app.deps.db, user.id)).toEqual([]);
    await app.deps.db.insert(identities).values({
      userId: user.id,
      provider: "github",
      providerUserId: unique("gh"),
      email: `${unique("x")}@vouched.example`,
      emailVerified: true,
    });
    expect(await verifiedDomainsOf(app.deps.db, user.id)).toEqual(["vouched.example"]);
    const mail = await inbox.waitFor(user.email, isVerification);
    await confirm(tokenOf(mail));
    expect(await verifiedDomainsOf(app.deps.db, user.id)).toEqual([
      "acme-verified.example",
      "vouched.example",
    ]);
  });

  it("a used, forged, expired or superseded link is refused and verifies nothing", async () => {
    const user = await signUp(app, { verified: false });
    const first = await inbox.waitFor(user.email, isVerification);
    const firstToken = tokenOf(first);

    const forged = await confirm(`${firstToken.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toEqual({ errors: { token: [VERIFICATION_MESSAGES.invalidLink] } });
    expect((await confirm("")).statusCode).toBe(422);

    // Expired: the 24 hours are over.
    await app.deps.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(firstToken)));
    expect((await confirm(firstToken)).statusCode).toBe(422);
    expect((await me(user)).emailVerified).toBe(false);

    // A newer link replaces the older ones; it works once.
    await app.deps.db
      .update(emailTokens)
      .set({ insertedAt: new Date(0) })
      .where(eq(emailTokens.userId, user.id));
    expect((await resend(user)).statusCode).toBe(200);
    const second = await inbox.waitFor(user.email, (m) => isVerification(m) && tokenOf(m) !== firstToken);
    expect((await confirm(tokenOf(second))).statusCode).toBe(200);
    expect((await confirm(tokenOf(second))).statusCode).toBe(422);
    expect((await me(user)).emailVerified).toBe(true);
  });

  it("a link proves only the address it was sent to", async () => {
    const user = await signUp(app, { verified: false });
    const mail = await inbox.waitFor(user.email, isVerification);
    await app.deps.db
      .update(users)
      .set({ email: `${unique("moved")}@example.test` })
      .where(eq(users.id, user.id));
    expect((await confirm(tokenOf(mail))).statusCode).toBe(422);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it("resending is for the signed-in owner, limited to one a minute, and refused once verified", async () => {
    expect((await resend(null)).statusCode).toBe(401);
    const user = await signUp(app, { verified: false });
    await inbox.waitFor(user.email, isVerification);
    const tooSoon = await resend(user);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ errors: { detail: [VERIFICATION_MESSAGES.tooSoon] } });

    await app.deps.db
      .update(emailTokens)
      .set({ insertedAt: new Date(0) })
      .where(eq(emailTokens.userId, user.id));
    const again = await resend(user);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: user.email });
    await expect
      .poll(() => inbox.mails.filter((m) => m.to.includes(user.email) && isVerification(m)).length)
      .toBe(2);

    const verified = await signUp(app);
    const refused = await resend(verified);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: { detail: [VERIFICATION_MESSAGES.alreadyVerified] } });
  });
});

describe("without SMTP", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await testApp();
  });

  it("local sign-up still works; e-mail invitations say to use the invite link, and resending says why it cannot", async () => {
    const user = await signUp(plain, { verified: false });
    const current = (
      await plain.inject({ url: "/api/v1/users/current", headers: { cookie: user.cookie } })
    ).json();
    expect(current).toMatchObject({ emailVerified: false, emailVerificationAvailable: false });
    const refused = await plain.inject({
      method: "POST",
      url: "/api/v1/auth/verification/resend",
      headers: user.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { detail: [VERIFICATION_MESSAGES.noMail] } });

    const created = await gql<{ createTeam: { id: string } }>(
      plain,
      user,
      "mutation($n: String!) { createTeam(name: $n) { id } }",
      { n: unique("Team") },
    );
    const teamId = created.data!.createTeam.id;
    const email = `${unique("new")}@example.test`;
    await gql(
      plain,
      user,
      "mutation($t: UUID4!, $e: String!) { inviteToTeamViaEmail(teamId: $t, email: $e) }",
      {
        t: teamId,
        e: email,
      },
    );
    const listed = await gql<{ me: { team: { invitations: { note: string | null }[] } } }>(
      plain,
      user,
      "query($t: UUID4!) { me { team(id: $t) { invitations { note } } } }",
      { t: teamId },
    );
    expect(listed.data!.me.team.invitations).toEqual([{ note: INVITATION_NOTES.noMail }]);

    // The invitee signs up with that address: the invitation waits; the invite link lets them in.
    const invitee = await signUp(plain, { email, verified: false });
    expect((await gql(plain, invitee, "{ me { teamInvitations { teamId } } }")).data).toEqual({
      me: { teamInvitations: [] },
    });
    const [team] = await plain.deps.db.select().from(workspaces).where(eq(workspaces.id, teamId));
    const joined = await gql(
      plain,
      invitee,
      "mutation($t: String!) { redeemTeamInviteToken(inviteToken: $t) { id } }",
      {
        t: team!.inviteToken,
      },
    );
    expect(joined.errors).toBeUndefined();
  });
});
