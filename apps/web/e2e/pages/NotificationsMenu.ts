import { expect, type Locator, type Page } from "@playwright/test";

/** The top bar's bell and its dropdown (spec 1 §2 'Notification dropdown'). */
export class NotificationsMenu {
  readonly dropdown: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.dropdown = page.getByRole("dialog", { name: "Notifications" });
    this.items = this.dropdown.getByRole("list", { name: "Notification list" }).getByRole("listitem");
  }

  /** The bell, named by its unread count ('Notifications, 2 unread') or plain 'Notifications'. */
  bell(unread?: number) {
    return this.page.getByRole("button", {
      name: unread ? `Notifications, ${unread} unread` : "Notifications",
      exact: true,
    });
  }

  async open() {
    await this.page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(this.dropdown).toBeVisible();
  }

  item(text: string | RegExp) {
    return this.items.filter({ hasText: text });
  }
}
