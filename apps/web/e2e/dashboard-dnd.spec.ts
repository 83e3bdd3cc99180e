import { DASHBOARD_MESSAGES } from "@boxyard/domain";
import type { Locator, Page } from "@playwright/test";
import { test as base, CLIENT_HEADER, expect, screen } from "./fixtures.ts";
import type { SeededUser } from "./seeded/seeded-types.ts";
import { type SeededServer, startSeededServer } from "./seeded/seededServer.ts";

/**
 * The dashboard's direct manipulation (spec 1 §2, §4, §5, §9): folders made, renamed and deleted
 * in the sidebar, sandboxes dragged onto folders, Drafts and Recently deleted, a rectangle
 * selection, a drop the server refuses, and a READ member who cannot drag. The sandboxes and the
 * READ membership come from a server of this spec's own, seeded before it starts (the API cannot
 * make them yet); the tests run in order on that server.
 */
const test = base.extend<object, { seeded: SeededServer }>({
  seeded: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startSeededServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ seeded }, use) => use(seeded.url),
});
test.describe.configure({ mode: "serial" });

async function signIn(page: Page, user: SeededUser) {
  const response = await page.request.post("/api/v1/auth/local/signin", {
    headers: CLIENT_HEADER,
    data: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const grid = (page: Page) => page.getByRole("listbox");
const card = (page: Page, name: string) => grid(page).getByRole("option", { name, exact: true });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard navigation" });
const treeFolder = (page: Page, name: string) =>
  page.getByRole("list", { name: "All folders" }).getByRole("link", { name, exact: true });
const sidebarEntry = (page: Page, name: string) => sidebar(page).getByRole("link", { name, exact: true });

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses on `source`, moves past the drag threshold, then onto `target`; drops unless told to hold. */
async function drag(page: Page, source: Locator, target: Locator, { drop = true, steps = 12 } = {}) {
  const from = await centre(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 12, { steps: 3 });
  const to = await centre(target);
  await page.mouse.move(to.x, to.y, { steps });
  if (drop) await page.mouse.up();
}

test("S1-2.079 / S1-2.081 / S1-2.082 / S1-4.025 / S1-4.026 / S1-5.001 / S1-2.083 / folders made, renamed and deleted in the sidebar", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.owner);
  await page.goto("/dashboard/sandboxes");
  await expect(card(page, "Alpha")).toBeVisible();

  // The root's menu: New folder only. A blank name creates nothing.
  await treeFolder(page, "All folders").click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Folder actions" });
  await expect(menu.getByRole("menuitem")).toHaveText(["New folder"]);
  await menu.getByRole("menuitem", { name: "New folder" }).click();
  let input = page.getByRole("textbox", { name: "New folder name" });
  await input.press("Enter");
  await expect(input).toHaveCount(0);
  await treeFolder(page, "All folders").click({ button: "right" });
  await menu.getByRole("menuitem", { name: "New folder" }).click();
  input = page.getByRole("textbox", { name: "New folder name" });
  await input.fill("Design");
  await screen(page, testInfo, "dnd-folder-new-inline");
  await input.press("Enter");
  await expect(treeFolder(page, "Design")).toBeVisible();
  await expect(card(page, "Design")).toBeVisible();

  // A nested folder from the page header's 'New folder', inside Design.
  await treeFolder(page, "Design").click();
  await expect(page).toHaveURL(/\/dashboard\/sandboxes\/Design$/);
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByRole("textbox", { name: "New folder name" }).fill("Sketches");
  await page.getByRole("textbox", { name: "New folder name" }).press("Enter");
  await expect(card(page, "Sketches")).toBeVisible();

  // Others: New folder, Rename folder, Delete folder. Escape cancels a rename; a blank one is refused.
  await treeFolder(page, "Design").click({ button: "right" });
  await expect(menu.getByRole("menuitem")).toHaveText(["New folder", "Rename folder", "Delete folder"]);
  await screen(page, testInfo, "dnd-folder-menu");
  await menu.getByRole("menuitem", { name: "Rename folder" }).click();
  const rename = page.getByRole("textbox", { name: "Folder name" });
  await rename.fill("");
  await rename.press("Enter");
  await expect(page.getByText("Folder name is required.", { exact: true })).toBeVisible();
  await treeFolder(page, "Design").click({ button: "right" });
  await menu.getByRole("menuitem", { name: "Rename folder" }).click();
  await rename.fill("Designs");
  await rename.press("Enter");
  await expect(treeFolder(page, "Designs")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/sandboxes\/Designs$/);

  // Deleting the open folder asks first, then goes to its parent.
  await page.getByRole("button", { name: "Expand Designs" }).click();
  await treeFolder(page, "Sketches").click();
  await expect(page).toHaveURL(/\/dashboard\/sandboxes\/Designs\/Sketches$/);
  await treeFolder(page, "Sketches").click({ button: "right" });
  await menu.getByRole("menuitem", { name: "Delete folder" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete folder" });
  await expect(confirm).toContainText("“Sketches” will be deleted. It is empty.");
  await confirm.getByRole("button", { name: "Delete folder" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sandboxes\/Designs$/);
  await expect(page.getByText("Deleted “Sketches”.", { exact: true })).toBeVisible();
  await expect(treeFolder(page, "Sketches")).toHaveCount(0);
  await screen(page, testInfo, "dnd-folder-deleted");
});

test("S1-4.035 / S1-5.013 / S1-8.024 / a sandbox dragged onto a folder in the grid, in the sidebar, and by keyboard", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.owner);
  await page.goto("/dashboard/sandboxes");

  // Onto a folder of the grid.
  await drag(page, card(page, "Alpha"), card(page, "Clients"), { drop: false });
  await expect(page.getByTestId("drag-preview-card")).toHaveCount(1);
  await screen(page, testInfo, "dnd-drag-onto-grid-folder");
  await page.mouse.up();
  await expect(page.getByText("Successfully moved to Clients", { exact: true })).toBeVisible();
  await expect(card(page, "Alpha")).toHaveCount(0);

  // Onto a folder of the sidebar.
  await drag(page, card(page, "Bravo"), treeFolder(page, "Projects"), { drop: false });
  await screen(page, testInfo, "dnd-drag-onto-sidebar-folder");
  await page.mouse.up();
  await expect(page.getByText("Successfully moved to Projects", { exact: true })).toBeVisible();
  await expect(card(page, "Bravo")).toHaveCount(0);

  // By keyboard: Space picks it up, the arrows visit the targets, Enter drops.
  await card(page, "Charlie").click();
  await page.keyboard.press("Space");
  const status = page.locator("[id^=DndLiveRegion]");
  for (let step = 0; step < 10; step++) {
    const before = (await status.textContent()) ?? "";
    await page.keyboard.press("ArrowDown");
    // The announcement follows the key a moment later: read it only once it has changed.
    await expect(status).not.toHaveText(before, { timeout: 2_000 });
    if ((await status.textContent())?.includes("is over Clients")) break;
  }
  await expect(status).toHaveText("Charlie is over Clients.");
  await screen(page, testInfo, "dnd-drag-by-keyboard");
  await page.keyboard.press("Enter");
  await expect(card(page, "Charlie")).toHaveCount(0);

  await treeFolder(page, "Clients").click();
  await expect(card(page, "Alpha")).toBeVisible();
  await expect(card(page, "Charlie")).toBeVisible();
  await treeFolder(page, "Projects").click();
  await expect(card(page, "Bravo")).toBeVisible();
});

test("S1-2.078 / S1-9.013 / folders expand under a drag: after 500 ms, and at once at the root", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.owner);
  await page.goto("/dashboard/sandboxes");
  await expect(treeFolder(page, "Projects")).toBeVisible();
  await expect(treeFolder(page, "2024")).toHaveCount(0);

  // One move lands on Projects: the 500 ms start there.
  await drag(page, card(page, "Delta"), treeFolder(page, "Projects"), { drop: false, steps: 1 });
  const hovered = Date.now();
  expect(await treeFolder(page, "2024").count()).toBe(0);
  await expect(treeFolder(page, "2024")).toBeVisible();
  expect(Date.now() - hovered).toBeGreaterThanOrEqual(400);
  const target = await centre(treeFolder(page, "2024"));
  await page.mouse.move(target.x, target.y, { steps: 4 });
  await screen(page, testInfo, "dnd-hover-expanded");
  await page.mouse.up();
  await expect(page.getByText("Successfully moved to 2024", { exact: true })).toBeVisible();

  // The root expands at once.
  await page.getByRole("button", { name: "Collapse All folders" }).click();
  await expect(treeFolder(page, "Clients")).toHaveCount(0);
  await drag(page, card(page, "Echo"), treeFolder(page, "All folders"), { drop: false });
  await expect(treeFolder(page, "Clients")).toBeVisible({ timeout: 400 });
  // Echo is in the root already: this drop changes nothing.
  await page.mouse.up();
  await expect(card(page, "Echo")).toBeVisible();
});

test("S1-2.055 / S1-4.035 / S1-4.002 / a sandbox dragged onto Recently deleted, and recovered from there", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.owner);
  await page.goto("/dashboard/sandboxes");
  await drag(page, card(page, "Foxtrot"), sidebarEntry(page, "Recently deleted"), { drop: false });
  await screen(page, testInfo, "dnd-drag-onto-recently-deleted");
  await page.mouse.up();
  await expect(card(page, "Foxtrot")).toHaveCount(0);

  await sidebarEntry(page, "Recently deleted").click();
  // The section titles are for the eye: a listbox holds options only.
  await expect(page.getByText("Deleted this week", { exact: true })).toBeVisible();
  await card(page, "Foxtrot").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Recover" }).click();
  await expect(card(page, "Foxtrot")).toHaveCount(0);
  await treeFolder(page, "All folders").click();
  await expect(card(page, "Foxtrot")).toBeVisible();
  await screen(page, testInfo, "dnd-recovered");
});

test("S1-9.012 / S1-4.035 / a rectangle from empty space selects three sandboxes, dragged together onto a folder", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.owner);
  await page.goto("/dashboard/sandboxes/Batch");
  const cards = ["Kilo", "Lima", "Mike"].map((name) => card(page, name));
  for (const item of cards) await expect(item).toBeVisible();
  const first = await cards[0]!.boundingBox();
  const last = await cards[2]!.boundingBox();
  if (!first || !last) throw new Error("cards not laid out");

  // From the empty space below the row, up and left across the three cards.
  await page.mouse.move(last.x + last.width - 4, last.y + last.height + 60);
  await page.mouse.down();
  await page.mouse.move(first.x + 20, first.y + 40, { steps: 15 });
  await screen(page, testInfo, "dnd-rectangle-selection");
  await page.mouse.up();
  await expect(grid(page).locator("[role=option][aria-selected=true]")).toHaveCount(3);

  await drag(page, cards[1]!, treeFolder(page, "Clients"), { drop: false });
  await expect(page.getByTestId("drag-preview-count")).toHaveText("3");
  await expect(page.getByTestId("drag-preview-card")).toHaveCount(3);
  await screen(page, testInfo, "dnd-drag-three");
  await page.mouse.up();
  await expect(page.getByText("Successfully moved to Clients", { exact: true })).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  await expect(page.getByText("This folder is empty", { exact: true })).toBeVisible();
});

test("S1-4.004 / S1-5.017 / S1-8.019 / a drop the server refuses rolls back with the spec's toast", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.full);
  // The server's answer waits a moment, so the optimistic move can be seen.
  await page.route("**/api/graphql", async (route) => {
    if (route.request().postData()?.includes("AddToFolder"))
      await new Promise((done) => setTimeout(done, 800));
    await route.continue();
  });
  await page.goto("/dashboard/sandboxes/Work");
  await drag(page, card(page, "Overflow"), sidebarEntry(page, "Drafts"));
  await expect(page.getByText("This folder is empty", { exact: true })).toBeVisible();
  await screen(page, testInfo, "dnd-refused-optimistic");
  await expect(page.getByText(DASHBOARD_MESSAGES.draftLimit, { exact: true })).toBeVisible();
  await expect(card(page, "Overflow")).toBeVisible();
  await screen(page, testInfo, "dnd-refused-rolled-back");
});

test("S1-6.005 / S1-5.013 / a READ member cannot drag, nor gets the folder menu", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.reader);
  await page.goto(`/dashboard/sandboxes?workspace=${seeded.data.owner.teamId}`);
  await expect(card(page, "Echo")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create" })).toBeDisabled();
  await drag(page, card(page, "Echo"), treeFolder(page, "Projects"), { drop: false });
  await expect(page.getByTestId("drag-preview-card")).toHaveCount(0);
  await screen(page, testInfo, "dnd-read-member-no-drag");
  await page.mouse.up();
  await expect(card(page, "Echo")).toBeVisible();
  await treeFolder(page, "Projects").click({ button: "right" });
  await expect(page.getByRole("menu")).toHaveCount(0);
});

test("S1-6.006 / S1-2.041 / S1-2.088 / S1-5.012 / a frozen workspace: no import, create, folder menus, drags or sandbox changes", async ({
  page,
  seeded,
}, testInfo) => {
  await signIn(page, seeded.data.frozen);
  await page.goto("/dashboard/sandboxes");
  await expect(card(page, "Sierra")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "New folder" })).toBeDisabled();
  await drag(page, card(page, "Sierra"), treeFolder(page, "Vault"), { drop: false });
  await expect(page.getByTestId("drag-preview-card")).toHaveCount(0);
  await page.mouse.up();
  await card(page, "Sierra").click({ button: "right" });
  await expect(page.getByRole("menuitem")).toHaveText(["Open", "Open in a new tab", "Download"]);
  await page.keyboard.press("Escape");
  await treeFolder(page, "Vault").click({ button: "right" });
  await expect(page.getByRole("menu")).toHaveCount(0);
  await screen(page, testInfo, "dashboard-frozen");
  await page.goto("/dashboard/sandboxes/Vault");
  await expect(page.getByRole("button", { name: "Create" }).last()).toBeDisabled();
  await screen(page, testInfo, "dashboard-frozen-empty-folder");
});

test("S1-9.002 / S1-2.059 / a folder of 10,000 sandboxes scrolls, while it loads and after, with no task over 50 ms", async ({
  page,
  browser,
  seeded,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, seeded.data.many);
  // At 1 MB/s, the folder (5 MB) is still loading, page after page, while the wheel scrolls.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: 1_000_000,
    uploadThroughput: -1,
  });
  let pagesLoaded = 0;
  page.on("requestfinished", (request) => {
    if (request.postDataJSON()?.operationName === "SandboxesByPath") pagesLoaded++;
  });
  await page.goto("/dashboard/sandboxes/Many");
  await expect(card(page, "Item 00000")).toBeVisible({ timeout: 30_000 });
  expect(await grid(page).getByRole("option").count()).toBeLessThan(100);
  const main = await centre(page.locator("main"));
  await page.mouse.move(main.x, main.y);

  // Chromium's own trace of the page's main thread while the wheel scrolls down and up. A task's
  // thread time is the page's work; its wall time also counts other programs of a shared machine.
  const pagesBefore = pagesLoaded;
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline"] });
  for (const direction of [1, -1]) {
    for (let step = 0; step < 100; step++) {
      await page.mouse.wheel(0, direction * 400);
      await page.waitForTimeout(16);
    }
  }
  await page.waitForTimeout(200);
  const pagesWhileScrolling = pagesLoaded - pagesBefore;
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: {
      name: string;
      ph: string;
      pid: number;
      tid: number;
      dur?: number;
      tdur?: number;
      args?: { name?: string };
    }[];
  };
  const mainThreads = new Set(
    trace.traceEvents
      .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = trace.traceEvents.filter(
    (event) =>
      event.ph === "X" &&
      (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask") &&
      mainThreads.has(`${event.pid}:${event.tid}`),
  );
  const longest = (key: "dur" | "tdur") => Math.max(0, ...tasks.map((task) => (task[key] ?? 0) / 1000));
  testInfo.annotations.push({
    type: "main-thread tasks while scrolling",
    description: `${pagesWhileScrolling} pages of the folder loaded meanwhile; ${tasks.length} tasks; longest ${longest("tdur").toFixed(1)} ms of thread time, ${longest("dur").toFixed(1)} ms of wall time`,
  });
  await screen(page, testInfo, "dnd-many-scrolled");
  expect(tasks.length).toBeGreaterThan(100);
  expect(pagesWhileScrolling).toBeGreaterThan(0);
  expect(longest("tdur")).toBeLessThan(50);
});
