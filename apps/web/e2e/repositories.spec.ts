import type { Page } from "@playwright/test";
import { type GithubStandIn, startGithubStandIn } from "../../server/test/standins/github.ts";
import { test as base, CLIENT_HEADER, expect, screen } from "./fixtures.ts";
import type { SeededRepositories, SeededUser } from "./seeded/seeded-types.ts";
import { type SeededServer, startSeededServer } from "./seeded/seededServer.ts";

/**
 * Repositories end to end (spec 1 §2, §6; spec 2 §2.4, §4): a server of this spec's own whose
 * GitHub is the local stand-in (its REST endpoints, its OAuth flow, and git over smart HTTP from
 * local bare repositories). The owner links GitHub through the sign-in flow, imports through the
 * dialog, browses the repository page, creates a branch (checked on the remote), forks a
 * read-only repository into a contribution, and meets the frozen workspace and READ rules.
 */
type Stand = { github: GithubStandIn; server: SeededServer<SeededRepositories> };

const test = base.extend<object, { stand: Stand }>({
  stand: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const github = await startGithubStandIn();
      const repos = github.repos;
      await repos.createRepository({
        owner: "octo-ada",
        name: "rocket",
        branches: {
          "feature-login": { "login.ts": "export const login = true;\n" },
          "fix-typo": { "README.md": "# rocket, fixed\n" },
          "chore-deps": { "package.json": "{}\n" },
        },
      });
      repos.addPullRequest({
        owner: "octo-ada",
        repo: "rocket",
        number: 3,
        title: "Fix the typo",
        head: "fix-typo",
        additions: 1,
        deletions: 1,
      });
      repos.addPullRequest({
        owner: "octo-ada",
        repo: "rocket",
        number: 7,
        title: "Sign in with e-mail",
        head: "feature-login",
        additions: 42,
        deletions: 5,
      });
      await repos.createRepository({ owner: "octo-ada", name: "apollo-notes", installed: false });
      repos.organization("acme", ["octo-ada"]);
      await repos.createRepository({ owner: "acme", name: "Widgets" });
      // A public repository octo-ada can only read: the dialog offers to fork it.
      await repos.createRepository({ owner: "upstream", name: "library" });
      const server = await startSeededServer<SeededRepositories>({
        seedScript: "seed-repositories.ts",
        env: { ...github.env, ...github.appEnv },
      });
      await use({ github, server });
      await server.stop();
      await github.close();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ stand }, use) => use(stand.server.url),
});
test.describe.configure({ mode: "serial" });

async function signIn(page: Page, user: SeededUser) {
  const response = await page.request.post("/api/v1/auth/local/signin", {
    headers: CLIENT_HEADER,
    data: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Links the stand-in's GitHub account to the signed-in user, as the permissions popup does. */
async function linkGithub(page: Page, scopes: string) {
  await page.goto(`/auth/github?version=2&scope=${encodeURIComponent(scopes)}`);
  await page.waitForLoadState("load");
}

const importDialog = (page: Page) => page.getByRole("dialog", { name: "Import repository" });

test("S1-2.046 / S2-2.022 / S2-8.003 before GitHub is linked: empty All repositories; the organization search finds no organizations", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await page.goto("/dashboard/repositories");
  await expect(page.getByRole("heading", { name: "No repositories yet" })).toBeVisible();
  await expect(page.getByText("How importing works")).toBeVisible();
  await screen(page, testInfo, "repositories-empty");
  await page.getByRole("button", { name: "Import from GitHub" }).click();
  await expect(importDialog(page).getByText("No organizations found")).toBeVisible();
  await expect(importDialog(page).getByRole("button", { name: "Connect GitHub" })).toBeVisible();
  await screen(page, testInfo, "import-no-github");
});

test("S1-2.047 / S1-6.012 / S2-2.014 / S2-2.022 / S2-4.002 a grant without repo or public_repo: the permission strip, and the dialog's permissions step", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await linkGithub(page, "user:email read:org");
  await page.goto("/dashboard/repositories");
  const strip = page.getByRole("status").filter({ hasText: "Adjust the GitHub permissions" });
  await expect(strip).toBeVisible();
  await expect(strip.getByRole("button", { name: "Authorize all repositories" })).toBeVisible();
  await expect(strip.getByRole("button", { name: "Only public repositories" })).toBeVisible();
  await screen(page, testInfo, "repositories-permission-strip");
  await page.getByRole("button", { name: "Import from GitHub" }).click();
  const dialog = importDialog(page);
  await expect(dialog.getByRole("heading", { name: "Allow access to your repositories" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Authorize all repositories" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Only public repositories" })).toBeVisible();
  await screen(page, testInfo, "import-permissions");
});

test("S2-2.016 / S2-2.020 / S2-4.002 / S1-2.044 / S1-2.045 import through the dialog: search the account, configure, land on the new branch", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await linkGithub(page, "user:email repo read:org workflow");
  await page.goto("/dashboard/recent");
  await page.getByRole("banner").getByRole("button", { name: "Import" }).click();
  const dialog = importDialog(page);
  await expect(dialog.getByRole("tab", { name: "Search in organizations" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(dialog.getByRole("tab", { name: "Find by URL" })).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Start from a template" })).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Import template" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import octo-ada/rocket" })).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search repositories" }).fill("zzz-nothing");
  await expect(
    dialog.getByText(
      "No repository matching the search. Please double check the repository name or try the Find by URL option.",
    ),
  ).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Search repositories" }).fill("rock");
  await screen(page, testInfo, "import-select");
  await dialog.getByRole("button", { name: "Import octo-ada/rocket" }).click();

  const form = dialog.getByRole("form", { name: "Import octo-ada/rocket" });
  await expect(form.getByLabel("Workspace")).toBeVisible();
  await expect(form.getByLabel("VM tier")).toBeVisible();
  await screen(page, testInfo, "import-config");
  await form.getByRole("button", { name: "Import repository" }).click();

  await expect(page).toHaveURL(/\/dashboard\/repositories\/octo-ada\/rocket\?branch=main&import=true$/);
  await expect(page.getByText("octo-ada/rocket was imported.")).toBeVisible();
  await expect(page.locator('[data-testid="branch-row"][aria-current="true"]')).toHaveAttribute(
    "data-branch",
    "main",
  );

  // Two more, through the other tabs: an organisation's repository, and one whose App is missing.
  await page.getByRole("banner").getByRole("button", { name: "Import" }).click();
  await dialog.getByLabel("Account").selectOption("acme");
  await dialog.getByRole("button", { name: "Import acme/Widgets" }).click();
  await dialog.getByRole("button", { name: "Import repository" }).click();
  await expect(page).toHaveURL(/\/dashboard\/repositories\/acme\/Widgets\?/);

  await page.getByRole("banner").getByRole("button", { name: "Import" }).click();
  await dialog.getByRole("tab", { name: "Find by URL" }).click();
  await dialog.getByLabel("Repository URL").fill("https://github.com/octo-ada/apollo-notes");
  await expect(dialog.getByText("You can import it")).toBeVisible();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByRole("button", { name: "Import repository" }).click();
  await expect(page).toHaveURL(/\/dashboard\/repositories\/octo-ada\/apollo-notes\?/);

  // All repositories: the tile first, then by name whatever the case.
  await page.goto("/dashboard/repositories");
  const grid = page.getByRole("list", { name: "All repositories" });
  await expect(grid.locator("li").first()).toContainText("Import repository");
  await expect(grid.getByTestId("repository-item")).toHaveCount(3);
  const names = await grid
    .getByTestId("repository-item")
    .evaluateAll((items) => items.map((item) => item.querySelector("a")?.getAttribute("aria-label")));
  expect(names).toEqual(["octo-ada/apollo-notes", "octo-ada/rocket", "acme/Widgets"]);
  // The sidebar lists them, expanded at 5 or fewer.
  const sidebar = page.getByRole("navigation", { name: "Dashboard navigation" });
  await expect(sidebar.getByRole("link", { name: "rocket" })).toBeVisible();
  await screen(page, testInfo, "repositories-grid");

  // Already imported: the dialog says where, with a link.
  await page.getByRole("button", { name: "Import repository" }).first().click();
  await dialog.getByRole("button", { name: "Import octo-ada/rocket" }).click();
  // The primary workspace, and the frozen one that had it before its freeze.
  const already = dialog.getByText(
    /This repository has already been imported into some of your workspaces, open it on:/,
  );
  await expect(already).toBeVisible();
  await expect(already.getByRole("link")).toHaveCount(2);
  await screen(page, testInfo, "import-already-imported");
});

test("S1-2.048 / S1-2.049 / S1-2.050 / S1-2.051 / S1-2.052 / S1-2.053 / S1-2.095 the repository page orders branches and creates one on the remote", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await page.goto("/dashboard/repositories/octo-ada/rocket");
  const rows = page.getByTestId("branch-row");
  await expect(rows).toHaveCount(4);
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-branch")))).toEqual([
    "main",
    "feature-login",
    "fix-typo",
    "chore-deps",
  ]);
  await expect(rows.nth(1)).toContainText("#7 Sign in with e-mail");
  await expect(rows.nth(1)).toContainText("+42");
  await screen(page, testInfo, "repository-branches");

  await page.getByRole("button", { name: "Create branch" }).click();
  await expect(page).toHaveURL(/\/dashboard\/repositories\/octo-ada\/rocket\?branch=/);
  const created = new URL(page.url()).searchParams.get("branch")!;
  await expect(page.locator(`[data-testid="branch-row"][data-branch="${created}"]`)).toHaveAttribute(
    "aria-current",
    "true",
  );
  const heads = await stand.github.repos.git.heads("octo-ada", "rocket");
  expect(heads.has(created)).toBe(true);
  expect(heads.get(created)).toBe(heads.get("main"));
  await screen(page, testInfo, "repository-branch-created");

  // A branch the user opened comes after the pull requests, before the other remote branches.
  await page.locator('[data-testid="branch-row"][data-branch="chore-deps"] a').first().click();
  await page.reload();
  await expect
    .poll(async () => rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-branch"))))
    .toEqual(["main", "feature-login", "fix-typo", "chore-deps", created]);

  // The App missing: a warning with an install action.
  await page.goto("/dashboard/repositories/octo-ada/apollo-notes");
  await expect(page.getByRole("alert").filter({ hasText: "GitHub App is not installed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Install the GitHub App" })).toBeVisible();
  await screen(page, testInfo, "repository-app-missing");
});

test("S1-2.032 Recent shows 'Create a new branch' with the repositories of recent branches", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await page.goto("/dashboard/recent");
  const carousel = page.getByRole("region", { name: "Create a new branch" });
  await expect(carousel.getByRole("link", { name: "octo-ada/rocket" })).toBeVisible();
  await screen(page, testInfo, "recent-create-branch");
});

test("S2-2.020 / S2-4.003 / S2-5.001 / S1-2.043 / S1-2.069 fork a read-only repository into a contribution branch; My contributions lists it", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await page.goto("/dashboard/my-contributions");
  await expect(page.getByRole("heading", { name: "Start contributing" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Suggested repositories" }).getByRole("button")).toHaveCount(3);
  await screen(page, testInfo, "contributions-empty");

  await page.goto("/dashboard/recent?import_repo=upstream/library");
  const dialog = importDialog(page);
  const fork = dialog.getByRole("form", { name: "Fork upstream/library" });
  await expect(fork.getByRole("heading", { name: "Fork repository" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/recent$/);
  const validity = fork.getByTestId("fork-validity");
  await expect(validity).toHaveAttribute("data-state", "valid");
  await fork.getByLabel("Repository name").fill("");
  await expect(validity).toHaveAttribute("data-state", "idle");
  await expect(fork.getByRole("button", { name: "Fork repository" })).toBeDisabled();
  await fork.getByLabel("Repository name").fill("rocket");
  await expect(validity).toHaveAttribute("data-state", "invalid");
  await expect(fork.getByRole("button", { name: "Fork repository" })).toBeDisabled();
  await screen(page, testInfo, "fork-invalid");
  await fork.getByLabel("Repository name").fill("library-fork");
  await expect(validity).toHaveAttribute("data-state", "valid");
  await screen(page, testInfo, "fork-valid");
  await fork.getByRole("button", { name: "Fork repository" }).click();
  await expect(page).toHaveURL(/\/dashboard\/repositories\/octo-ada\/library-fork\?.*import=true/);

  await page.goto("/dashboard/my-contributions");
  await page.getByRole("link", { name: "octo-ada/library-fork" }).click();
  await expect(page.getByTestId("branch-row")).toHaveCount(1);
  await expect(page.getByTestId("branch-row")).toContainText("Contribution");
  await screen(page, testInfo, "contributions");
});

test("S2-2.019 / S2-2.021 / S1-2.054 / S1-2.074 Import template makes a synced template; Imported templates lists its repository, then the template", async ({
  page,
  stand,
}, testInfo) => {
  await signIn(page, stand.server.data.owner);
  await page.goto("/dashboard/recent");
  await page.getByRole("banner").getByRole("button", { name: "Import" }).click();
  const dialog = importDialog(page);
  await dialog.getByRole("tab", { name: "Import template" }).click();
  const open = dialog.getByRole("button", { name: "Open URL" });
  await dialog.getByLabel("GitHub URL").fill("rocket");
  await expect(open).toBeDisabled();
  await dialog.getByLabel("GitHub URL").fill("https://github.com/octo-ada/rocket/tree/feature-login");
  await expect(dialog.getByTestId("template-url")).toHaveText(
    `${stand.server.url}/s/github/octo-ada/rocket/tree/feature-login`,
  );
  await screen(page, testInfo, "import-template");
  await open.click();
  await expect(page).toHaveURL(/\/s\//);

  await page.goto("/dashboard/recent");
  const sidebar = page.getByRole("navigation", { name: "Dashboard navigation" });
  await sidebar.getByRole("link", { name: "Imported templates" }).click();
  await expect(page).toHaveURL(/\/dashboard\/synced-sandboxes$/);
  await page.getByRole("link", { name: "octo-ada/rocket" }).click();
  await expect(page).toHaveURL(/\/dashboard\/synced-sandboxes\/octo-ada\/rocket$/);
  await expect(page.getByRole("option", { name: "octo-ada/rocket (feature-login)" })).toBeVisible();
  await screen(page, testInfo, "synced-sandboxes");
});

test("S1-6.006 / S2-6.012 / S1-2.088 / S1-6.007 a frozen workspace disables Import, Create branch and Fork; it has no My contributions", async ({
  page,
  stand,
}, testInfo) => {
  const { owner, frozenTeamId } = stand.server.data;
  await signIn(page, owner);
  await page.goto(`/dashboard/repositories?workspace=${frozenTeamId}`);
  await expect(page.getByRole("link", { name: "octo-ada/rocket" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Import" })).toBeDisabled();
  await expect(
    page.getByRole("list", { name: "All repositories" }).getByRole("button", { name: "Import repository" }),
  ).toBeDisabled();
  const sidebar = page.getByRole("navigation", { name: "Dashboard navigation" });
  await expect(sidebar.getByRole("link", { name: "My contributions" })).toHaveCount(0);
  await screen(page, testInfo, "repositories-frozen");

  await page.getByRole("link", { name: "octo-ada/rocket" }).click();
  await expect(page.getByTestId("branch-row").first()).toHaveAttribute("data-branch", "main");
  await expect(page.getByRole("button", { name: "Create branch" })).toBeDisabled();
  await screen(page, testInfo, "repository-frozen");

  // The fork form in the frozen workspace: Fork stays disabled.
  await page.goto(`/dashboard/recent?import_repo=upstream/library`);
  const fork = importDialog(page).getByRole("form", { name: "Fork upstream/library" });
  await fork.getByLabel("Repository name").fill("library-frozen");
  await expect(fork.getByTestId("fork-validity")).toHaveAttribute("data-state", "valid");
  await fork.getByLabel("Workspace").selectOption(frozenTeamId);
  await expect(fork.getByText("This workspace is frozen: importing and forking are disabled.")).toBeVisible();
  await expect(fork.getByRole("button", { name: "Fork repository" })).toBeDisabled();
  await screen(page, testInfo, "fork-frozen");
});

test("S1-6.005 / S1-2.088 a READ member cannot import", async ({ page, stand }, testInfo) => {
  await signIn(page, stand.server.data.reader);
  await page.goto(`/dashboard/repositories?workspace=${stand.server.data.owner.teamId}`);
  await expect(page.getByRole("banner").getByRole("button", { name: "Import" })).toBeDisabled();
  const tile = page
    .getByRole("list", { name: "All repositories" })
    .getByRole("button", { name: "Import repository" });
  await expect(tile).toBeDisabled();
  await screen(page, testInfo, "repositories-reader");
});
