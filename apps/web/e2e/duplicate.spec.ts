import type { Page } from "@playwright/test";
import { SSO_DOMAIN } from "./env.ts";
import { createLocalUser, expect, issuer, newUserData, screen, test, uniqueId } from "./fixtures.ts";
import { SignInPage } from "./pages/SignInPage.ts";

/** The server names local accounts' provider "password"; the app shows it as 'E-mail and password'. */
const LOCAL_DUPLICATE = "We found an existing account, please sign in with E-mail and password instead.";

async function expectDuplicateView(page: Page, text: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You already have an account");
  await expect(page.getByRole("main").getByRole("status")).toHaveText(text);
}

test.describe("duplicate accounts", () => {
  test("S1-8.011 S1-4.012 S1-4.014 / single sign-on with the e-mail of a local account shows the duplicate-account view, which leads back to e-mail and password", async ({
    page,
    context,
  }, testInfo) => {
    const local = await createLocalUser(newUserData("dup", SSO_DOMAIN));
    await issuer.addAccount({ sub: `e2e-${uniqueId("dup")}`, email: local.email, name: "Duplicate Person" });
    await issuer.pinAccount(context, local.email);

    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.chooseSso();
    const popup = await signIn.continueWithSso(local.email);
    await expect.poll(() => popup.isClosed()).toBe(true);

    // S1-4.012 / S1-4.014: a 'duplicate' message sets duplicateAccountStatus; the page shows that view.
    await expectDuplicateView(page, LOCAL_DUPLICATE);
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("form", { name: "Create your account" })).toHaveCount(0);
    await screen(page, testInfo, "signin-duplicate-sso");

    // The provider it names is one click away, and no account was linked or made.
    await page.getByRole("button", { name: "Sign in with e-mail and password" }).click();
    await expect(signIn.heading).toHaveText("Sign in to Boxyard");
    await signIn.signIn(local.email, local.password);
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    const me = await page.request.get("/api/v1/users/current");
    expect(await me.json()).toMatchObject({ username: local.username });
  });

  test("S1-8.011 S1-4.012 / Google sign-in with the e-mail of a local account shows the same view", async ({
    page,
    context,
  }, testInfo) => {
    const local = await createLocalUser(newUserData("dupg", "example.test"));
    await issuer.addAccount({ sub: `e2e-${uniqueId("dupg")}`, email: local.email, name: "Google Person" });
    await issuer.pinAccount(context, local.email);

    const signIn = new SignInPage(page);
    await signIn.goto();
    const popup = await signIn.continueWithGoogle();
    await expect.poll(() => popup.isClosed()).toBe(true);

    await expectDuplicateView(page, LOCAL_DUPLICATE);
    await screen(page, testInfo, "signin-duplicate-google");

    // 'Use a different method' returns to the choice of provider.
    await page.getByRole("button", { name: "Use a different method" }).click();
    await signIn.expectLoaded();
    await expect(signIn.googleButton).toBeEnabled();
  });

  test("S1-2.010 S1-4.014 S1-8.011 / /signin/duplicate names the provider, and a local sign-up with a taken e-mail gives the same view", async ({
    page,
  }, testInfo) => {
    await page.goto("/signin/duplicate?provider=google");
    await expectDuplicateView(page, "We found an existing account, please sign in with Google instead.");
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await screen(page, testInfo, "signin-duplicate-route");

    await page.goto("/signin/duplicate?provider=password");
    await expectDuplicateView(page, LOCAL_DUPLICATE);

    // Creating a local account with an e-mail that already has one answers as for a new address
    // (the owner is told by e-mail): sign-up never reveals that an address has an account.
    const local = await createLocalUser(newUserData("dupl"));
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.createAccount(local.email, "another password entirely");
    await expect(signIn.linkSent(local.email)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await expect(page).toHaveURL(/\/signin$/);
  });
});
