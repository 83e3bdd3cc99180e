import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { AUTH_STATE, AUTH_USER, expect, screen, type TestUser, test } from "./fixtures.ts";
import { SignInPage } from "./pages/SignInPage.ts";

const NOT_FOUND_TITLE = "Whoops, page not found";
const NOT_FOUND_TEXT = "We can't seem to find the page you're looking for";
const CRASH_TITLE = "Oh no! Something broke!";
const ISSUE_FORM = "https://github.com/boxyard/boxyard/issues/new";

async function expectNotFound(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
}

async function expectCrashPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CRASH_TITLE);
  await expect(page.getByRole("alert").filter({ hasText: CRASH_TITLE })).toBeVisible();
}

/** The issue form is on the public internet: answer it locally and return the page 'Report Crash' opens. */
async function reportCrash(context: BrowserContext, page: Page) {
  await context.route(`${ISSUE_FORM}**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>New issue</title><h1>New issue</h1>",
    }),
  );
  const opened = context.waitForEvent("page");
  await page.getByRole("button", { name: "Report Crash" }).click();
  const report = await opened;
  await report.waitForLoadState("domcontentloaded");
  return new URL(report.url());
}

test.describe("signed out", () => {
  test("S1-2.001 S1-2.024 / / redirects to /dashboard, which sends a signed-out visitor to /signin with the return path", async ({
    page,
  }) => {
    await page.goto("/");
    await new SignInPage(page).expectLoaded();
    expect(new URL(page.url()).searchParams.get("continue")).toBe("/dashboard");
  });

  test("S1-2.022 S1-2.107 S1-8.030 / an unknown route shows the not-found page with 'Go to Homepage'", async ({
    page,
  }, testInfo) => {
    const response = await page.goto("/no/such/page?x=1");
    expect(response?.status()).toBe(200);
    await expectNotFound(page);
    const home = page.getByRole("link", { name: "Go to Homepage" });
    await expect(home).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveCount(0);
    await screen(page, testInfo, "not-found-signed-out");

    await home.click();
    await new SignInPage(page).expectLoaded();
  });

  test("S1-2.015 S1-2.108 S1-8.028 / /codesadbox crashes into 'Oh no! Something broke!'; 'Report Crash' opens the issue form with the route and the error", async ({
    page,
    context,
  }, testInfo) => {
    const crashReports: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("[crash report]"))
        crashReports.push(message.text());
    });
    await page.goto("/codesadbox");
    await expectCrashPage(page);
    await expect(page.getByText("Error: This is a deliberate crash (/codesadbox)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveCount(0);
    expect(crashReports.length).toBeGreaterThan(0);
    await screen(page, testInfo, "crash-signed-out");

    const report = await reportCrash(context, page);
    expect(`${report.origin}${report.pathname}`).toBe(ISSUE_FORM);
    expect(report.searchParams.get("title")).toBe("Crash: This is a deliberate crash (/codesadbox)");
    const body = report.searchParams.get("body") ?? "";
    expect(body).toContain("- Route: /codesadbox");
    expect(body).toContain("- Error code: Error");
    expect(body).toContain("- Browser: Chrome");
    expect(body).toContain("- OS: Linux");
    expect(body).toMatch(/- Version: \d+\./);
    expect(body).toContain("This is a deliberate crash (/codesadbox)");
    // The stack is included.
    expect(body).toMatch(/## Stack\n\n```\n.*Error: This is a deliberate crash/s);
  });

  test.describe("with no cookie choice yet", () => {
    test.use({ acceptCookies: false });

    test("S1-2.108 S1-2.020 / leaving the crash page for another route resets it", async ({
      page,
    }, testInfo) => {
      await page.goto("/codesadbox");
      await expectCrashPage(page);

      // The cookie banner is outside the crashed tree: its link navigates within the app.
      const banner = page.getByRole("region", { name: "Cookies on Boxyard" });
      await banner.getByRole("link", { name: "privacy and cookie statement" }).click();
      await expect(page).toHaveURL(/\/legal\/cookies$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy and cookie statement");
      await expect(page.getByText(CRASH_TITLE)).toHaveCount(0);
      await screen(page, testInfo, "legal-cookies");

      // Back to the crashing route crashes again; forward resets again (same document both times).
      await page.goBack();
      await expect(page).toHaveURL(/\/codesadbox$/);
      await expectCrashPage(page);
      await page.goForward();
      await expect(page).toHaveURL(/\/legal\/cookies$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy and cookie statement");
    });

    test("S1-2.110 S1-4.033 / the cookie consent banner offers functional (always on), analytical and marketing and remembers the choice", async ({
      page,
      context,
    }, testInfo) => {
      await page.goto("/signin");
      const banner = page.getByRole("region", { name: "Cookies on Boxyard" });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("link", { name: "privacy and cookie statement" })).toHaveAttribute(
        "href",
        "/legal/cookies",
      );
      await screen(page, testInfo, "cookie-banner");

      await banner.getByRole("button", { name: "Customize" }).click();
      const functional = banner.getByRole("checkbox", { name: /^Functional/ });
      const analytical = banner.getByRole("checkbox", { name: /^Analytical/ });
      const marketing = banner.getByRole("checkbox", { name: /^Marketing/ });
      await expect(functional).toBeChecked();
      await expect(functional).toBeDisabled();
      await expect(analytical).not.toBeChecked();
      await expect(marketing).not.toBeChecked();
      await analytical.check();
      await screen(page, testInfo, "cookie-banner-customize");
      await banner.getByRole("button", { name: "Save choices" }).click();
      await expect(banner).toHaveCount(0);

      const stored = await page.evaluate(() => localStorage.getItem("boxyard:cookie-consent"));
      expect(JSON.parse(stored ?? "null")).toMatchObject({
        functional: true,
        analytical: true,
        marketing: false,
      });

      // Remembered: after a reload and in another tab.
      await page.reload();
      await new SignInPage(page).expectLoaded();
      await expect(page.getByRole("region", { name: "Cookies on Boxyard" })).toHaveCount(0);
      const other = await context.newPage();
      await other.goto("/legal/cookies");
      await expect(other.getByRole("heading", { level: 1 })).toHaveText("Privacy and cookie statement");
      await expect(other.getByRole("region", { name: "Cookies on Boxyard" })).toHaveCount(0);
    });
  });
});

test.describe("signed in", () => {
  test.use({ storageState: AUTH_STATE });

  test("S1-2.001 S1-2.009 / / redirects to /dashboard and on to the recent page", async ({
    page,
  }, testInfo) => {
    const user = JSON.parse(readFileSync(AUTH_USER, "utf8")) as TestUser;
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recent" })).toBeVisible();
    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menu")).toContainText(user.email);
    await page.keyboard.press("Escape");
    await screen(page, testInfo, "dashboard-recent-signed-in");
  });

  test("S1-2.022 S1-2.107 / an unknown route shows the not-found page with 'Go to Dashboard'", async ({
    page,
  }, testInfo) => {
    await page.goto("/definitely/not/here");
    await expectNotFound(page);
    const dashboard = page.getByRole("link", { name: "Go to Dashboard" });
    await expect(dashboard).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveCount(0);
    await screen(page, testInfo, "not-found-signed-in");
    await dashboard.click();
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
  });

  test("S1-2.015 S1-2.108 / the crash page offers 'Go to Dashboard' to a signed-in user", async ({
    page,
    context,
  }, testInfo) => {
    await page.goto("/codesadbox");
    await expectCrashPage(page);
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveCount(0);
    await screen(page, testInfo, "crash-signed-in");
    const report = await reportCrash(context, page);
    expect(report.searchParams.get("body")).toContain("- Route: /codesadbox");
  });

  test("S1-2.058 / dashboard redirects: archive to deleted, home and always-on to recent, all/{path} to sandboxes/{path}, anything else to recent keeping the query", async ({
    page,
  }, testInfo) => {
    await page.goto("/dashboard/archive");
    await expect(page).toHaveURL(/\/dashboard\/deleted$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recently deleted" })).toBeVisible();
    await screen(page, testInfo, "dashboard-deleted");

    await page.goto("/dashboard/home");
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recent" })).toBeVisible();

    await page.goto("/dashboard/always-on");
    await expect(page).toHaveURL(/\/dashboard\/recent$/);

    await page.goto("/dashboard/all/foo");
    await expect(page).toHaveURL(/\/dashboard\/sandboxes\/foo$/);
    await screen(page, testInfo, "dashboard-sandboxes-foo");

    await page.goto("/dashboard/all");
    await expect(page).toHaveURL(/\/dashboard\/sandboxes$/);

    await page.goto("/dashboard/no-such-page?utm=e2e");
    await expect(page).toHaveURL(/\/dashboard\/recent\?utm=e2e$/);
  });
});
