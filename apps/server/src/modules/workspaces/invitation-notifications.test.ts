import { notificationTopic } from "@boxyard/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { gql, personas, signUp, type TestUser, unique } from "../../../test/factories.ts";
import { openSocket, socketToken } from "../../../test/socket.ts";
import { firstLink, startSmtpInbox } from "../../../test/standins/smtp-inbox.ts";

let app: TestApp;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  app = await testApp({
    SMTP_URL: inbox.url,
    SMTP_FROM: "Boxyard <boxyard@example.test>",
    BOXYARD_SIGNIN_RATE_LIMIT: "1000", // many sign-ups in one file
  });
});
afterAll(() => inbox.close());

type Item = { id: string; type: string; data: string; read: boolean };

async function notificationsOf(user: TestUser) {
  const answer = await gql<{ me: { notifications: Item[] } }>(
    app,
    user,
    "{ me { id notifications { id type data read } } }",
  );
  return answer.data!.me.notifications.map((n) => ({ ...n, data: JSON.parse(n.data) }));
}

const INVITE = `mutation InviteToTeam($teamId: UUID4!, $username: String!, $authorization: TeamMemberAuthorization) {
  inviteToTeam(teamId: $teamId, username: $username, authorization: $authorization) { id } }`;
const INVITE_BY_EMAIL = `mutation InviteToTeamViaEmail($teamId: UUID4!, $email: String!) {
  inviteToTeamViaEmail(teamId: $teamId, email: $email) }`;
const ACCEPT = "mutation($teamId: UUID4!) { acceptTeamInvitation(teamId: $teamId) { id } }";

async function teamName(user: TestUser, teamId: string) {
  const answer = await gql<{ me: { team: { name: string } } }>(
    app,
    user,
    "query($id: UUID4!) { me { id team(id: $id) { name } } }",
    { id: teamId },
  );
  return answer.data!.me.team.name;
}

describe("invitation notifications", () => {
  it("S1-3.021 / S1-2.117 / inviting a user notifies them live (team_invite) and by e-mail; the mail's link opens the workspace, where they accept", async () => {
    const { workspaceId, admin } = await personas(app);
    const invitee = await signUp(app);
    const socket = await openSocket(app, await socketToken(app, invitee));
    await socket.join(notificationTopic(invitee.id));

    const invited = await gql(app, admin, INVITE, { teamId: workspaceId, username: invitee.username });
    expect(invited.errors).toBeUndefined();
    const name = await teamName(admin, workspaceId);
    const expected = {
      teamId: workspaceId,
      teamName: name,
      inviterName: `Test ${admin.username}`,
      inviterAvatar: null,
    };

    const pushed = await socket.next((m) => m.event === "new-notification");
    expect(pushed.payload).toMatchObject({ type: "team_invite", read: false, unread: 1 });
    expect(JSON.parse((pushed.payload as { data: string }).data)).toEqual(expected);
    expect(await notificationsOf(invitee)).toMatchObject([{ type: "team_invite", data: expected }]);

    const mail = await inbox.waitFor(invitee.email, (m) => m.subject.includes("invited you"));
    expect(mail.subject).toBe(`Test ${admin.username} invited you to join ${name} on Boxyard`);
    const link = new URL(firstLink(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:3000/workspace/${workspaceId}`);
    expect(link.searchParams.get("invite_email")).toBe(invitee.email);

    // Following the link: the page is the web app's, and the workspace it names is the invitation's.
    const page = await app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(page.statusCode).not.toBe(500);
    const teamId = link.pathname.split("/").pop()!;
    const accepted = await gql(app, invitee, ACCEPT, { teamId });
    expect(accepted).toEqual({ data: { acceptTeamInvitation: { id: workspaceId } } });
    socket.close();
  });

  it("S1-3.023 / accepting notifies the member who invited (team_accepted)", async () => {
    const { workspaceId, admin } = await personas(app);
    const invitee = await signUp(app);
    await gql(app, admin, INVITE, { teamId: workspaceId, username: invitee.username });
    const socket = await openSocket(app, await socketToken(app, admin));
    await socket.join(notificationTopic(admin.id));
    await gql(app, invitee, ACCEPT, { teamId: workspaceId });
    const pushed = await socket.next((m) => m.event === "new-notification");
    expect(JSON.parse((pushed.payload as { data: string }).data)).toEqual({
      teamId: workspaceId,
      teamName: await teamName(admin, workspaceId),
      userName: `Test ${invitee.username}`,
      userAvatar: null,
    });
    expect((await notificationsOf(admin)).map((n) => n.type)).toEqual(["team_accepted"]);
    socket.close();
  });

  it("S2-3.008 / with emailTeamInvite off the invitation is notified in the app but not mailed", async () => {
    const { workspaceId, admin } = await personas(app);
    const invitee = await signUp(app);
    const off = await gql(
      app,
      invitee,
      "mutation { updateNotificationPreferences(emailTeamInvite: false) { emailTeamInvite } }",
    );
    expect(off.data).toEqual({ updateNotificationPreferences: { emailTeamInvite: false } });
    await gql(app, admin, INVITE, { teamId: workspaceId, username: invitee.username });
    // A second invitee with mail on: once their mail is in, the first one's would have been too.
    const other = await signUp(app);
    await gql(app, admin, INVITE, { teamId: workspaceId, username: other.username });
    await inbox.waitFor(other.email, (m) => m.subject.includes("invited you"));
    // (Their verification mail aside.)
    const invitations = inbox.mails.filter(
      (m) => m.to.includes(invitee.email.toLowerCase()) && m.subject.includes("invited you"),
    );
    expect(invitations).toEqual([]);
    expect((await notificationsOf(invitee)).map((n) => n.type)).toEqual(["team_invite"]);
  });

  it("S1-2.007 / an invitation to an address without an account is mailed; signing up with it and accepting joins", async () => {
    const { workspaceId, admin } = await personas(app);
    const email = `${unique("newcomer")}@example.test`;
    expect((await gql(app, admin, INVITE_BY_EMAIL, { teamId: workspaceId, email })).errors).toBeUndefined();
    const mail = await inbox.waitFor(email, (m) => m.subject.includes("invited you"));
    const link = new URL(firstLink(mail));
    expect(link.searchParams.get("invite_email")).toBe(email);
    const newcomer = await signUp(app, { email });
    const teamId = link.pathname.split("/").pop()!;
    expect(await gql(app, newcomer, ACCEPT, { teamId })).toEqual({
      data: { acceptTeamInvitation: { id: workspaceId } },
    });
  });

  it("S1-3.021 / an invitation that is refused notifies and mails nobody", async () => {
    const { workspaceId, admin, writer, reader } = await personas(app);
    const refused = await gql(app, reader, INVITE, { teamId: workspaceId, username: writer.username });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const already = await gql(app, admin, INVITE, { teamId: workspaceId, username: writer.username });
    expect(already.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(await notificationsOf(writer)).toEqual([]);
    const mailed = inbox.mails.filter(
      (m) => m.to.includes(writer.email.toLowerCase()) && m.subject.includes("invited you"),
    );
    expect(mailed).toEqual([]);
  });

  it("S1-3.021 / revoking or declining an invitation archives its notification", async () => {
    const { workspaceId, admin } = await personas(app);
    const [first, second] = await Promise.all([signUp(app), signUp(app)]);
    await gql(app, admin, INVITE, { teamId: workspaceId, username: first.username });
    await gql(app, admin, INVITE, { teamId: workspaceId, username: second.username });
    await gql(
      app,
      admin,
      "mutation($teamId: UUID4!, $userId: UUID4!) { revokeTeamInvitation(teamId: $teamId, userId: $userId) { id } }",
      {
        teamId: workspaceId,
        userId: first.id,
      },
    );
    await gql(app, second, "mutation($teamId: UUID4!) { rejectTeamInvitation(teamId: $teamId) }", {
      teamId: workspaceId,
    });
    expect(await notificationsOf(first)).toEqual([]);
    expect(await notificationsOf(second)).toEqual([]);
  });
});
