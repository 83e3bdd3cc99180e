import { readFileSync } from "node:fs";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL, PREVIEW_URL } from "./env.ts";
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

/**
 * Browser sandboxes run in the editor's preview (issue 16): each browser template renders its
 * starter from the preview origin and its button works; an edit appears; a syntax error shows the
 * overlay and a fix clears it; the console shows console.log with its file and line; the preview
 * never receives Boxyard's cookie. Packages come from the local registry stand-in.
 */

type Sandbox = {
  id: string;
  modules: {
    shortid: string;
    title: string;
    code: string;
    directoryShortid: string | null;
    version: number;
  }[];
};

/**
 * The registry stand-in serves the React of this repository's node_modules: a sandbox's
 * package.json asks for it, as a person would after 'Add dependency'.
 */
async function useInstalledReact(api: APIRequestContext, sandbox: Sandbox) {
  const pkg = sandbox.modules.find((m) => m.title === "package.json" && m.directoryShortid === null)!;
  const json = JSON.parse(pkg.code) as { dependencies: Record<string, string> };
  json.dependencies = { ...json.dependencies, react: "^19.0.0", "react-dom": "^19.0.0" };
  const saved = await api.put(`/api/v1/sandboxes/${sandbox.id}/modules/${pkg.shortid}`, {
    headers: CLIENT_HEADER,
    data: { module: { code: `${JSON.stringify(json, null, 2)}\n` }, base_version: pkg.version },
  });
  expect(saved.status()).toBe(200);
}

const user = (): TestUser & { primaryTeamId: string } => JSON.parse(readFileSync(AUTH_USER, "utf8"));

async function signedInApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: BASE_URL, storageState: AUTH_STATE });
}

/** A public sandbox of an official template in a folder of the user's workspace (drafts are their author's only). */
async function sandboxOf(api: APIRequestContext, alias: string): Promise<Sandbox> {
  const teamId = user().primaryTeamId;
  const folder = await api.post("/api/graphql", {
    headers: CLIENT_HEADER,
    data: {
      query:
        "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id } }",
      variables: { path: `/Preview ${uniqueId("f")}`, teamId },
    },
  });
  const collectionId = ((await folder.json()) as { data: { createCollection: { id: string } } }).data
    .createCollection.id;
  const fork = await api.post(`/api/v1/sandboxes/${alias}/fork`, {
    headers: CLIENT_HEADER,
    data: { title: `Preview ${alias}`, team_id: teamId, collection_id: collectionId, privacy: 0 },
  });
  expect(fork.status()).toBe(200);
  return (await fork.json()) as Sandbox;
}

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title="Preview"]');
const codeEditor = (page: Page) => page.getByRole("textbox", { name: "Code editor" });

async function openFile(page: Page, path: string) {
  const parts = path.split("/");
  const tree = page.getByRole("tree", { name: "Files" });
  for (const folder of parts.slice(0, -1)) {
    const item = tree.getByRole("treeitem", { name: folder, exact: true });
    if ((await item.getAttribute("aria-expanded")) === "false") await item.click();
  }
  await tree.getByRole("treeitem", { name: parts.at(-1), exact: true }).click();
  await expect(page.getByRole("tab", { name: parts.at(-1), selected: true })).toBeVisible();
}

/** Replaces the first occurrence of `from` in the open file by typing over its selection. */
async function replaceInEditor(page: Page, from: string, to: string) {
  await codeEditor(page).click();
  const found = await codeEditor(page).evaluate((element, text) => {
    const content = element.textContent ?? "";
    return content.includes(text);
  }, from);
  expect(found).toBe(true);
  await page.keyboard.press("ControlOrMeta+f");
  await page.keyboard.type(from);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.keyboard.type(to);
}

const TEMPLATES: {
  alias: string;
  heading: string;
  click?: { name: RegExp; after: RegExp };
}[] = [
  { alias: "react", heading: "Hello React", click: { name: /Clicked 0 times/, after: /Clicked 1 time\b/ } },
  { alias: "react-typescript", heading: "Hello React + TypeScript" },
  { alias: "vue", heading: "Hello Vue", click: { name: /Clicked 0 times/, after: /Clicked 1 time\b/ } },
  { alias: "preact", heading: "Hello Preact", click: { name: /Clicked 0 times/, after: /Clicked 1 time\b/ } },
  { alias: "svelte", heading: "Hello Svelte", click: { name: /Clicked 0 times/, after: /Clicked 1 time\b/ } },
  {
    alias: "vanilla-javascript",
    heading: "Hello JavaScript",
    click: { name: /Clicked 0 times/, after: /Clicked 1 time\b/ },
  },
  { alias: "static-html", heading: "Hello, web" },
];

test.describe("the preview", () => {
  test.use({ storageState: AUTH_STATE, viewport: { width: 1440, height: 900 } });
  let api: APIRequestContext;
  test.beforeAll(async () => {
    api = await signedInApi();
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  for (const template of TEMPLATES) {
    test(`issue 16 / the ${template.alias} template renders its starter in the preview and its button works`, async ({
      page,
    }, testInfo) => {
      const sandbox = await sandboxOf(api, template.alias);
      await page.goto(`/s/${sandbox.id}`);
      const app = preview(page);
      await expect(app.getByRole("heading", { name: template.heading })).toBeVisible({ timeout: 20_000 });
      if (template.click) {
        await app.getByRole("button", { name: template.click.name }).click();
        await expect(app.getByRole("button", { name: template.click.after })).toBeVisible();
      } else if (template.alias === "react-typescript") {
        await app.getByPlaceholder("Something to do").fill("Write the preview");
        await app.getByRole("button", { name: "Add" }).click();
        await expect(app.getByRole("checkbox", { name: "Write the preview" })).toBeVisible();
      } else {
        // HTML + CSS: the stylesheet applies and the script runs (it writes the time).
        await expect(app.getByRole("heading", { name: template.heading })).toHaveCSS(
          "color",
          "rgb(227, 79, 38)",
        );
        await expect(app.locator("#now")).not.toBeEmpty();
      }
      await screen(page, testInfo, `preview-${template.alias}`);
    });
  }

  test("issue 16 / an edit to src/App.jsx appears in the preview; a syntax error shows the overlay and a fix clears it; console.log shows with its file and line", async ({
    page,
  }, testInfo) => {
    const sandbox = await sandboxOf(api, "react");
    await useInstalledReact(api, sandbox);
    await page.goto(`/s/${sandbox.id}`);
    const app = preview(page);
    await expect(app.getByRole("heading", { name: "Hello React" })).toBeVisible({ timeout: 20_000 });
    await openFile(page, "src/App.jsx");

    // Typed, not yet saved: the preview follows.
    await replaceInEditor(page, "Hello React", "Hello Boxyard");
    await expect(app.getByRole("heading", { name: "Hello Boxyard" })).toBeVisible();

    // A syntax error: the overlay names the file; fixing it clears the overlay.
    await replaceInEditor(page, "= useState", "= = useState");
    const overlay = app.getByRole("alertdialog", { name: "Build error" });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText("src/App.jsx");
    await screen(page, testInfo, "preview-build-error");
    await replaceInEditor(page, "= = useState", "= useState");
    await expect(overlay).toBeHidden();
    await expect(app.getByRole("heading", { name: "Hello Boxyard" })).toBeVisible();

    // console.log, with its file and line in the console; a click opens that line.
    await replaceInEditor(page, "  const [count", '  console.log("rendered the app");\n  const [count');
    const consolePane = page.getByRole("region", { name: "Console" });
    const entry = consolePane.getByRole("listitem").filter({ hasText: "rendered the app" }).first();
    await expect(entry).toBeVisible();
    await expect(entry.getByRole("button", { name: "src/App.jsx:4" })).toBeVisible();
    await openFile(page, "src/main.jsx");
    await entry.getByRole("button", { name: "src/App.jsx:4" }).click();
    await expect(page.getByRole("tab", { name: "App.jsx", selected: true })).toBeVisible();
    await screen(page, testInfo, "preview-console");
  });

  test("issue 16 / the preview's requests carry no Boxyard cookie, and the preview origin sets none", async ({
    page,
    context,
  }) => {
    const sandbox = await sandboxOf(api, "vanilla-javascript");
    const seen: { url: string; cookie: string | undefined; setCookie: string | undefined }[] = [];
    context.on("requestfinished", async (request) => {
      if (!request.url().startsWith(PREVIEW_URL)) return;
      const response = await request.response();
      seen.push({
        url: request.url(),
        cookie: (await request.allHeaders()).cookie,
        setCookie: response ? (await response.allHeaders())["set-cookie"] : undefined,
      });
    });
    await page.goto(`/s/${sandbox.id}`);
    await expect(preview(page).getByRole("heading", { name: "Hello JavaScript" })).toBeVisible({
      timeout: 20_000,
    });
    expect((await context.cookies(BASE_URL)).length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.cookie, request.url).toBeUndefined();
      expect(request.setCookie, request.url).toBeUndefined();
    }
    expect(await context.cookies(PREVIEW_URL)).toEqual([]);
  });

  test("issue 16 / a public sandbox's preview opens in a tab of its own, without signing in", async ({
    browser,
  }) => {
    const sandbox = await sandboxOf(api, "vanilla-javascript");
    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    await tab.goto(`${PREVIEW_URL}/${sandbox.id}/`);
    await expect(tab.getByRole("heading", { name: "Hello JavaScript" })).toBeVisible({ timeout: 20_000 });
    await visitor.close();
  });
});
