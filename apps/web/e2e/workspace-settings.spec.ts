import { deflateSync } from "node:zlib";
import type { APIRequestContext, Browser } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "./env.ts";
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
import { WorkspaceSettingsPage } from "./pages/WorkspaceSettingsPage.ts";

/** A real PNG (a 96×96 diagonal gradient), encoded here so the test needs no image file. */
function gradientPng(size = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * (size * 3 + 1) + 1 + x * 3;
      rows.set([40 + x, 90 + Math.round((y * 120) / size), 220 - x], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type Person = { user: TestUser; api: APIRequestContext };

async function person(prefix: string): Promise<Person> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const user = await createLocalUser(newUserData(prefix), api);
  return { user, api };
}

/** A signed-in browser page of its own for a person (their session cookies). */
async function browserOf(browser: Browser, who: Person) {
  const context = await browser.newContext({ storageState: await who.api.storageState() });
  await decideCookieBanner(context);
  return context.newPage();
}

async function createTeam(who: Person, name: string): Promise<string> {
  const response = await who.api.post("/api/graphql", {
    headers: CLIENT_HEADER,
    data: { query: "mutation($name: String!) { createTeam(name: $name) { id } }", variables: { name } },
  });
  const body = (await response.json()) as { data: { createTeam: { id: string } } };
  return body.data.createTeam.id;
}

test.describe("workspace settings", () => {
  test("S1-2.063 S1-2.007 S2-4.008 S1-6.005 S2-6.011 / an admin renames the workspace, uploads an avatar, invites by e-mail (accepted from the modal), makes the member a viewer, removes them; an invite link joins a third user", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const [admin, member, third] = await Promise.all([person("admin"), person("member"), person("third")]);
    const teamId = await createTeam(admin, `Acme ${admin.user.username.slice(-5)}`);
    const adminPage = await browserOf(browser, admin);
    const settings = new WorkspaceSettingsPage(adminPage);

    // The sidebar's 'Settings' leads to the page.
    await adminPage.goto(`/dashboard/recent?workspace=${teamId}`);
    await adminPage.getByRole("link", { name: "Settings" }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/workspace/${teamId}$`));
    await settings.expectLoaded();
    await expect(adminPage.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(adminPage.getByRole("link", { name: "Invite members" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );

    // Rename: the top bar's workspace selector follows.
    const newName = `Rocket Lab ${admin.user.username.slice(-5)}`;
    await settings.rename(newName);
    await expect(adminPage.getByText("Workspace renamed.", { exact: true })).toBeVisible();
    await expect(adminPage.getByRole("button", { name: "Switch workspace" })).toContainText(newName);

    // Avatar: uploaded, then shown from its versioned URL.
    await settings.uploadAvatar({ name: "logo.png", mimeType: "image/png", buffer: gradientPng() });
    await expect(adminPage.getByText("Workspace avatar updated.", { exact: true })).toBeVisible();
    await expect(settings.general.locator('img[src*="/avatar?v="]')).toBeVisible();
    await screen(adminPage, testInfo, "workspace-settings-admin");

    // Invite the member by e-mail as an editor: a pending invitation.
    await settings.invite(member.user.email, "Editor");
    await expect(
      adminPage.getByText(`Invitation sent to ${member.user.email}.`, { exact: true }),
    ).toBeVisible();
    await expect(settings.pending()).toContainText(`@${member.user.username}`);
    // Inviting the same person again is a clear error under the field.
    await settings.invite(member.user.username, "Editor");
    await expect(
      settings.members.getByText(`${member.user.username} has already been invited to this workspace.`),
    ).toBeVisible();
    await screen(adminPage, testInfo, "workspace-settings-members");

    // The member sees the team invite modal on the dashboard and accepts.
    const memberPage = await browserOf(browser, member);
    await memberPage.goto("/dashboard");
    const modal = memberPage.getByRole("dialog", { name: "Workspace invitation" });
    await expect(modal).toContainText(newName);
    await expect(modal).toContainText(admin.user.name);
    await screen(memberPage, testInfo, "team-invite-modal");
    await modal.getByRole("button", { name: "Accept" }).click();
    await expect(memberPage).toHaveURL(/\/dashboard\/recent\?new_join=true$/);
    await expect(memberPage.getByRole("button", { name: "Switch workspace" })).toContainText(newName);
    await expect(memberPage.getByRole("button", { name: "Import", exact: true })).toBeEnabled();

    // The admin makes the member a viewer: Import and Create are disabled for them.
    await adminPage.reload();
    await expect(settings.memberList()).toContainText(member.user.name);
    await settings.setRole(member.user.name, "Viewer");
    await expect(settings.members.getByLabel(`Role of ${member.user.name}`)).toHaveValue("READ");
    await memberPage.reload();
    await expect(memberPage.getByRole("button", { name: "Switch workspace" })).toContainText(newName);
    await expect(memberPage.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
    await expect(memberPage.getByRole("button", { name: "Create", exact: true })).toBeDisabled();
    await screen(memberPage, testInfo, "member-as-viewer");

    // A viewer sees the settings read-only.
    await memberPage.getByRole("link", { name: "Settings" }).click();
    await expect(
      memberPage.getByText("Only admins of this workspace can change its settings and members."),
    ).toBeVisible();
    await expect(memberPage.getByLabel("Workspace name")).toBeDisabled();
    await screen(memberPage, testInfo, "workspace-settings-read-only");

    // The admin removes the member; their dashboard falls back to their own workspace.
    await settings.remove(member.user.name);
    await expect(settings.memberList()).not.toContainText(member.user.name);
    await memberPage.goto("/dashboard/recent");
    await expect(memberPage.getByRole("button", { name: "Switch workspace" })).toContainText(
      member.user.username,
    );

    // The invite link joins a third user.
    const link = await settings.inviteLink();
    expect(link).toMatch(new RegExp(`^${BASE_URL}/invite/[0-9a-f]{32}$`));
    const thirdPage = await browserOf(browser, third);
    await thirdPage.goto(new URL(link).pathname);
    await expect(thirdPage.getByRole("heading", { name: `Join ${newName}` })).toBeVisible();
    await screen(thirdPage, testInfo, "invite-link");
    await thirdPage.getByRole("button", { name: "Join workspace" }).click();
    await expect(thirdPage).toHaveURL(/\/dashboard\/recent\?new_join=true$/);
    await expect(thirdPage.getByRole("button", { name: "Switch workspace" })).toContainText(newName);
    await adminPage.reload();
    await expect(settings.memberList()).toContainText(third.user.name);

    // An unknown token says so, with a way back.
    await thirdPage.goto("/invite/not-a-real-token");
    await expect(thirdPage.getByRole("heading", { name: "This invite link is not valid" })).toBeVisible();
    await expect(thirdPage.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
    await screen(thirdPage, testInfo, "invite-link-invalid");

    for (const who of [admin, member, third]) await who.api.dispose();
  });

  test("S1-2.117 / S1-8.024 / ?invite_email= prefills the invite box; the minimum privacy is changed through its dialog", async ({
    browser,
  }, testInfo) => {
    const admin = await person("owner");
    const teamId = await createTeam(admin, `Prefill ${admin.user.username.slice(-5)}`);
    const page = await browserOf(browser, admin);
    const settings = new WorkspaceSettingsPage(page);
    await settings.open(teamId, "?invite_email=friend%40example.test");
    await expect(settings.inviteBox()).toHaveValue("friend@example.test");
    await expect(settings.inviteBox()).toBeFocused();

    await settings.permissions.getByLabel("Minimum privacy").selectOption({ label: "Private" });
    await settings.permissions.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Change minimum privacy" });
    await expect(dialog.getByLabel("Also apply it to existing drafts")).toBeChecked();
    await screen(page, testInfo, "minimum-privacy-dialog");
    await dialog.getByRole("button", { name: "Change minimum privacy" }).click();
    await expect(page.getByText("Minimum privacy updated.", { exact: true })).toBeVisible();
    await page.reload();
    await expect(settings.permissions.getByLabel("Minimum privacy")).toHaveValue("2");
    await admin.api.dispose();
  });
});
