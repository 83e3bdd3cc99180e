import { type APIRequestContext, type Browser, request as playwrightRequest } from "@playwright/test";
import { BASE_URL, INBOX } from "./env.ts";
import {
  CLIENT_HEADER,
  createLocalUser,
  decideCookieBanner,
  expect,
  newUserData,
  screen,
  type TestUser,
  test,
} from "./fixtures.ts";
import { NotificationsMenu } from "./pages/NotificationsMenu.ts";

type Person = { user: TestUser; api: APIRequestContext };

async function person(prefix: string): Promise<Person> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  return { user: await createLocalUser(newUserData(prefix), api), api };
}

async function browserOf(browser: Browser, who: Person) {
  const context = await browser.newContext({ storageState: await who.api.storageState() });
  await decideCookieBanner(context);
  return context.newPage();
}

async function gql<T>(who: Person, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await who.api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors[0]!.message);
  return body.data;
}

/** The mails the local SMTP server received for an address (apps/server/test/standins/smtp-inbox.ts). */
async function mailsTo(address: string): Promise<{ subject: string; text: string; link: string | null }[]> {
  const response = await fetch(`${INBOX}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as { subject: string; text: string; link: string | null }[];
}

test.describe("notifications", () => {
  test("S1-2.090 S1-2.112 S1-4.024 S1-2.117 S2-4.008 / invited by e-mail: the notification comes live with the badge, opening clears it, the invite opens the workspace, where it is accepted", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const [admin, member] = await Promise.all([person("admin"), person("member")]);
    const teamName = `Rocket ${admin.user.username.slice(-5)}`;
    const { createTeam } = await gql<{ createTeam: { id: string } }>(
      admin,
      "mutation($name: String!) { createTeam(name: $name) { id } }",
      { name: teamName },
    );
    const page = await browserOf(browser, member);
    const bell = new NotificationsMenu(page);
    await page.goto("/dashboard/recent");
    await expect(bell.bell()).toBeVisible();

    // The admin invites the member's e-mail address: the bell hears of it without a reload.
    await gql(
      admin,
      "mutation($t: UUID4!, $e: String!) { inviteToTeamViaEmail(teamId: $t, email: $e, authorization: WRITE) }",
      { t: createTeam.id, e: member.user.email },
    );
    await expect(bell.bell(1)).toBeVisible({ timeout: 15_000 });
    await screen(page, testInfo, "notifications-badge");

    // The invitation was mailed too, with a link to the workspace.
    const invitations = async () =>
      (await mailsTo(member.user.email)).filter((m) => m.subject.includes("invited you"));
    await expect.poll(async () => (await invitations()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await invitations();
    expect(mail!.subject).toBe(`${admin.user.name} invited you to join ${teamName} on Boxyard`);
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe(`/workspace/${createTeam.id}`);

    // Opening clears the count; everything is read half a second later.
    await bell.open();
    await expect(bell.bell()).toBeVisible();
    const invite = bell.item(`invited you to join ${teamName}`);
    await expect(invite).toContainText(admin.user.name);
    await expect(bell.dropdown).toContainText("1 new message");
    await screen(page, testInfo, "notifications-dropdown");
    await expect(bell.dropdown).toContainText("0 new messages");

    // The invitation leads to the workspace's overview, where it is accepted.
    await invite.getByRole("button").first().click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${createTeam.id}\\?invite_email=`));
    await expect(page.getByRole("heading", { name: `Join ${teamName}` })).toBeVisible();
    await screen(page, testInfo, "notifications-invitation");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/\/dashboard\/recent\?new_join=true$/);
    await expect(page.getByRole("button", { name: "Switch workspace" })).toContainText(teamName);

    // Following the mail's link later, as a member, opens the workspace's settings.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.locator("section#general").getByRole("heading", { name: "General" })).toBeVisible();

    // The admin heard that the invitation was accepted.
    const { me } = await gql<{ me: { notifications: { type: string }[] } }>(
      admin,
      "{ me { id notifications { type } } }",
    );
    expect(me.notifications.map((n) => n.type)).toEqual(["team_accepted"]);
  });

  test("S1-3.024 S1-2.056 S1-2.119 S1-2.120 S1-8.024 / sharing a sandbox notifies the other user live, and it shows in Shared with me", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const [owner, friend] = await Promise.all([person("owner"), person("friend")]);
    const templates = (await (await owner.api.get("/api/v1/sandboxes/templates/official")).json()) as {
      sandboxes: { id: string }[];
    }[];
    const fork = await owner.api.post(`/api/v1/sandboxes/${templates[0]!.sandboxes[0]!.id}/fork`, {
      headers: CLIENT_HEADER,
      data: { title: `Weather ${owner.user.username.slice(-5)}`, team_id: owner.user.primaryTeamId },
    });
    const sandbox = (await fork.json()) as { id: string; title: string };

    const friendPage = await browserOf(browser, friend);
    await friendPage.goto("/dashboard/shared");
    await expect(friendPage.getByText("There are currently no sandboxes shared with you.")).toBeVisible();

    const ownerPage = await browserOf(browser, owner);
    await ownerPage.goto(`/s/${sandbox.id}`);
    await ownerPage.getByRole("button", { name: "Share" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: `Share ${sandbox.title}` });
    await dialog.getByLabel("Username or e-mail").fill(friend.user.username);
    await dialog.getByLabel("Access").selectOption({ label: "Can comment" });
    await dialog.getByRole("button", { name: "Share" }).click();
    await expect(ownerPage.getByText("Sandbox permissions updated.", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("list", { name: "People with access" })).toContainText(
      friend.user.username,
    );
    await screen(ownerPage, testInfo, "share-dialog");

    // Live, on the friend's page: the badge, and the sandbox in Shared with me.
    const bell = new NotificationsMenu(friendPage);
    await expect(bell.bell(1)).toBeVisible({ timeout: 15_000 });
    await expect(friendPage.getByText(sandbox.title)).toBeVisible({ timeout: 15_000 });
    await screen(friendPage, testInfo, "shared-with-me-live");

    await bell.open();
    const item = bell.item(`invited you to comment on ${sandbox.title}`);
    await expect(item).toBeVisible();
    await item.getByRole("button").first().click();
    await expect(friendPage).toHaveURL(new RegExp(`/s/${sandbox.id}$`));
    await expect(friendPage.getByRole("heading", { level: 1, name: sandbox.title })).toBeVisible();
  });

  test("S2-2.023 S2-2.026 S2-4.015 / the Notifications preferences tab: the switches save, and stay saved", async ({
    browser,
  }, testInfo) => {
    const member = await person("prefs");
    const page = await browserOf(browser, member);
    await page.goto("/dashboard/recent");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "User settings" }).click();
    const preferences = page.getByRole("dialog", { name: "Preferences" });
    await preferences.getByRole("tab", { name: "Notifications" }).click();
    const news = preferences.getByRole("switch", { name: /Product news/ });
    await expect(news).not.toBeChecked();
    await expect(preferences.getByRole("switch")).toHaveCount(8);
    await news.click();
    await expect(news).toBeChecked();
    await preferences.getByRole("switch", { name: /Workspace invitations/ }).click();
    await screen(page, testInfo, "notification-preferences");

    await page.reload();
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "User settings" }).click();
    await page
      .getByRole("dialog", { name: "Preferences" })
      .getByRole("tab", { name: "Notifications" })
      .click();
    await expect(page.getByRole("switch", { name: /Product news/ })).toBeChecked();
    await expect(page.getByRole("switch", { name: /Workspace invitations/ })).not.toBeChecked();
  });
});
