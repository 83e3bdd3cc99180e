import { createLocalUser, expect, newUserData, screen, test } from "./fixtures.ts";
import { OnboardingPage } from "./pages/OnboardingPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";

test.describe("sign-up with a local account", () => {
  test("S1-4.018 S1-2.009 S1-2.010 S1-5.002 S1-5.003 S1-4.019 / a new person creates an account, finishes onboarding, lands on the dashboard, signs out and back in", async ({
    page,
  }, testInfo) => {
    // Someone already owns this username.
    const taken = await createLocalUser(newUserData("taken"));
    const person = newUserData("new");

    const signIn = new SignInPage(page);
    await signIn.goto();
    await screen(page, testInfo, "signin");

    await signIn.createAccount(person.email, person.password);
    // The address is proven first: the link mailed to it continues the sign-up.
    await expect(signIn.linkSent(person.email)).toBeVisible();
    await screen(page, testInfo, "signup-check-email");
    await signIn.followSignUpLink(person.email);

    // S1-4.018: the pending user is loaded on /signup/{id}.
    const onboarding = new OnboardingPage(page);
    const pendingId = await onboarding.expectLoaded();
    expect(pendingId).toMatch(/^[0-9a-f-]{36}$/);
    // The username suggestion comes from the e-mail's local part.
    await expect(onboarding.username).toHaveValue(person.username);
    await screen(page, testInfo, "signup-onboarding");

    // S1-5.002: checked on blur; the button reads 'Checking username...' during the check.
    await page.route("**/api/v1/users/available/**", async (route) => {
      await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    await onboarding.chooseUsername(taken.username);
    await expect(onboarding.submit).toHaveText("Checking username...");
    await expect(onboarding.submit).toBeDisabled();
    await expect(onboarding.form.getByText("Sorry, that username is already taken.")).toBeVisible();
    await expect(onboarding.submit).toHaveText("Create account");
    await expect(onboarding.submit).toBeDisabled();
    await expect(onboarding.username).toHaveAttribute("aria-invalid", "true");
    await screen(page, testInfo, "signup-username-taken");
    await page.unroute("**/api/v1/users/available/**");

    await onboarding.chooseUsername(person.username);
    await expect(onboarding.form.getByText("Available")).toBeVisible();
    await expect(onboarding.form.getByText("Sorry, that username is already taken.")).toHaveCount(0);
    await expect(onboarding.submit).toBeEnabled();

    // S1-5.003: display name, role and usage are required.
    await onboarding.name.fill("");
    await onboarding.submit.click();
    await expect(onboarding.form.getByText("Please enter your name.")).toBeVisible();
    await expect(onboarding.form.getByText("Please choose your role.")).toBeVisible();
    await expect(onboarding.form.getByText("Please tell us how you will use it.")).toBeVisible();
    await expect(page).toHaveURL(/\/signup\//);

    // Company size is required for work; company name is optional.
    await onboarding.fill({ name: person.name, role: "Full-stack developer", usage: "For work" });
    await expect(onboarding.companyName).toBeVisible();
    await expect(onboarding.companySize).toBeVisible();
    await onboarding.submit.click();
    await expect(onboarding.form.getByText("Please choose your company size.")).toBeVisible();
    await expect(onboarding.form.getByText("Please choose your role.")).toHaveCount(0);
    await screen(page, testInfo, "signup-company-size-required");

    // Company fields are cleared when usage is not work.
    await onboarding.fill({ companyName: "Acme", companySize: "10-50" });
    await onboarding.usage.selectOption({ label: "For personal projects" });
    await expect(onboarding.companyName).toHaveCount(0);
    await onboarding.usage.selectOption({ label: "For work" });
    await expect(onboarding.companyName).toHaveValue("");
    await expect(onboarding.companySize).toHaveValue("");

    await onboarding.finish({ companyName: "Acme", companySize: "10-50" });

    // S1-2.009: the signed-in dashboard, on the recent page with its empty state.
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recent" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You have no recent work" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore templates" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Import repository" })).toBeEnabled();
    await screen(page, testInfo, "dashboard-recent-empty");

    // The new session is the new person's.
    const me = await page.request.get("/api/v1/users/current");
    expect(me.ok()).toBe(true);
    expect(await me.json()).toMatchObject({ username: person.username, name: person.name });

    // Sign out through the user menu; signed-out visitors are sent to /signin.
    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menu")).toContainText(person.name);
    await screen(page, testInfo, "dashboard-user-menu");
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await signIn.expectLoaded();
    expect(new URL(page.url()).searchParams.get("continue")).toBe("/dashboard");
    const after = await page.request.get("/api/v1/users/current");
    expect(after.status()).toBe(401);

    // And back in with e-mail and password.
    await signIn.signIn(person.email, person.password);
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await expect(page.getByRole("heading", { name: "You have no recent work" })).toBeVisible();
  });

  test("S1-2.010 S1-2.009 S1-2.024 / a signed-out visit to /dashboard/drafts goes to /signin with the return path, and back there after signing in", async ({
    page,
  }, testInfo) => {
    const user = await createLocalUser(newUserData("drafts"));

    await page.goto("/dashboard/drafts");
    const signIn = new SignInPage(page);
    await signIn.expectLoaded();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/signin");
    expect(url.searchParams.get("continue")).toBe("/dashboard/drafts");
    await screen(page, testInfo, "signin-with-return-path");

    // A wrong password is refused with the spec's text.
    await signIn.signIn(user.email, "not the password");
    await expect(signIn.signInForm.getByText("Could not authenticate")).toBeVisible();
    await expect(page).toHaveURL(/\/signin\?/);

    await signIn.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard\/drafts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Drafts" })).toBeVisible();
    await screen(page, testInfo, "dashboard-drafts");
  });

  test("S1-4.014 S1-2.010 / /signup/{id} of an unknown or expired sign-up says so and leads back to sign-in", async ({
    page,
  }, testInfo) => {
    await page.goto("/signup/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Boxyard");
    await expect(page.getByRole("alert").filter({ hasText: "We couldn't find this sign-up" })).toBeVisible();
    await screen(page, testInfo, "signup-unknown");
    await page.getByRole("button", { name: "Back to sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Boxyard");
  });
});
