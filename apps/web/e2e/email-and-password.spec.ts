import { createLocalUser, expect, newUserData, screen, test } from "./fixtures.ts";
import { RESET_SUBJECT, VERIFICATION_SUBJECT, waitForMail } from "./inbox.ts";
import { OnboardingPage } from "./pages/OnboardingPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";

test.describe("e-mail verification and password reset (issue 13)", () => {
  test("a new local account gets a verification link by e-mail; following it verifies the address", async ({
    page,
  }, testInfo) => {
    const person = newUserData("verify");
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signInForm.getByRole("button", { name: "Create account" }).click();
    await expect(
      signIn.createAccountForm.getByText("We will e-mail you a link to verify your address."),
    ).toBeVisible();
    await signIn.createAccountForm.getByLabel("E-mail", { exact: true }).fill(person.email);
    await signIn.createAccountForm.getByLabel("Password", { exact: true }).fill(person.password);
    await signIn.createAccountForm.getByRole("button", { name: "Create account", exact: true }).click();

    const onboarding = new OnboardingPage(page);
    await onboarding.expectLoaded();
    await onboarding.chooseUsername(person.username);
    await expect(onboarding.form.getByText("Available")).toBeVisible();
    await onboarding.finish({
      name: person.name,
      role: "Full-stack developer",
      usage: "For personal projects",
    });
    await expect(page).toHaveURL(/\/dashboard\/recent$/);

    // The account works meanwhile; the banner says a link was sent.
    const banner = page.getByRole("status", { name: "Verify your e-mail address" });
    await expect(banner).toContainText(`We sent a verification link to ${person.email}.`);
    await screen(page, testInfo, "verify-email-banner");

    const mail = await waitForMail(person.email, VERIFICATION_SUBJECT);
    expect(new URL(mail.link!).pathname).toBe("/verify-email");
    await page.goto(mail.link!);
    await expect(page.getByText(`${person.email} is verified.`)).toBeVisible();
    await screen(page, testInfo, "verify-email-done");
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole("heading", { level: 1, name: "Recent" })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // The link works once.
    await page.goto(mail.link!);
    await expect(page.getByRole("alert")).toHaveText(
      "This verification link is invalid, has expired or was already used.",
    );
  });

  test("forgot password: a one-time link by e-mail sets a new password, and only the new one signs in", async ({
    page,
  }, testInfo) => {
    const user = await createLocalUser(newUserData("forgot"));
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signInForm.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const forgotForm = page.getByRole("form", { name: "Reset your password" });
    await forgotForm.getByLabel("E-mail").fill(user.email);
    await forgotForm.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByText(`If ${user.email} has an account, we sent it a link`)).toBeVisible();
    await screen(page, testInfo, "forgot-password-sent");

    const mail = await waitForMail(user.email, RESET_SUBJECT);
    await page.goto(mail.link!);
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("New password again").fill("a brand new password");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page.getByText("Your password is changed")).toBeVisible();
    await screen(page, testInfo, "reset-password-done");

    await page.getByRole("link", { name: "Sign in" }).click();
    await signIn.expectLoaded();
    await signIn.signIn(user.email, user.password);
    await expect(page.getByText("Could not authenticate").first()).toBeVisible();
    await signIn.signIn(user.email, "a brand new password");
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
