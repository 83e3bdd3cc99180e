import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL, PORT } from "./env.ts";
import {
  AUTH_STATE,
  AUTH_USER,
  CLIENT_HEADER,
  createLocalUser,
  expect,
  newUserData,
  screen,
  type TestUser,
  test,
  uniqueId,
} from "./fixtures.ts";

type Sandbox = { id: string; alias: string; title: string; teamId: string; privacy: number };

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors[0]!.message);
  return body.data;
}

/** A folder in the user's workspace holding a public fork of the official React template. */
async function sandboxInFolder(api: APIRequestContext, teamId: string, title: string) {
  const folder = `/E2E ${uniqueId("f")}`;
  const created = await graphql<{ createCollection: { id: string } }>(
    api,
    "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id } }",
    { path: folder, teamId },
  );
  const fork = await api.post("/api/v1/sandboxes/react/fork", {
    headers: CLIENT_HEADER,
    data: { title, team_id: teamId, collection_id: created.createCollection.id, privacy: 0 },
  });
  expect(fork.status()).toBe(200);
  return { folder, sandbox: (await fork.json()) as Sandbox };
}

async function signedInApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: BASE_URL, storageState: AUTH_STATE });
}

const user = (): TestUser & { primaryTeamId: string } => JSON.parse(readFileSync(AUTH_USER, "utf8"));

async function expectNotFound(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Whoops, page not found");
  await expect(page.getByText("We can't seem to find the page you're looking for")).toBeVisible();
}

test.describe("the sandbox page", () => {
  // The parent pages below are answered by the test itself; no service worker may answer first.
  test.use({ storageState: AUTH_STATE, serviceWorkers: "block" });

  test("S1-2.006 S1-7.010 S1-7.011 / open a sandbox from the dashboard, browse its files, fork it; the fork is in Drafts, the original in Recent", async ({
    page,
  }, testInfo) => {
    const api = await signedInApi();
    const title = `Weather ${uniqueId("s")}`;
    const { folder, sandbox } = await sandboxInFolder(api, user().primaryTeamId, title);
    await api.dispose();

    await page.goto(`/dashboard/sandboxes${folder.split("/").map(encodeURIComponent).join("/")}`);
    await page.getByRole("option", { name: title }).dblclick();
    await page.waitForURL(`**/s/${sandbox.alias}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText("Sandbox", { exact: true })).toBeVisible();
    await expect(header.getByText("Public", { exact: true })).toBeVisible();
    // The README is shown first, in the editor.
    await expect(page.getByRole("tab", { name: "README.md", selected: true })).toBeVisible();
    await screen(page, testInfo, "sandbox-page-readme");

    const tree = page.getByRole("tree", { name: "Files" });
    const src = tree.getByRole("treeitem", { name: "src", exact: true });
    await expect(src).toHaveAttribute("aria-expanded", "false");
    await src.click();
    await expect(src).toHaveAttribute("aria-expanded", "true");
    await tree.getByRole("treeitem", { name: "App.jsx" }).click();
    await expect(page.getByRole("tab", { name: "App.jsx", selected: true })).toBeVisible();
    const code = page.getByRole("textbox", { name: "Code editor" });
    await expect(code).toContainText('import { useState } from "react";');
    // Highlighted by the language loaded for the file: keywords get their own colour.
    await expect(code.locator("span", { hasText: /^import$/ }).first()).toBeVisible();
    // The keyboard walks the tree too.
    await tree.getByRole("treeitem", { name: "App.jsx" }).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("tab", { name: "main.jsx", selected: true })).toBeVisible();
    await screen(page, testInfo, "sandbox-page-code");

    await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      `/api/v1/teams/${sandbox.teamId}/sandboxes/zip?ids=${sandbox.id}`,
    );
    await page.getByRole("banner").getByRole("button", { name: "Fork" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/s/") && !url.pathname.endsWith(sandbox.alias));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Private", { exact: true })).toBeVisible();
    // The right pane shows the preview; the sandbox's info is its other tab.
    await page.getByRole("tab", { name: "Info" }).click();
    await expect(
      page.getByRole("region", { name: "Sandbox info" }).getByRole("link", { name: title }),
    ).toHaveAttribute("href", `/s/${sandbox.alias}`);
    const forkPath = new URL(page.url()).pathname;
    await screen(page, testInfo, "sandbox-page-fork");

    await page.goto("/dashboard/drafts");
    await expect(page.getByRole("option", { name: title })).toHaveCount(1);
    await screen(page, testInfo, "sandbox-page-drafts");
    await page.goto("/dashboard/recent");
    // Both were opened: the original and, after it, the fork.
    await expect(page.getByRole("option", { name: title })).toHaveCount(2);
    await page.getByRole("option", { name: title }).last().dblclick();
    await page.waitForURL(`**/s/${sandbox.alias}`);
    expect(forkPath).not.toBe(`/s/${sandbox.alias}`);
  });

  test("S2-4.004 S1-2.022 / a private sandbox of another workspace, and an unknown id, show the not-found page", async ({
    page,
  }, testInfo) => {
    const other = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const stranger = await createLocalUser(newUserData("stranger"), other);
    const secret = await other.post("/api/v1/sandboxes/react/fork", {
      headers: CLIENT_HEADER,
      data: { title: "Secret plans", team_id: stranger.primaryTeamId },
    });
    const hidden = (await secret.json()) as Sandbox;
    expect(hidden.privacy).toBe(2);
    await other.dispose();

    await page.goto(`/s/${hidden.id}`);
    await expectNotFound(page);
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
    await screen(page, testInfo, "sandbox-page-not-found");
    await page.goto("/s/no-such-sandbox-anywhere");
    await expectNotFound(page);
  });

  test("S1-2.014 / /auth/sandbox/:id gives the opener window a token that reads that one sandbox; an opener on another origin gets none", async ({
    page,
    context,
  }, testInfo) => {
    const api = await signedInApi();
    const fork = await api.post("/api/v1/sandboxes/react/fork", {
      headers: CLIENT_HEADER,
      data: { title: `Private ${uniqueId("p")}`, team_id: user().primaryTeamId },
    });
    const priv = (await fork.json()) as Sandbox;
    await api.dispose();
    expect(priv.privacy).toBe(2);

    // A parent page on this server's origin and one on another origin (the same server by IP).
    const parentHtml = (
      popupPath: string,
    ) => `<!doctype html><title>Preview</title><pre id="log"></pre><script>
      const log = (line) => { document.getElementById("log").textContent += line + "\\n"; };
      window.addEventListener("message", async (event) => {
        if (!event.data || typeof event.data.type !== "string") return;
        log(event.data.type);
        if (event.data.type === "boxyard:auth-ready") event.source.postMessage({ type: "boxyard:auth-request" }, "*");
        if (event.data.type === "boxyard:auth-error") log("reason " + event.data.reason);
        if (event.data.type.endsWith("-token")) {
          const id = ${JSON.stringify(priv.id)};
          const read = await fetch("/api/v1/sandboxes/" + id, { credentials: "omit", headers: { authorization: "Bearer " + event.data.token } });
          const anonymous = await fetch("/api/v1/sandboxes/" + id, { credentials: "omit" });
          log("with token " + read.status + ", without " + anonymous.status);
        }
      });
      document.title = "ready";
      window.popup = window.open(${JSON.stringify(popupPath)}, "auth", "width=500,height=500");
    </script>`;
    const popupOf = async (parentUrl: string, popupUrl: string) => {
      await context.route(parentUrl, (route) =>
        route.fulfill({ contentType: "text/html", body: parentHtml(popupUrl) }),
      );
      const opened = context.waitForEvent("page");
      await page.goto(parentUrl);
      return opened;
    };

    const popup = await popupOf(`${BASE_URL}/__e2e/preview-parent`, `/auth/sandbox/${priv.id}`);
    await expect(popup.getByRole("heading", { name: "Access given" })).toBeVisible();
    await expect(popup.getByText("You can close this window")).toBeVisible();
    await screen(popup, testInfo, "auth-sandbox-given");
    await expect(page.locator("#log")).toContainText("boxyard:sandbox-token");
    await expect(page.locator("#log")).toContainText("with token 200, without 404");
    await popup.close();

    const foreign = `http://127.0.0.1:${PORT}`;
    const refused = await popupOf(`${foreign}/__e2e/preview-parent`, `${BASE_URL}/auth/sandbox/${priv.id}`);
    await expect(refused.getByRole("heading", { name: "Could not give access" })).toBeVisible();
    await expect(
      refused.getByText("This window was not opened by a page that may receive sandbox access."),
    ).toBeVisible();
    await expect(page.locator("#log")).toContainText("reason origin");
    await expect(page.locator("#log")).not.toContainText("-token");
    await screen(refused, testInfo, "auth-sandbox-refused");
    await refused.close();

    // The Sandpack page gives a token for the workspace's sandboxes.
    const sandpack = await popupOf(
      `${BASE_URL}/__e2e/sandpack-parent`,
      `/auth/sandpack/${user().primaryTeamId}`,
    );
    await expect(sandpack.getByRole("heading", { name: "Access given" })).toBeVisible();
    await expect(page.locator("#log")).toContainText("boxyard:sandpack-token");
    await expect(page.locator("#log")).toContainText("with token 200, without 404");
    await sandpack.close();
  });

  test("S1-2.014 / opened on its own (no opener), the authorisation page says why it cannot help", async ({
    page,
  }) => {
    await page.goto(`/auth/sandpack/${user().primaryTeamId}`);
    await expect(page.getByRole("heading", { name: "Could not give access" })).toBeVisible();
    await expect(
      page.getByText("Open this page from the preview that asked for access; it cannot be used on its own."),
    ).toBeVisible();
  });
});

test.describe("signed out", () => {
  test("S1-1.002 S1-8.008 / anyone can browse an official template; Fork asks to sign in and comes back", async ({
    page,
  }, testInfo) => {
    await page.goto("/s/vue");
    await expect(page.getByRole("heading", { level: 1, name: "Vue" })).toBeVisible();
    await expect(page.getByRole("note")).toHaveText(/You need to be signed in to fork a cloud sandbox\./);
    await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
    await page.getByRole("tree").getByRole("treeitem", { name: "src", exact: true }).click();
    await page.getByRole("treeitem", { name: "App.vue" }).click();
    const code = page.getByRole("textbox", { name: "Code editor" });
    await expect(code).toContainText("<template>");
    await expect(code).toHaveAttribute("aria-readonly", "true");
    await screen(page, testInfo, "sandbox-page-signed-out");
    await page.getByRole("banner").getByRole("link", { name: "Sign in to fork" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/signin" && url.searchParams.get("continue") === "/s/vue",
    );
  });

  test("S1-2.014 / the authorisation pages need sign-in and keep the return path", async ({ page }) => {
    await page.goto("/auth/sandbox/react");
    await page.waitForURL(
      (url) => url.pathname === "/signin" && url.searchParams.get("continue") === "/auth/sandbox/react",
    );
  });
});
