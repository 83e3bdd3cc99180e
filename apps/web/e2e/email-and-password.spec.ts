import { createLocalUser, expect, newUserData, screen, test } from "./fixtures.ts";
import { EXISTING_ACCOUNT_SUBJECT, mailsTo, RESET_SUBJECT, SIGNUP_SUBJECT, waitForMail } from "./inbox.ts";
import { OnboardingPage } from "./pages/OnboardingPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";

test.describe("e-mail verification and password reset (issue 13)", () => {
  test("sign-up proves the address first: the mailed link continues to onboarding, the account is verified, and the link works once", async ({
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
    await expect(signIn.linkSent(person.email)).toBeVisible();
    // No pending sign-up in this browser until the link is followed.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("boxyard_pending");

    // Resending mails a new link; only the latest one counts.
    await page.getByRole("button", { name: "Resend the link" }).click();
    await expect(page.getByText(`We sent a new link to ${person.email}.`)).toBeVisible();
    await screen(page, testInfo, "signup-link-sent");
    await expect
      .poll(async () => (await mailsTo(person.email)).filter((m) => m.subject === SIGNUP_SUBJECT).length)
      .toBe(2);

    const link = await signIn.followSignUpLink(person.email);
    expect(new URL(link).pathname).toBe("/signup/continue");
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

    // The address is proven: no banner, and the account is verified.
    await expect(page.getByRole("heading", { level: 1, name: "Recent" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Verify your e-mail address" })).toHaveCount(0);
    expect(await (await page.request.get("/api/v1/users/current")).json()).toMatchObject({
      email: person.email,
      emailVerified: true,
    });

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText(
      "This sign-up link is invalid, has expired or was already used.",
    );
    await screen(page, testInfo, "signup-link-used");
  });

  test("sign-up with an address that has an account shows the same screen; its owner is told by e-mail, and no link is sent", async ({
    page,
  }) => {
    const owner = await createLocalUser(newUserData("owner"));
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.createAccount(owner.email, "someone else's guess");
    await expect(signIn.linkSent(owner.email)).toBeVisible();
    const told = await waitForMail(owner.email, EXISTING_ACCOUNT_SUBJECT);
    expect(told.text).toContain("If it was you, sign in instead");
    expect((await mailsTo(owner.email)).filter((m) => m.subject === SIGNUP_SUBJECT)).toHaveLength(1);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("boxyard_pending");
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
