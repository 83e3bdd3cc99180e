import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "./env.ts";
import {
  AUTH_STATE,
  AUTH_USER,
  CLIENT_HEADER,
  expect,
  screen,
  type TestUser,
  test,
  uniqueId,
} from "./fixtures.ts";

type Sandbox = { id: string; alias: string; title: string; teamId: string; privacy: number; vmTier: number };

const user = (): TestUser & { primaryTeamId: string } => JSON.parse(readFileSync(AUTH_USER, "utf8"));

async function signedInApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: BASE_URL, storageState: AUTH_STATE });
}

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors[0]!.message);
  return body.data;
}

/** A new folder of the user's workspace: its path and its id. */
async function newFolder(api: APIRequestContext, prefix: string) {
  const path = `/${prefix} ${uniqueId("f")}`;
  const created = await graphql<{ createCollection: { id: string } }>(
    api,
    "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id } }",
    { path, teamId: user().primaryTeamId },
  );
  return { path, id: created.createCollection.id };
}

const folderUrl = (path: string) =>
  `/dashboard/sandboxes${path.split("/").map(encodeURIComponent).join("/")}`;

/** The card of a template in the create dialog. */
const templateCard = (page: Page, id: string) =>
  page.getByRole("dialog").locator(`a[href="/s/${id}"]`).first();

test.describe("creating", () => {
  test.use({ storageState: AUTH_STATE, serviceWorkers: "block" });

  test("S1-2.041 S2-2.010 S2-2.012 S2-2.013 S2-7.012 S2-6.002 / from an empty folder's Create: a template, its config with the folder preselected, then the new sandbox's page; it is in that folder", async ({
    page,
  }, testInfo) => {
    const api = await signedInApi();
    const folder = await newFolder(api, "Create");
    await api.dispose();
    const title = `Weather ${uniqueId("c")}`;

    await page.goto(folderUrl(folder.path));
    await expect(page.getByText("This folder is empty")).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Create" }).click();
    const dialog = page.getByRole("dialog", { name: "Create" });
    await expect(dialog.getByRole("region", { name: "Popular" })).toBeVisible();
    // The dialog has the focus, not its search box: '/' focuses the search (S2-2.007).
    await expect(dialog).toBeFocused();
    await expect(templateCard(page, "react")).toContainText("Runs on browser");
    await screen(page, testInfo, "create-dialog-templates");

    await templateCard(page, "react").click();
    const form = dialog.getByRole("form", { name: "Configure" });
    await expect(form.getByRole("heading", { name: "React" })).toBeVisible();
    // A generated name, the folder it was opened from, private by default.
    await expect(form.getByLabel("Name")).toHaveValue(/^[a-z]+-[a-z]+$/);
    await expect(form.getByLabel("Folder")).toHaveValue(folder.id);
    await expect(form.getByLabel("Visibility")).toHaveValue("2");
    await expect(form.getByLabel("Runtime")).toHaveValue("browser");
    await screen(page, testInfo, "create-dialog-config");
    await form.getByLabel("Name").fill(title);
    await form.getByLabel("Visibility").selectOption("0");
    await form.getByRole("button", { name: "Create Sandbox" }).click();

    await page.waitForURL(/\/s\/[a-z0-9]{6}$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Public", { exact: true })).toBeVisible();
    await screen(page, testInfo, "create-created-sandbox");
    await page.goto(folderUrl(folder.path));
    await expect(page.getByRole("option", { name: title })).toBeVisible();
    await screen(page, testInfo, "create-in-folder");
  });

  test("S1-2.004 S2-2.006 S2-5.003 S2-6.013 S2-7.013 S2-7.014 / /d opens the devbox dialog on server templates; a devbox on the Micro tier", async ({
    page,
  }, testInfo) => {
    const api = await signedInApi();
    const folder = await newFolder(api, "Devboxes");
    const title = `API ${uniqueId("d")}`;

    await page.goto("/d");
    const dialog = page.getByRole("dialog", { name: "Create a Devbox" });
    await expect(dialog.getByRole("button", { name: "Server", pressed: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await expect(templateCard(page, "node")).toContainText("Runs on server");
    await expect(dialog.locator('a[href="/s/react"]')).toHaveCount(0);
    await screen(page, testInfo, "create-devbox-templates");
    await templateCard(page, "node").click();

    const form = dialog.getByRole("form", { name: "Configure" });
    await expect(form.getByLabel("Runtime")).toHaveValue("vm");
    await expect(form.getByLabel("Runtime").locator('option[value="browser"]')).toBeDisabled();
    const tier = form.getByLabel("VM tier");
    await expect(tier).toHaveValue("1");
    await expect(tier.locator("option")).toHaveText([
      "Nano (2 vCPUs, 4 GiB RAM, 20 GB Disk for 10 credits/hour)",
      "Micro (4 vCPUs, 8 GiB RAM, 30 GB Disk for 20 credits/hour)",
      "Small (8 vCPUs, 16 GiB RAM, 40 GB Disk for 40 credits/hour)",
      "Medium (16 vCPUs, 32 GiB RAM, 50 GB Disk for 80 credits/hour)",
      "Large (32 vCPUs, 64 GiB RAM, 75 GB Disk for 160 credits/hour)",
      "XLarge (64 vCPUs, 128 GiB RAM, 100 GB Disk for 320 credits/hour)",
    ]);
    await expect(tier.locator('option[value="3"]')).toBeDisabled();
    await expect(form.getByText("Better specs are available for Pro workspaces.")).toBeVisible();
    await tier.selectOption("2");
    await form.getByLabel("Name").fill(title);
    await form.getByLabel("Visibility").selectOption("1");
    await form.getByLabel("Folder").selectOption(folder.id);
    await screen(page, testInfo, "create-devbox-config");
    await form.getByRole("button", { name: "Create Devbox" }).click();

    await page.waitForURL(/\/s\/[a-z0-9]{6}$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Devbox", { exact: true })).toBeVisible();
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const created = (await (await api.get(`/api/v1/sandboxes/${id}`)).json()) as Sandbox;
    expect(created).toMatchObject({ vmTier: 2, privacy: 1, title });
    await api.dispose();
    await screen(page, testInfo, "create-devbox-created");
  });

  test("S1-2.029 S2-4.001 S2-2.008 / create_sandbox={id} loads the sandbox to fork and opens its config step; the fork is made; the official template forked lately is 'Recently used'", async ({
    page,
  }, testInfo) => {
    const api = await signedInApi();
    const folder = await newFolder(api, "Forks");
    const source = (await (
      await api.post("/api/v1/sandboxes/vue/fork", {
        headers: CLIENT_HEADER,
        data: { title: `Source ${uniqueId("s")}`, collection_id: folder.id, privacy: 0 },
      })
    ).json()) as Sandbox;
    await api.dispose();

    await page.goto(`/dashboard/recent?create_sandbox=${source.id}`);
    const dialog = page.getByRole("dialog");
    const form = dialog.getByRole("form", { name: "Configure" });
    await expect(form.getByRole("heading", { name: source.title })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await screen(page, testInfo, "create-fork-config");
    await form.getByLabel("Folder").selectOption(folder.id);
    await form.getByLabel("Visibility").selectOption("0");
    await form.getByRole("button", { name: "Create Sandbox" }).click();
    await page.waitForURL(
      (url) => /^\/s\/[a-z0-9]{6}$/.test(url.pathname) && !url.pathname.endsWith(source.id),
    );
    // A browser sandbox opens with its preview; what it was forked from is under Info.
    await page.getByRole("tab", { name: "Info" }).click();
    await expect(page.getByRole("link", { name: source.title })).toHaveAttribute(
      "href",
      `/s/${source.alias}`,
    );

    // Forked from the Vue template earlier: it leads 'Recently used' now.
    await page.goto("/dashboard/recent?create=true");
    const recent = page.getByRole("dialog").getByRole("region", { name: "Recently used" });
    await expect(recent.locator('a[href="/s/vue"]')).toBeVisible();
    await screen(page, testInfo, "create-recently-used");

    // An unknown sandbox goes back to the list.
    await page.goto("/dashboard/recent?create_sandbox=nosuchsandbox");
    await expect(page.getByText("We couldn't load that sandbox. Pick a template instead.")).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("region", { name: "Results" })).toBeVisible();
  });

  test("S2-2.001 S2-9.013 / the dialog is 950 px wide, full screen below 950 px; the template grid has 4 columns, 3 below 756 px, 1 below 485 px", async ({
    page,
  }, testInfo) => {
    const columns = async () => {
      const lefts = await page
        .getByRole("dialog")
        .getByRole("region", { name: "Popular" })
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
      return new Set(lefts).size;
    };
    const dialogBox = async () => (await page.getByRole("dialog").boundingBox())!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/dashboard/recent?create=true");
    await expect(page.getByRole("dialog").getByRole("region", { name: "Popular" })).toBeVisible();
    expect(Math.round((await dialogBox()).width)).toBe(950);
    expect(await columns()).toBe(4);
    for (const [width, expected] of [
      [900, 4],
      [700, 3],
      [480, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(columns).toBe(expected);
      const box = await dialogBox();
      expect([Math.round(box.x), Math.round(box.width)]).toEqual([0, width]);
    }
    await screen(page, testInfo, "create-dialog-narrow");
  });

  test("S2-2.002 S2-2.003 / the standalone create screen in an iframe posts sandbox-created with the id, alias and address to its parent", async ({
    page,
    context,
  }, testInfo) => {
    const api = await signedInApi();
    const folder = await newFolder(api, "Embedded");
    await api.dispose();
    const parentUrl = `${BASE_URL}/__e2e/create-parent`;
    await context.route(parentUrl, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Parent</title><pre id="log"></pre>
          <iframe id="frame" src="/standalone/create?sandbox=svelte" style="width:1000px;height:700px"></iframe>
          <script>
            window.addEventListener("message", (event) => {
              if (event.data && event.data.type === "sandbox-created") {
                document.getElementById("log").textContent = JSON.stringify({ origin: event.origin, ...event.data });
              }
            });
          </script>`,
      }),
    );
    await page.goto(parentUrl);
    const frame = page.frameLocator("#frame");
    const form = frame.getByRole("form", { name: "Configure" });
    await expect(form.getByRole("heading", { name: "Svelte" })).toBeVisible();
    await screen(page, testInfo, "standalone-create-iframe");
    await form.getByLabel("Folder").selectOption(folder.id);
    await form.getByLabel("Visibility").selectOption("0");
    await form.getByRole("button", { name: "Create Sandbox" }).click();
    await expect(frame.getByRole("link", { name: "Open it" })).toBeVisible();
    await expect(page.locator("#log")).toContainText("sandbox-created");
    const message = JSON.parse((await page.locator("#log").textContent())!) as {
      origin: string;
      id: string;
      alias: string;
      url: string;
    };
    expect(message.origin).toBe(BASE_URL);
    expect(message.url).toBe(`${BASE_URL}/s/${message.id}`);
    expect(message.alias).toContain(message.id);
    await screen(page, testInfo, "standalone-create-done");
  });

  test("S2-2.004 S2-8.005 / create-repo-files announces itself, creates a sandbox from the parent's files and answers success; bad files answer 'Could not create - …'", async ({
    page,
    context,
  }, testInfo) => {
    const api = await signedInApi();
    const folder = await newFolder(api, "Files");
    await api.dispose();
    const parentUrl = `${BASE_URL}/__e2e/files-parent`;
    const request = {
      type: "create-repo-files",
      sandbox: {
        title: `Files ${uniqueId("r")}`,
        collectionId: folder.id,
        privacy: "public",
        template: "node",
        files: {
          "package.json": { content: { name: "from-files", version: "1.0.0" } },
          "src/index.js": { content: "console.log('from files');" },
        },
      },
    };
    await context.route(parentUrl, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Parent</title><pre id="log"></pre>
          <iframe id="frame" src="/standalone/create-repo-files" style="width:600px;height:400px"></iframe>
          <script>
            const log = (line) => { document.getElementById("log").textContent += line + "\\n"; };
            const frame = document.getElementById("frame");
            window.addEventListener("message", async (event) => {
              if (event.source !== frame.contentWindow || !event.data) return;
              log(event.data.type);
              if (event.data.type === "create-repo-files-ready") {
                // First bad files, then good ones.
                frame.contentWindow.postMessage({ type: "create-repo-files", sandbox: { files: { "../x.js": { content: "" } } } }, location.origin);
              }
              if (event.data.type === "create-repo-files-error") {
                log("error " + event.data.message);
                frame.contentWindow.postMessage(${JSON.stringify(request)}, location.origin);
              }
              if (event.data.type === "create-repo-files-success") {
                const read = await fetch("/api/v1/sandboxes/" + event.data.sandbox.id);
                const body = await read.json();
                log("created " + body.title + " with " + body.modules.map((m) => m.title).sort().join(","));
              }
            });
          </script>`,
      }),
    );
    await page.goto(parentUrl);
    const log = page.locator("#log");
    await expect(log).toContainText("create-repo-files-ready");
    await expect(log).toContainText(
      "error Could not create - files: '../x.js' is not a valid file path: use relative paths such as src/index.js, without '..' or empty parts.",
    );
    await expect(log).toContainText("create-repo-files-success");
    await expect(log).toContainText(`created ${request.sandbox.title} with index.js,package.json`);
    await expect(page.frameLocator("#frame").getByRole("link", { name: "Open it" })).toBeVisible();
    await screen(page, testInfo, "standalone-create-repo-files");

    await page.goto(folderUrl(folder.path));
    await expect(page.getByRole("option", { name: request.sandbox.title })).toBeVisible();
  });
});

test.describe("signed out", () => {
  test("S1-2.003 S1-2.023 S1-6.008 S2-2.010 S2-6.001 / /s and /new lead to the public templates; the create dialog sends a template straight to its page", async ({
    page,
  }, testInfo) => {
    await page.goto("/s");
    await page.waitForURL("**/templates");
    await page.goto("/new");
    await page.waitForURL("**/templates");
    await page.getByRole("banner").getByRole("button", { name: "Create" }).click();
    const dialog = page.getByRole("dialog", { name: "Create" });
    await expect(dialog.getByRole("region", { name: "Popular" })).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Recently used" })).toHaveCount(0);
    await screen(page, testInfo, "create-dialog-signed-out");
    await templateCard(page, "vue").click();
    await page.waitForURL("**/s/vue");
    await expect(page.getByRole("heading", { level: 1, name: "Vue" })).toBeVisible();
  });

  test("S2-2.013 / the standalone create screen asks a signed-out visitor to sign in", async ({
    page,
  }, testInfo) => {
    await page.goto("/standalone/create?sandbox=react");
    await expect(page.getByRole("button", { name: "Sign in to create Sandbox" })).toBeVisible();
    await screen(page, testInfo, "standalone-create-signed-out");
    await page.getByRole("button", { name: "Sign in to create Sandbox" }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === "/signin" && url.searchParams.get("continue") === "/standalone/create?sandbox=react",
    );
  });
});
