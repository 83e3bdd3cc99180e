import type { APIRequestContext, Page } from "@playwright/test";
import {
  CLIENT_HEADER,
  createLocalUser,
  expect,
  newUserData,
  screen,
  type TestUser,
  test,
} from "./fixtures.ts";

/**
 * The dashboard's pages and its everyday actions (issue 3's end-to-end list): every page with its
 * title, making and unmaking a template, the privacy of a selection, search, and switching
 * workspace. Each test makes its own user and data through the API (forks of official templates).
 */

type Folder = { id: string; path: string };

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const response = await api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

async function folder(api: APIRequestContext, teamId: string, path: string): Promise<Folder> {
  if (path === "/") {
    const data = await graphql<{ me: { collections: Folder[] } }>(
      api,
      "query($teamId: ID) { me { id collections(teamId: $teamId) { id path } } }",
      { teamId },
    );
    return data.me.collections.find((c) => c.path === "/")!;
  }
  const data = await graphql<{ createCollection: Folder }>(
    api,
    "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id path } }",
    { path, teamId },
  );
  return data.createCollection;
}

/** A fork of an official template into a folder of the workspace. */
async function fork(
  api: APIRequestContext,
  teamId: string,
  into: Folder,
  title: string,
  template = "static",
): Promise<string> {
  const response = await api.post(`/api/v1/sandboxes/${template}/fork`, {
    headers: CLIENT_HEADER,
    data: { title, team_id: teamId, collection_id: into.id, privacy: 0 },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

async function signedIn(page: Page, prefix: string): Promise<TestUser & { teamId: string }> {
  const user = await createLocalUser(newUserData(prefix), page.context().request);
  return { ...user, teamId: user.primaryTeamId! };
}

const grid = (page: Page) => page.getByRole("listbox");
const card = (page: Page, name: string) => grid(page).getByRole("option", { name, exact: true });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard navigation" });

test.describe("the dashboard", () => {
  test("S1-2.031 S1-2.036 S1-2.037 S1-2.038 S1-2.041 S1-2.044 S1-2.055 S1-2.056 / every page of the dashboard with its title", async ({
    page,
  }, testInfo) => {
    const me = await signedIn(page, "pages");
    const root = await folder(page.request, me.teamId, "/");
    await fork(page.request, me.teamId, root, "Lighthouse", "react");
    const pages: [string, string, string][] = [
      ["/dashboard/recent", "Recent", "dashboard-page-recent"],
      ["/dashboard/get-started", "Get started", "dashboard-page-get-started"],
      ["/dashboard/drafts", "Drafts", "dashboard-page-drafts"],
      ["/dashboard/templates", "Templates", "dashboard-page-templates"],
      ["/dashboard/repositories", "All repositories", "dashboard-page-repositories"],
      ["/dashboard/deleted", "Recently deleted", "dashboard-page-deleted"],
      ["/dashboard/shared", "Sandboxes shared with me", "dashboard-page-shared"],
    ];
    for (const [path, title, shot] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await screen(page, testInfo, shot);
    }
    await expect(page.getByText("There are currently no sandboxes shared with you.")).toBeVisible();
    // The folder browser names its folder in a breadcrumb ('All folders' at the root).
    await page.goto("/dashboard/sandboxes");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText("All folders");
    await expect(card(page, "Lighthouse")).toBeVisible();
    await screen(page, testInfo, "dashboard-page-sandboxes");
  });

  test("S1-4.004 S1-8.024 S1-2.073 / a sandbox made a template shows under Templates, and converted back", async ({
    page,
  }, testInfo) => {
    const me = await signedIn(page, "template");
    const root = await folder(page.request, me.teamId, "/");
    await fork(page.request, me.teamId, root, "Blueprint");
    await page.goto("/dashboard/sandboxes");
    await expect(sidebar(page).getByRole("link", { name: "Templates", exact: true })).toHaveCount(0);

    await card(page, "Blueprint").click({ button: "right" });
    await page.getByRole("menuitem", { name: "Make template" }).click();
    await expect(page.getByText("Template created", { exact: true })).toBeVisible();
    const templates = sidebar(page).getByRole("link", { name: "Templates", exact: true });
    await templates.click();
    await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
    await expect(card(page, "Blueprint")).toBeVisible();
    await screen(page, testInfo, "dashboard-template-made");

    await card(page, "Blueprint").click({ button: "right" });
    await page.getByRole("menuitem", { name: "Convert to sandbox" }).click();
    await expect(page.getByText("This workspace has no templates yet")).toBeVisible();
    await expect(templates).toHaveCount(0);
    await page.goto("/dashboard/sandboxes");
    await expect(card(page, "Blueprint")).toBeVisible();
  });

  test("S1-2.059 S1-7.034 / the privacy of a selection changes together", async ({ page }, testInfo) => {
    const me = await signedIn(page, "privacy");
    const root = await folder(page.request, me.teamId, "/");
    const ids = [
      await fork(page.request, me.teamId, root, "Harbour"),
      await fork(page.request, me.teamId, root, "Lantern"),
      await fork(page.request, me.teamId, root, "Meadow"),
    ];
    await page.goto("/dashboard/sandboxes");
    await card(page, "Harbour").click();
    await card(page, "Lantern").click({ modifiers: ["ControlOrMeta"] });
    await expect(grid(page).getByRole("option", { selected: true })).toHaveCount(2);
    await card(page, "Lantern").click({ button: "right" });
    await page.getByRole("menuitem", { name: "Unlisted" }).click();
    await expect(card(page, "Harbour").getByText("Unlisted")).toBeAttached();
    await expect(card(page, "Lantern").getByText("Unlisted")).toBeAttached();
    await expect(card(page, "Meadow").getByText("Public")).toBeAttached();
    await screen(page, testInfo, "dashboard-privacy-selection");

    const privacy = async (id: string) =>
      ((await (await page.request.get(`/api/v1/sandboxes/${id}`)).json()) as { privacy: number }).privacy;
    expect([await privacy(ids[0]!), await privacy(ids[1]!), await privacy(ids[2]!)]).toEqual([1, 1, 0]);
  });

  test("S1-2.057 S1-2.087 S1-5.006 S1-5.011 / search finds sandboxes by title and folders by path, as one types", async ({
    page,
  }, testInfo) => {
    const me = await signedIn(page, "search");
    const notes = await folder(page.request, me.teamId, "/Quokka notes");
    await fork(page.request, me.teamId, notes, "Quokka tracker");
    await fork(page.request, me.teamId, notes, "Weather station");
    await page.goto("/dashboard/recent");
    await page.getByRole("searchbox", { name: "Search in workspace" }).fill("quokka");
    await expect(page).toHaveURL(/\/dashboard\/search\?query=quokka/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Search results for quokka in Workspace" }),
    ).toBeVisible();
    await expect(card(page, "Quokka tracker")).toBeVisible();
    await expect(card(page, "Quokka notes")).toBeVisible();
    await expect(card(page, "Weather station")).toHaveCount(0);
    await screen(page, testInfo, "dashboard-search");

    await page.getByRole("searchbox", { name: "Search in workspace" }).fill("zzqxv");
    await expect(
      page.getByText("There are no sandboxes, branches or repositories that match your query"),
    ).toBeVisible();
    await page.getByRole("searchbox", { name: "Search in workspace" }).fill("");
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
  });

  test("S1-2.086 S1-4.020 S1-4.022 / switching workspace shows the other workspace's folders and sandboxes", async ({
    page,
  }, testInfo) => {
    const me = await signedIn(page, "switch");
    const team = await graphql<{ createTeam: { id: string } }>(
      page.request,
      "mutation($name: String!) { createTeam(name: $name) { id } }",
      { name: `Orchard ${me.username}` },
    );
    const personal = await folder(page.request, me.teamId, "/");
    await fork(page.request, me.teamId, personal, "Personal thing");
    const other = await folder(page.request, team.createTeam.id, "/Shared work");
    await fork(page.request, team.createTeam.id, other, "Team thing");

    await page.goto("/dashboard/sandboxes");
    await expect(card(page, "Personal thing")).toBeVisible();
    await page.getByRole("button", { name: "Switch workspace" }).click();
    await page.getByRole("menuitem", { name: new RegExp(`Orchard ${me.username}`) }).click();
    await expect(card(page, "Shared work")).toBeVisible();
    await expect(card(page, "Personal thing")).toHaveCount(0);
    await screen(page, testInfo, "dashboard-switched-workspace");

    // The choice is remembered: a reload stays in the team workspace.
    await page.reload();
    await expect(card(page, "Shared work")).toBeVisible();
    await page.goto("/dashboard/sandboxes/Shared%20work");
    await expect(card(page, "Team thing")).toBeVisible();
  });
});
