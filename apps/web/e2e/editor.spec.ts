import { readFileSync } from "node:fs";
import { FILE_MESSAGES } from "@boxyard/domain";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "./env.ts";
import {
  AUTH_STATE,
  AUTH_USER,
  CLIENT_HEADER,
  createLocalUser,
  decideCookieBanner,
  expect,
  newUserData,
  screen,
  type TestUser,
  test,
  uniqueId,
} from "./fixtures.ts";

/**
 * The editor (issue 15): make a sandbox from the React template, change src/App.jsx and save it,
 * see it after a reload; rename and move files; two editors of one file meet in the conflict view;
 * a READ member's save is refused by the server. Needs the server's file API (notes/file-api.md).
 */

type Module = {
  shortid: string;
  title: string;
  code: string;
  directoryShortid: string | null;
  version: number;
};
type Sandbox = {
  id: string;
  alias: string | null;
  title: string;
  teamId: string;
  modules: Module[];
  directories: { shortid: string; title: string; directoryShortid: string | null }[];
};

const user = (): TestUser & { primaryTeamId: string } => JSON.parse(readFileSync(AUTH_USER, "utf8"));

async function signedInApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: BASE_URL, storageState: AUTH_STATE });
}

async function readSandbox(api: APIRequestContext, id: string): Promise<Sandbox> {
  const response = await api.get(`/api/v1/sandboxes/${id}`, { headers: CLIENT_HEADER });
  expect(response.status()).toBe(200);
  return (await response.json()) as Sandbox;
}

/**
 * A sandbox of the React template in a folder of a workspace (drafts are their author's only), made
 * through the API.
 */
async function reactSandbox(api: APIRequestContext, teamId: string, title: string): Promise<Sandbox> {
  const folder = await api.post("/api/graphql", {
    headers: CLIENT_HEADER,
    data: {
      query:
        "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id } }",
      variables: { path: `/Editor ${uniqueId("f")}`, teamId },
    },
  });
  const collectionId = ((await folder.json()) as { data: { createCollection: { id: string } } }).data
    .createCollection.id;
  const fork = await api.post("/api/v1/sandboxes/react/fork", {
    headers: CLIENT_HEADER,
    data: { title, team_id: teamId, collection_id: collectionId, privacy: 0 },
  });
  expect(fork.status()).toBe(200);
  return (await fork.json()) as Sandbox;
}

const pathOf = (sandbox: Sandbox, module: Module) => {
  const parts = [module.title];
  for (let dir = module.directoryShortid; dir; ) {
    const folder = sandbox.directories.find((d) => d.shortid === dir)!;
    parts.unshift(folder.title);
    dir = folder.directoryShortid;
  }
  return parts.join("/");
};

const moduleAt = (sandbox: Sandbox, path: string) => sandbox.modules.find((m) => pathOf(sandbox, m) === path);

const codeEditor = (page: Page) => page.getByRole("textbox", { name: "Code editor" });
const files = (page: Page) => page.getByRole("tree", { name: "Files" });

async function openFile(page: Page, path: string) {
  const parts = path.split("/");
  for (const folder of parts.slice(0, -1)) {
    const item = files(page).getByRole("treeitem", { name: folder, exact: true });
    if ((await item.getAttribute("aria-expanded")) === "false") await item.click();
  }
  await files(page)
    .getByRole("treeitem", { name: parts.at(-1), exact: true })
    .click();
  await expect(page.getByRole("tab", { name: parts.at(-1), selected: true })).toBeVisible();
}

/** Types at the end of the file shown. */
async function typeAtEnd(page: Page, text: string) {
  await codeEditor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(text);
}

const saveState = (page: Page) => page.getByRole("banner").getByRole("status");

/** Drags a tree row onto another (dnd-kit follows the pointer after a few pixels). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 20, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + 30, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test.describe("the editor", () => {
  test.use({ storageState: AUTH_STATE, serviceWorkers: "block" });

  test("S1-2.006 / create a sandbox from the React template, change src/App.jsx, save, reload and see it; rename and move a file", async ({
    page,
  }, testInfo) => {
    const title = `Editor ${uniqueId("e")}`;
    await page.goto("/s");
    const dialog = page.getByRole("dialog", { name: "Create" });
    await dialog.locator('a[href="/s/react"]').first().click();
    const form = dialog.getByRole("form", { name: "Configure" });
    await form.getByLabel("Name").fill(title);
    await form.getByRole("button", { name: "Create Sandbox" }).click();
    await page.waitForURL(/\/s\/[a-z0-9]{6}$/);
    const id = new URL(page.url()).pathname.slice(3);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await openFile(page, "src/App.jsx");
    await expect(codeEditor(page)).toContainText("Edit src/App.jsx and save to see your changes.");
    await expect(codeEditor(page)).toHaveAttribute("aria-readonly", "false");
    await typeAtEnd(page, "\n// Saved from the editor\n");
    await expect(page.getByRole("tab", { name: "App.jsx" })).toHaveAttribute(
      "aria-describedby",
      "editor-tab-unsaved",
    );
    await page.keyboard.press("ControlOrMeta+S");
    await expect(saveState(page)).toHaveText("Saved");
    await screen(page, testInfo, "editor-saved");

    const api = await signedInApi();
    expect(moduleAt(await readSandbox(api, id), "src/App.jsx")?.code).toContain("// Saved from the editor");
    await page.reload();
    await openFile(page, "src/App.jsx");
    await expect(codeEditor(page)).toContainText("// Saved from the editor");

    // Rename README.md in place (F2), then drag it into src.
    const readme = files(page).getByRole("treeitem", { name: "README.md", exact: true });
    await readme.focus();
    await page.keyboard.press("F2");
    const rename = page.getByRole("textbox", { name: "Rename README.md" });
    await rename.fill("NOTES.md");
    await rename.press("Enter");
    const notes = files(page).getByRole("treeitem", { name: "NOTES.md", exact: true });
    await expect(notes).toHaveAttribute("aria-level", "1");
    await drag(page, notes, files(page).getByRole("treeitem", { name: "src", exact: true }));
    await expect(notes).toHaveAttribute("aria-level", "2");
    await expect
      .poll(async () => {
        const sandbox = await readSandbox(api, id);
        return sandbox.modules.filter((m) => m.title === "NOTES.md").map((m) => pathOf(sandbox, m));
      })
      .toEqual(["src/NOTES.md"]);
    await screen(page, testInfo, "editor-moved");
    await api.dispose();
  });

  test("two browsers editing the same file: the one whose connection dropped keeps its text, and meets the other's save in the conflict view; keep mine wins and reaches the other editor", async ({
    browser,
  }, testInfo) => {
    // Two browsers on a busy machine: more than the default time.
    test.setTimeout(120_000);
    const api = await signedInApi();
    const sandbox = await reactSandbox(api, user().primaryTeamId, `Conflict ${uniqueId("c")}`);
    const open = async () => {
      const context = await browser.newContext({ storageState: AUTH_STATE, serviceWorkers: "block" });
      await decideCookieBanner(context);
      const page = await context.newPage();
      await page.goto(`/s/${sandbox.id}`);
      await openFile(page, "src/App.jsx");
      return page;
    };
    const first = await open();
    const second = await open();

    // The second loses its connection and types: its text waits in the browser.
    await second.context().setOffline(true);
    await typeAtEnd(second, "\n// from the second editor\n");
    await second.keyboard.press("ControlOrMeta+S");
    await expect(saveState(second)).toHaveText("Not saved yet");
    // Meanwhile the first saves the same file.
    await typeAtEnd(first, "\n// from the first editor\n");
    await first.keyboard.press("ControlOrMeta+S");
    await expect(saveState(first)).toHaveText("Saved");
    // Back online, the second's save names the version it was based on: refused, it is a conflict.
    await second.context().setOffline(false);
    const conflict = second.getByRole("region", { name: "Conflict in src/App.jsx" });
    await expect(conflict).toBeVisible({ timeout: 20_000 });
    await expect(saveState(second)).toHaveText("Conflict");
    await screen(second, testInfo, "editor-conflict");
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await expect(saveState(second)).toHaveText("Saved");

    const saved = moduleAt(await readSandbox(api, sandbox.id), "src/App.jsx")!;
    expect(saved.code).toContain("// from the second editor");
    expect(saved.code).not.toContain("// from the first editor");
    // The first editor had nothing unsaved: it shows the saved text within a moment.
    await expect(codeEditor(first)).toContainText("// from the second editor");
    await api.dispose();
    await first.context().close();
    await second.context().close();
  });
});

test("a READ member sees the editor read only, and the server refuses their save even when the page is bypassed", async ({
  browser,
}, testInfo) => {
  const owner = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const member = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await createLocalUser(newUserData("ed-owner"), owner);
  const reader = await createLocalUser(newUserData("ed-reader"), member);
  const gql = async (api: APIRequestContext, query: string, variables: Record<string, unknown>) => {
    const body = (await (
      await api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } })
    ).json()) as {
      data?: Record<string, { id: string }>;
      errors?: { message: string }[];
    };
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const team = await gql(owner, "mutation($n: String!) { createTeam(name: $n) { id } }", {
    n: `Readers ${uniqueId("t")}`,
  });
  const teamId = team.createTeam!.id;
  await gql(
    owner,
    "mutation($t: UUID4!, $u: String!) { inviteToTeam(teamId: $t, username: $u, authorization: READ) { id } }",
    { t: teamId, u: reader.username },
  );
  await gql(member, "mutation($t: UUID4!) { acceptTeamInvitation(teamId: $t) { id } }", { t: teamId });
  const sandbox = await reactSandbox(owner, teamId, `Read only ${uniqueId("r")}`);

  const context = await browser.newContext({
    storageState: await member.storageState(),
    serviceWorkers: "block",
  });
  await decideCookieBanner(context);
  const page = await context.newPage();
  await page.goto(`/s/${sandbox.id}`);
  await openFile(page, "src/App.jsx");
  await expect(codeEditor(page)).toHaveAttribute("aria-readonly", "true");
  await expect(page.getByRole("note")).toContainText(FILE_MESSAGES.readOnly);
  await expect(page.getByRole("button", { name: "New file" })).toHaveCount(0);
  await screen(page, testInfo, "editor-read-only");

  const app = moduleAt(await readSandbox(member, sandbox.id), "src/App.jsx")!;
  const refused = await member.put(`/api/v1/sandboxes/${sandbox.id}/modules/${app.shortid}`, {
    headers: CLIENT_HEADER,
    data: { module: { code: "// not allowed\n" }, base_version: app.version },
  });
  expect(refused.status()).toBe(403);
  expect(moduleAt(await readSandbox(owner, sandbox.id), "src/App.jsx")?.code).toBe(app.code);
  await context.close();
  await owner.dispose();
  await member.dispose();
});
