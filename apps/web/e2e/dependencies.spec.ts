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

/**
 * The editor's dependencies panel (issue 16): it lists package.json's dependencies; 'Add
 * dependency' searches the registry through the server (the local registry stand-in) and writes
 * `^latest` into package.json, which the preview resolves; a package is removed; a package.json
 * that is not JSON shows an error and is left alone.
 */

type Module = {
  shortid: string;
  title: string;
  code: string;
  directoryShortid: string | null;
  version: number;
};
type Sandbox = { id: string; modules: Module[] };

const user = (): TestUser & { primaryTeamId: string } => JSON.parse(readFileSync(AUTH_USER, "utf8"));

async function readSandbox(api: APIRequestContext, id: string): Promise<Sandbox> {
  const response = await api.get(`/api/v1/sandboxes/${id}`, { headers: CLIENT_HEADER });
  expect(response.status()).toBe(200);
  return (await response.json()) as Sandbox;
}

const packageJsonOf = (sandbox: Sandbox) =>
  sandbox.modules.find((m) => m.title === "package.json" && m.directoryShortid === null)!;

/** A public sandbox of the React template in a folder of the user's workspace (drafts are their author's only). */
async function reactSandbox(api: APIRequestContext): Promise<Sandbox> {
  const teamId = user().primaryTeamId;
  const folder = await api.post("/api/graphql", {
    headers: CLIENT_HEADER,
    data: {
      query:
        "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id } }",
      variables: { path: `/Dependencies ${uniqueId("f")}`, teamId },
    },
  });
  const collectionId = ((await folder.json()) as { data: { createCollection: { id: string } } }).data
    .createCollection.id;
  const fork = await api.post("/api/v1/sandboxes/react/fork", {
    headers: CLIENT_HEADER,
    data: { title: "Dependencies", team_id: teamId, collection_id: collectionId, privacy: 0 },
  });
  expect(fork.status()).toBe(200);
  return (await fork.json()) as Sandbox;
}

async function saveFile(api: APIRequestContext, sandboxId: string, module: Module, code: string) {
  const saved = await api.put(`/api/v1/sandboxes/${sandboxId}/modules/${module.shortid}`, {
    headers: CLIENT_HEADER,
    data: { module: { code }, base_version: module.version },
  });
  expect(saved.status()).toBe(200);
}

const panel = (page: Page) => page.getByRole("region", { name: "Dependencies" });
const group = (page: Page, name: string) => panel(page).getByRole("list", { name: new RegExp(`^${name}`) });

test.describe("the dependencies panel", () => {
  test.use({ storageState: AUTH_STATE, viewport: { width: 1440, height: 900 } });
  let api: APIRequestContext;
  test.beforeAll(async () => {
    api = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: AUTH_STATE });
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  test("issue 16 / Add dependency finds a package in the registry, writes ^latest into package.json and the preview runs it; Remove takes it out", async ({
    page,
  }, testInfo) => {
    const sandbox = await reactSandbox(api);
    // The app uses the package once package.json has it.
    const app = sandbox.modules.find((m) => m.title === "App.jsx")!;
    await saveFile(
      api,
      sandbox.id,
      app,
      'import ms from "ms";\n\nexport default function App() {\n  return <h1>A minute is {ms(60000)}</h1>;\n}\n',
    );

    await page.goto(`/s/${sandbox.id}`);
    await page.getByRole("button", { name: "Dependencies", exact: true }).click();
    await expect(group(page, "Dependencies").getByText("react", { exact: true })).toBeVisible();

    // From the keyboard: open the search, type, pick the result with Enter.
    await panel(page).getByRole("button", { name: "Add dependency" }).focus();
    await page.keyboard.press("Enter");
    const search = panel(page).getByRole("combobox", { name: "Search packages" });
    await expect(search).toBeFocused();
    await page.keyboard.type("ms");
    await expect(panel(page).getByRole("option", { name: /^ms\b/, selected: true })).toBeVisible();
    await screen(page, testInfo, "dependencies-search-1440");
    await page.keyboard.press("Enter");

    const added = group(page, "Dependencies").getByRole("listitem").filter({ hasText: /^ms/ });
    await expect(added).toHaveText(/^ms\^\d+\.\d+\.\d+/);
    await expect(search).toBeHidden();
    const saved = JSON.parse(packageJsonOf(await readSandbox(api, sandbox.id)).code) as {
      dependencies: Record<string, string>;
    };
    expect(saved.dependencies.ms).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(saved.dependencies.react).toBeDefined();

    // The preview resolves package.json again and runs the app with the package.
    await expect(
      page.frameLocator('iframe[title="Preview"]').getByRole("heading", { name: "A minute is 1m" }),
    ).toBeVisible({ timeout: 30_000 });
    await screen(page, testInfo, "dependencies-added-1440");

    await panel(page).getByRole("button", { name: "Remove ms" }).click();
    await expect(added).toBeHidden();
    await expect
      .poll(async () => JSON.parse(packageJsonOf(await readSandbox(api, sandbox.id)).code).dependencies.ms)
      .toBeUndefined();
  });

  test("issue 16, bad input / a package.json that is not JSON shows a clear error in the panel and is not written", async ({
    page,
  }, testInfo) => {
    const sandbox = await reactSandbox(api);
    const broken = '{ "dependencies": { "react": "^18.3.1", }';
    await saveFile(api, sandbox.id, packageJsonOf(sandbox), broken);

    await page.goto(`/s/${sandbox.id}`);
    await page.getByRole("button", { name: "Dependencies", exact: true }).click();
    await expect(panel(page).getByRole("alert")).toContainText("package.json is not valid JSON");
    await expect(panel(page).getByRole("button", { name: "Add dependency" })).toHaveCount(0);
    await screen(page, testInfo, "dependencies-not-json-1440");
    await panel(page).getByRole("button", { name: "Open package.json" }).click();
    await expect(page.getByRole("tab", { name: "package.json", selected: true })).toBeVisible();
    const after = packageJsonOf(await readSandbox(api, sandbox.id));
    expect(after.code).toBe(broken);
    expect(after.version).toBe(packageJsonOf(sandbox).version + 1);
  });

  test("issue 16 / on a phone the dependencies are one tab and a tap away", async ({ browser }, testInfo) => {
    const sandbox = await reactSandbox(api);
    const context = await browser.newContext({
      storageState: AUTH_STATE,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/s/${sandbox.id}`);
    await page.getByRole("tab", { name: "Files" }).click();
    await page.getByRole("button", { name: "Dependencies", exact: true }).click();
    await expect(group(page, "Dev dependencies").getByText("vite", { exact: true })).toBeVisible();
    await expect(panel(page).getByRole("button", { name: "Remove vite" })).toBeVisible();
    await screen(page, testInfo, "dependencies-390");
    await context.close();
  });
});
