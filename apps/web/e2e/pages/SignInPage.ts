import { expect, type Locator, type Page } from "@playwright/test";
import { SIGNUP_SUBJECT, waitForMail } from "../inbox.ts";

/** /signin: the provider choice, the e-mail and password form, single sign-on and the duplicate view. */
export class SignInPage {
  readonly heading: Locator;
  readonly signInForm: Locator;
  readonly createAccountForm: Locator;
  readonly ssoButton: Locator;
  readonly googleButton: Locator;
  readonly ssoEmail: Locator;
  readonly ssoContinue: Locator;
  readonly ssoForm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.signInForm = page.getByRole("form", { name: "Sign in with e-mail" });
    this.createAccountForm = page.getByRole("form", { name: "Create account" });
    this.ssoButton = page.getByRole("button", { name: "Sign in with SSO" });
    this.googleButton = page.getByRole("button", { name: "Sign in with Google" });
    this.ssoEmail = page.getByLabel("Work e-mail");
    this.ssoContinue = page.getByRole("button", { name: "Continue with SSO" });
    this.ssoForm = page.locator("form", { has: this.ssoEmail });
  }

  async goto(continuePath?: string) {
    await this.page.goto(continuePath ? `/signin?continue=${encodeURIComponent(continuePath)}` : "/signin");
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/signin(\?|$)/);
    await expect(this.heading).toHaveText("Sign in to Boxyard");
  }

  /** Signs in with e-mail and password. */
  async signIn(email: string, password: string) {
    await this.signInForm.getByLabel("E-mail", { exact: true }).fill(email);
    await this.signInForm.getByLabel("Password", { exact: true }).fill(password);
    await this.signInForm.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  /** Switches the e-mail form to 'Create account' and sends it. */
  async createAccount(email: string, password: string) {
    await this.signInForm.getByRole("button", { name: "Create account" }).click();
    await expect(this.createAccountForm).toBeVisible();
    await this.createAccountForm.getByLabel("E-mail", { exact: true }).fill(email);
    await this.createAccountForm.getByLabel("Password", { exact: true }).fill(password);
    await this.createAccountForm.getByRole("button", { name: "Create account", exact: true }).click();
  }

  /** After 'Create account': the screen that says where the sign-up link went. */
  linkSent(email: string): Locator {
    return this.page.getByText(`We sent a link to ${email}. Open it to finish creating your account.`);
  }

  /** Opens the sign-up link mailed to `email` in this page (onboarding follows); answers the link. */
  async followSignUpLink(email: string): Promise<string> {
    const mail = await waitForMail(email, SIGNUP_SUBJECT);
    await this.page.goto(mail.link!);
    return mail.link!;
  }

  async chooseSso() {
    await this.ssoButton.click();
    await expect(this.ssoEmail).toBeVisible();
  }

  /**
   * Single sign-on by e-mail: returns the popup the app opens (it walks through the identity
   * provider and closes itself once it has posted the outcome to this window).
   */
  async continueWithSso(email: string) {
    await this.ssoEmail.fill(email);
    const popup = this.page.waitForEvent("popup");
    await this.ssoContinue.click();
    return popup;
  }

  async continueWithGoogle() {
    const popup = this.page.waitForEvent("popup");
    await this.googleButton.click();
    return popup;
  }

  /** The message under the SSO e-mail field. */
  ssoError(): Locator {
    return this.ssoForm.getByRole("alert");
  }
}
