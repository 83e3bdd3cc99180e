import { ISSUER } from "./env.ts";
import { expect, issuer, recordWindowOpen, screen, test, windowOpenCalls } from "./fixtures.ts";
import { OnboardingPage } from "./pages/OnboardingPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";

test.describe("single sign-on", () => {
  test("S1-7.002 S1-4.010 S1-4.011 S1-4.013 S1-5.004 / a new person signs in through SSO in a 1020x618 popup, finishes onboarding and lands on the dashboard; the next SSO sign-in goes straight in", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const account = await issuer.newSsoAccount("sso");
    await issuer.pinAccount(context, account.email);
    await recordWindowOpen(page);

    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.chooseSso();
    await screen(page, testInfo, "signin-sso-form");

    // S1-5.004: a required e-mail-type field; the browser refuses to send it empty or malformed.
    await expect(signIn.ssoEmail).toHaveAttribute("type", "email");
    await expect(signIn.ssoEmail).toHaveAttribute("required", "");
    const initializeCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/auth/workos/initialize")) initializeCalls.push(request.url());
    });
    await signIn.ssoContinue.click();
    expect(await signIn.ssoEmail.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    await signIn.ssoEmail.fill("not-an-e-mail");
    await signIn.ssoContinue.click();
    expect(await signIn.ssoEmail.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
      true,
    );
    expect(initializeCalls).toEqual([]);

    // S1-7.002: GET /auth/workos/initialize?email= answers the provider's address, opened in the popup.
    const seen: string[] = [];
    context.on("request", (request) => seen.push(request.url()));
    const initialize = page.waitForResponse((response) => response.url().includes("/auth/workos/initialize"));
    const popup = await signIn.continueWithSso(account.email);
    const answer = await initialize;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).searchParams.get("email")).toBe(account.email);
    const { redirectUrl } = (await answer.json()) as { redirectUrl: string };
    expect(redirectUrl.startsWith(`${ISSUER}/auth?`)).toBe(true);

    expect(popup.viewportSize()).toEqual({ width: 1020, height: 618 });

    // The popup goes through the OpenID provider and back to Boxyard's callback, posts and closes.
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect(seen.some((url) => url.startsWith(`${ISSUER}/auth?`))).toBe(true);
    expect(seen.some((url) => url.startsWith(`${testInfo.project.use.baseURL}/auth/sso/callback?`))).toBe(
      true,
    );
    const [name, target, features] = (await windowOpenCalls(page))[0] ?? [];
    expect(name).toBe("");
    expect(target).toBe("boxyard-signin");
    expect(features).toContain("width=1020");
    expect(features).toContain("height=618");

    // S1-4.013: a 'signup' message: the main window goes to the onboarding of the pending user.
    const onboarding = new OnboardingPage(page);
    await onboarding.expectLoaded();
    await expect(onboarding.username).toHaveValue(account.username);
    await expect(onboarding.name).toHaveValue(account.name);
    await screen(page, testInfo, "sso-onboarding");
    await onboarding.finish({ role: "Backend developer", usage: "For education" });

    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await expect(page.getByRole("heading", { name: "You have no recent work" })).toBeVisible();
    const me = await page.request.get("/api/v1/users/current");
    expect(await me.json()).toMatchObject({ username: account.username, email: account.email });
    await screen(page, testInfo, "sso-dashboard");

    // S1-4.010: the same person signs in again in another browser: a 'signin' message, no onboarding.
    const again = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: testInfo.project.use.viewport,
    });
    try {
      await again.addInitScript(() =>
        localStorage.setItem(
          "boxyard:cookie-consent",
          JSON.stringify({ analytical: false, marketing: false, decidedAt: new Date().toISOString() }),
        ),
      );
      await issuer.pinAccount(again, account.email);
      const second = await again.newPage();
      const secondSignIn = new SignInPage(second);
      await secondSignIn.goto("/dashboard/drafts");
      await secondSignIn.chooseSso();
      const secondPopup = await secondSignIn.continueWithSso(account.email);
      await expect.poll(() => secondPopup.isClosed()).toBe(true);
      await expect(second).toHaveURL(/\/dashboard\/drafts$/);
      await expect(second.getByRole("heading", { level: 1, name: "Drafts" })).toBeVisible();
      await expect(second.getByRole("form", { name: "Create your account" })).toHaveCount(0);
      const secondMe = await second.request.get("/api/v1/users/current");
      expect(await secondMe.json()).toMatchObject({ username: account.username });
    } finally {
      await again.close();
    }
  });

  test("S1-8.011 S1-7.002 / an e-mail whose domain has no single sign-on shows the server's message and where to turn", async ({
    page,
  }, testInfo) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.chooseSso();
    await signIn.ssoEmail.fill("someone@example.test");
    const answer = page.waitForResponse((response) => response.url().includes("/auth/workos/initialize"));
    await signIn.ssoContinue.click();
    expect((await answer).status()).toBe(404);
    await expect(signIn.ssoError()).toHaveText(
      "No single sign-on is configured for example.test. Please contact your team admin or sign in through a different method.",
    );
    await expect(signIn.ssoEmail).toHaveAttribute("aria-invalid", "true");
    // No popup is left behind.
    expect(page.context().pages()).toHaveLength(1);
    await screen(page, testInfo, "signin-sso-error");

    // Typing again clears the error; 'Sign in another way' goes back to the providers.
    await signIn.ssoEmail.fill("someone@example.tes");
    await expect(signIn.ssoError()).toHaveCount(0);
    await page.getByRole("button", { name: "Sign in another way" }).click();
    await expect(signIn.ssoButton).toBeVisible();
  });

  test("S1-8.011 S1-4.010 / a sign-in the identity provider declines shows its message with the SSO advice", async ({
    page,
    context,
  }, testInfo) => {
    const account = await issuer.newSsoAccount("declined");
    // The provider answers as when the person cancels: back to the callback with access_denied.
    await context.route(
      (url) => url.origin === ISSUER && url.pathname === "/auth",
      (route) => {
        const request = new URL(route.request().url());
        const back = new URL(request.searchParams.get("redirect_uri")!);
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The person declined to sign in.");
        back.searchParams.set("state", request.searchParams.get("state")!);
        back.searchParams.set("iss", ISSUER); // RFC 9207: the stand-in advertises it, so it is expected.
        return route.fulfill({ status: 302, headers: { location: back.href } });
      },
    );

    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.chooseSso();
    const popup = await signIn.continueWithSso(account.email);
    await expect.poll(() => popup.isClosed()).toBe(true);

    await expect(signIn.ssoError()).toHaveText(
      "The person declined to sign in. Please contact your team admin or sign in through a different method.",
    );
    await expect(signIn.ssoContinue).toBeEnabled();
    await expect(page).toHaveURL(/\/signin$/);
    await screen(page, testInfo, "signin-sso-declined");

    // Editing the address clears it.
    await signIn.ssoEmail.press("Backspace");
    await expect(signIn.ssoError()).toHaveCount(0);
  });
});
