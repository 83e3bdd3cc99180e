import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "./env.ts";
import { AUTH_STATE, CLIENT_HEADER, expect, test } from "./fixtures.ts";
test.use({ storageState: AUTH_STATE, viewport: { width: 1440, height: 900 } });
test("debug", async ({ page, context }) => {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: AUTH_STATE });
  const fork = await api.post(`/api/v1/sandboxes/${process.env.ALIAS ?? "vanilla-javascript"}/fork`, { headers: CLIENT_HEADER, data: { title: "dbg", privacy: 0 } });
  const sandbox = await fork.json();
  context.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
  context.on("requestfinished", (r) => console.log("REQ", r.url().slice(0, 120)));
  context.on("requestfailed", (r) => console.log("FAIL", r.url().slice(0, 120), r.failure()?.errorText));
  page.on("pageerror", (e) => console.log("PAGEERR", e.message));
  await page.goto(`/s/${sandbox.id}`);
  await page.waitForTimeout(8000);
  for (const f of page.frames()) console.log("FRAME", f.url(), (await f.content().catch(() => "")).slice(0, 1500));
  await page.screenshot({ path: "/tmp/dbg.png" });
});
