import { expect, type Locator, type Page } from "@playwright/test";

/** The workspace settings page, /workspace/:teamId: General, Members, Permissions. */
export class WorkspaceSettingsPage {
  readonly general: Locator;
  readonly members: Locator;
  readonly permissions: Locator;

  constructor(readonly page: Page) {
    this.general = page.locator("section#general");
    this.members = page.locator("section#members");
    this.permissions = page.locator("section#permissions");
  }

  async open(teamId: string, search = "") {
    await this.page.goto(`/workspace/${teamId}${search}`);
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.general.getByRole("heading", { name: "General" })).toBeVisible();
  }

  async rename(name: string) {
    await this.general.getByLabel("Workspace name").fill(name);
    await this.general.getByRole("button", { name: "Save" }).first().click();
  }

  async uploadAvatar(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByTestId("avatar-input").setInputFiles(file);
  }

  inviteBox() {
    return this.members.getByLabel("Username or e-mail");
  }

  async invite(who: string, role: "Admin" | "Editor" | "Viewer") {
    await this.inviteBox().fill(who);
    await this.members.getByLabel("Role", { exact: true }).selectOption({ label: role });
    await this.members.getByRole("button", { name: "Send invitation" }).click();
  }

  pending() {
    return this.members.getByRole("list", { name: "Pending invitations" });
  }

  memberList() {
    return this.members.getByRole("list", { name: "Workspace members" });
  }

  async setRole(memberName: string, role: "Admin" | "Editor" | "Viewer") {
    await this.members.getByLabel(`Role of ${memberName}`).selectOption({ label: role });
  }

  async remove(memberName: string) {
    await this.members.getByRole("button", { name: `Remove ${memberName}` }).click();
    await this.page
      .getByRole("dialog", { name: "Remove member" })
      .getByRole("button", { name: "Remove" })
      .click();
  }

  async inviteLink() {
    return this.members.getByLabel("Invite link").inputValue();
  }
}
