import { expect, type Locator, type Page } from "@playwright/test";

export type OnboardingAnswers = {
  username?: string;
  name?: string;
  /** Option labels, e.g. 'Frontend developer'. */
  role?: string;
  usage?: "For work" | "For personal projects" | "For education";
  companyName?: string;
  companySize?: string;
};

/** /signup/{id}: the new-user form that finishes a sign-up (spec 1 §4, §5). */
export class OnboardingPage {
  readonly form: Locator;
  readonly heading: Locator;
  readonly username: Locator;
  readonly name: Locator;
  readonly role: Locator;
  readonly usage: Locator;
  readonly companyName: Locator;
  readonly companySize: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Create your account" });
    this.heading = page.getByRole("heading", { level: 1 });
    this.username = this.form.getByLabel("Username");
    this.name = this.form.getByLabel("Display name");
    this.role = this.form.getByLabel("Role");
    this.usage = this.form.getByLabel("Usage");
    this.companyName = this.form.getByLabel("Company name");
    this.companySize = this.form.getByLabel("Company size");
    this.submit = this.form.locator("button[type=submit]");
  }

  /** Waits for the form of a pending user; returns the pending user's id from the URL. */
  async expectLoaded(): Promise<string> {
    await expect(this.page).toHaveURL(/\/signup\/[0-9a-f-]{36}(\?|$)/);
    await expect(this.heading).toHaveText("Welcome to Boxyard");
    await expect(this.username).toBeVisible();
    const match = new URL(this.page.url()).pathname.match(/^\/signup\/([^/]+)$/);
    return decodeURIComponent(match![1]!);
  }

  /** Types a username and leaves the field, which checks whether it is free. */
  async chooseUsername(username: string) {
    await this.username.fill(username);
    await this.username.blur();
  }

  async fill(answers: OnboardingAnswers) {
    if (answers.username !== undefined) await this.chooseUsername(answers.username);
    if (answers.name !== undefined) await this.name.fill(answers.name);
    if (answers.role !== undefined) await this.role.selectOption({ label: answers.role });
    if (answers.usage !== undefined) await this.usage.selectOption({ label: answers.usage });
    if (answers.companyName !== undefined) await this.companyName.fill(answers.companyName);
    if (answers.companySize !== undefined)
      await this.companySize.selectOption({ label: answers.companySize });
  }

  async finish(answers: OnboardingAnswers) {
    await this.fill(answers);
    await expect(this.submit).toHaveText("Create account");
    await expect(this.submit).toBeEnabled();
    await this.submit.click();
  }
}
