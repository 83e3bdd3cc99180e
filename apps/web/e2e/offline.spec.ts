import { BASE_URL } from "./env.ts";
import { expect, screen, test } from "./fixtures.ts";

const INSTALLED = "Boxyard has been installed, it now works offline!";
const OFFLINE = "No internet connection found. Boxyard is running in offline mode.";

test("S1-7.021 S1-4.029 S1-4.032 / pieces by name and hash from static/js and static/css; /service-worker.js installs once, silently for a brand-new visitor, then the app opens offline", async ({
  page,
  context,
}, testInfo) => {
  const pieces: { type: string; path: string }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const type = request.resourceType();
    if (url.origin === BASE_URL && (type === "script" || type === "stylesheet")) {
      pieces.push({ type, path: url.pathname });
    }
  });
  const logs: string[] = [];
  page.on("console", (message) => logs.push(message.text()));

  // A brand-new visitor's first page installs the worker without greeting them with it.
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  const scripts = pieces.filter((piece) => piece.type === "script").map((piece) => piece.path);
  const styles = pieces.filter((piece) => piece.type === "stylesheet").map((piece) => piece.path);
  expect(scripts.length).toBeGreaterThan(0);
  expect(styles.length).toBeGreaterThan(0);
  for (const path of scripts) expect(path).toMatch(/^\/static\/js\/[\w.-]+\.[\w-]{8}\.js$/);
  for (const path of styles) expect(path).toMatch(/^\/static\/css\/[\w.-]+\.[\w-]{8}\.css$/);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return new URL(registration.active?.scriptURL ?? "").pathname;
  });
  expect(worker).toBe("/service-worker.js");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.waitForTimeout(1000);
  await expect(page.getByText(INSTALLED, { exact: true })).toHaveCount(0);

  // Later visits find the worker in place: no second install message.
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1000);
  await expect(page.getByText(INSTALLED, { exact: true })).toHaveCount(0);

  // A returning visitor whose worker installs anew (it was gone) is told the app now works offline.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister();
  });
  await page.reload();
  await expect(page.getByText(INSTALLED, { exact: true })).toBeVisible();
  await screen(page, testInfo, "installed-offline");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Without a connection the worker serves the app, which says it runs offline.
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Sign in to Boxyard" })).toBeVisible();
    await expect.poll(() => logs.some((line) => line.startsWith(OFFLINE))).toBe(true);
    await screen(page, testInfo, "offline");
  } finally {
    await context.setOffline(false);
  }
});
