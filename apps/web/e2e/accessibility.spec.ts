import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { CLIENT_HEADER, createLocalUser, expect, newUserData, screen, test } from "./fixtures.ts";

/**
 * Issue 19, 'Accessibility and small screens': every main page has no serious or critical axe-core
 * violation, has one level-one heading and a skip link, and at 390 px is no wider than the window.
 * Screenshots at 1440, 1024 and 390 px of each. One user with a folder and sandboxes.
 */

type Setup = { username: string; teamId: string; folder: string; sandboxId: string };

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const response = await api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

async function setUp(page: Page): Promise<Setup> {
  const user = await createLocalUser(newUserData("a11y"), page.context().request);
  const teamId = user.primaryTeamId!;
  const { createCollection } = await graphql<{ createCollection: { id: string; path: string } }>(
    page.request,
    "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id path } }",
    { path: "/Client work", teamId },
  );
  let sandboxId = "";
  for (const [title, collection] of [
    ["Checkout flow", createCollection.id],
    ["Landing page", createCollection.id],
    ["Scratchpad", null],
  ] as const) {
    const response = await page.request.post("/api/v1/sandboxes/static/fork", {
      headers: CLIENT_HEADER,
      data: { title, team_id: teamId, ...(collection ? { collection_id: collection } : {}), privacy: 0 },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const sandbox = (await response.json()) as { id: string };
    sandboxId ||= sandbox.id;
  }
  return { username: user.username, teamId, folder: "Client work", sandboxId };
}

/** The main pages, and what shows that each is ready. */
function mainPages(setup: Setup): { name: string; path: string; open?: (page: Page) => Promise<void> }[] {
  return [
    { name: "recent", path: "/dashboard/recent" },
    { name: "drafts", path: "/dashboard/drafts" },
    { name: "sandboxes", path: "/dashboard/sandboxes" },
    { name: "folder", path: `/dashboard/sandboxes/${encodeURIComponent(setup.folder)}` },
    { name: "templates", path: "/dashboard/templates" },
    { name: "deleted", path: "/dashboard/deleted" },
    { name: "shared", path: "/dashboard/shared" },
    { name: "repositories", path: "/dashboard/repositories" },
    { name: "workspace-settings", path: `/workspace/${setup.teamId}` },
    { name: "sandbox", path: `/s/${setup.sandboxId}` },
    { name: "profile", path: `/u/${setup.username}` },
    {
      name: "preferences",
      path: "/dashboard/recent?preferences=appearance",
      open: async (page) => void (await page.getByRole("dialog").waitFor()),
    },
    { name: "plans", path: "/plans" },
    { name: "create-workspace", path: "/create-workspace" },
    {
      name: "notifications",
      path: "/dashboard/recent",
      open: async (page) => {
        await page.getByRole("button", { name: /^Notifications/ }).click();
        await page.getByRole("dialog", { name: "Notifications" }).waitFor();
      },
    },
  ];
}

async function ready(page: Page, path: string, open?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  if (open) await open(page);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}

test.describe("main pages", () => {
  test.describe.configure({ timeout: 240_000 });

  test("issue 19 / axe-core finds no serious or critical violation; one level-one heading and a skip link on each", async ({
    page,
  }, testInfo: TestInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const setup = await setUp(page);
    const found: string[] = [];
    for (const { name, path, open } of mainPages(setup)) {
      await ready(page, path, open);
      if (open) {
        // A dialog open over the page: it is what a screen reader reads, titled by its heading.
        await expect
          .soft(page.getByRole("dialog").getByRole("heading"), `${name}: the dialog's title`)
          .not.toHaveCount(0);
      } else {
        await expect
          .soft(page.getByRole("heading", { level: 1 }), `${name}: one level-one heading`)
          .toHaveCount(1);
        // The keyboard's first stop from the top of the page (a page may have focused a field).
        const first = await page.evaluate(
          () =>
            document.querySelector<HTMLElement>(
              "a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex='-1'])",
            )?.textContent,
        );
        expect.soft(first, `${name}: skip link first`).toBe("Skip to content");
      }
      for (const violation of await seriousViolations(page)) found.push(`${name}: ${violation}`);
      await screen(page, testInfo, `a11y-${name}-1440`);
      await page.setViewportSize({ width: 1024, height: 768 });
      await screen(page, testInfo, `a11y-${name}-1024`);
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    expect(found).toEqual([]);
  });

  test("issue 19 / at 390 px no main page is wider than the window", async ({ page }, testInfo: TestInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const setup = await setUp(page);
    const overflowing: string[] = [];
    for (const { name, path, open } of mainPages(setup)) {
      await ready(page, path, open);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) overflowing.push(`${name}: ${scrollWidth} > ${innerWidth}`);
      await screen(page, testInfo, `a11y-${name}-390`);
    }
    expect(overflowing).toEqual([]);
  });
});
