import type { APIRequestContext, Page } from "@playwright/test";
import {
  CLIENT_HEADER,
  createLocalUser,
  expect,
  newUserData,
  screen,
  type TestUser,
  test,
  uniqueId,
} from "./fixtures.ts";

/**
 * Account, profile, likes, uploads and feedback (spec 1 §2 user menu, spec 2 §2.5, §2.6, §4, §8),
 * each test as a fresh user signed in through the page's own request context (its cookies are the
 * browser's), so that renaming or deleting never touches the shared signed-in user.
 */

type Sandbox = { id: string; alias: string; title: string };

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const response = await api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors[0]!.message);
  return body.data;
}

/** Public sandboxes in a folder of the user's workspace (forks of the official React template). */
async function publicSandboxes(api: APIRequestContext, teamId: string, titles: string[]) {
  const created = await graphql<{ createCollection: { id: string } }>(
    api,
    "mutation($path: String!, $teamId: UUID4) { createCollection(path: $path, teamId: $teamId) { id } }",
    { path: `/Profile ${uniqueId("f")}`, teamId },
  );
  const sandboxes: Sandbox[] = [];
  for (const title of titles) {
    const fork = await api.post("/api/v1/sandboxes/react/fork", {
      headers: CLIENT_HEADER,
      data: { title, team_id: teamId, collection_id: created.createCollection.id, privacy: 0 },
    });
    expect(fork.status()).toBe(200);
    sandboxes.push((await fork.json()) as Sandbox);
  }
  return sandboxes;
}

async function signedIn(page: Page, prefix: string): Promise<TestUser & { primaryTeamId: string }> {
  const user = await createLocalUser(newUserData(prefix), page.context().request);
  return user as TestUser & { primaryTeamId: string };
}

async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test.describe("account and profile", () => {
  test("S2-2.028 S1-5.002 S1-7.036 / change the username in Preferences, after confirming that links must be updated", async ({
    page,
  }, testInfo) => {
    const user = await signedIn(page, "rename");
    await page.goto("/dashboard/recent");
    await openUserMenuItem(page, "User settings");
    const dialog = page.getByRole("dialog", { name: "Preferences" });
    await expect(dialog.getByRole("tab", { name: "Account", selected: true })).toBeVisible();
    await expect(dialog.getByText(user.email)).toBeVisible();
    await screen(page, testInfo, "account-preferences");

    await dialog.getByRole("button", { name: "Edit" }).click();
    const next = `${user.username}-new`;
    await dialog.getByLabel("Username", { exact: true }).fill(next);
    await dialog.getByLabel("Name", { exact: true }).fill("Renamed Person");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("alertdialog", { name: "Change Username" })).toContainText(
      "must be updated",
    );
    await screen(page, testInfo, "account-change-username-confirm");
    await dialog.getByRole("button", { name: "Change Username" }).click();
    await expect(page.getByText("Your profile was updated.").first()).toBeVisible();
    await expect(dialog.getByText(`@${next}`)).toBeVisible();

    await page.goto(`/u/${next}`);
    await expect(page.getByRole("heading", { level: 1, name: "Renamed Person" })).toBeVisible();
    await page.goto(`/u/${user.username}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Whoops, page not found");
  });

  test("S2-4.007 S2-9.012 / request account deletion: confirmation, signed out; signed in again, undo it", async ({
    page,
  }, testInfo) => {
    const user = await signedIn(page, "closing");
    await page.goto("/dashboard/recent?preferences=account");
    const dialog = page.getByRole("dialog", { name: "Preferences" });
    await expect(page).toHaveURL(/\/dashboard\/recent$/);
    await dialog.getByRole("button", { name: "Request account deletion" }).click();
    const closing = page.getByRole("dialog", { name: "Delete your account" });
    await expect(closing).toContainText("within 3 working days");
    await screen(page, testInfo, "account-deletion-confirm");
    await closing.getByRole("button", { name: "Request account deletion" }).click();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/signin"));
    expect((await page.context().request.get("/api/v1/users/current")).status()).toBe(401);

    const signin = await page.context().request.post("/api/v1/auth/local/signin", {
      headers: CLIENT_HEADER,
      data: { email: user.email, password: user.password },
    });
    expect(signin.status()).toBe(200);
    await page.goto("/dashboard/recent?preferences=account");
    const preferences = page.getByRole("dialog", { name: "Preferences" });
    await expect(preferences.getByText("Your account will be deleted within 3 working days.")).toBeVisible();
    await screen(page, testInfo, "account-deletion-requested");
    await preferences.getByRole("button", { name: "Undo account deletion" }).click();
    await page
      .getByRole("dialog", { name: "Keep your account" })
      .getByRole("button", { name: "Undo account deletion" })
      .click();
    await expect(page.getByText("Your account will not be deleted.").first()).toBeVisible();
    const me = await (await page.context().request.get("/api/v1/users/current")).json();
    expect(me.deletionRequested).toBe(false);
  });

  test("S2-2.029 S2-7.009 S1-6.013 / pin public sandboxes on the profile, reorder them by drag, and the order is kept", async ({
    page,
  }, testInfo) => {
    const user = await signedIn(page, "pins");
    const [first, second] = await publicSandboxes(page.context().request, user.primaryTeamId, [
      `First ${uniqueId("s")}`,
      `Second ${uniqueId("s")}`,
    ]);
    await page.goto(`/u/${user.username}`);
    const all = page.getByRole("tabpanel");
    await all.getByRole("article", { name: first!.title }).getByRole("button", { name: "Pin" }).click();
    await all.getByRole("article", { name: second!.title }).getByRole("button", { name: "Pin" }).click();
    const pinned = page.getByRole("list", { name: "Pinned sandboxes" });
    await expect(pinned.getByRole("article")).toHaveCount(2);
    await expect(pinned.getByRole("article").first()).toHaveAttribute("aria-label", first!.title);
    await screen(page, testInfo, "profile-pinned");

    // Drag the second onto the first.
    const handle = pinned.getByRole("button", { name: `Move ${second!.title}` });
    const target = pinned.getByRole("article", { name: first!.title });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(pinned.getByRole("article").first()).toHaveAttribute("aria-label", second!.title);

    await expect
      .poll(
        async () =>
          (await (await page.context().request.get(`/api/v1/users/${user.username}`)).json())
            .featuredSandboxes,
      )
      .toEqual([second!.id, first!.id]);
    await page.reload();
    await expect(
      page.getByRole("list", { name: "Pinned sandboxes" }).getByRole("article").first(),
    ).toHaveAttribute("aria-label", second!.title);
    await screen(page, testInfo, "profile-reordered");

    // The picker: folders rooted at 'All Sandboxes'.
    await page.getByRole("button", { name: "Showcase a sandbox" }).click();
    const picker = page.getByRole("dialog", { name: "Showcase a sandbox" });
    await expect(picker.getByRole("button", { name: "All Sandboxes" })).toBeVisible();
    await screen(page, testInfo, "profile-picker");
    await picker
      .getByRole("article", { name: first!.title })
      .getByRole("button", { name: "Showcase" })
      .click();
    await expect(
      page.getByRole("region", { name: "Showcase" }).getByRole("article", { name: first!.title }),
    ).toBeVisible();
  });

  test("S1-3.012 S2-7.008 / like a sandbox on its page and find it under Liked on the profile", async ({
    page,
  }, testInfo) => {
    const user = await signedIn(page, "likes");
    const [sandbox] = await publicSandboxes(page.context().request, user.primaryTeamId, [
      `Liked ${uniqueId("s")}`,
    ]);
    await page.goto(`/s/${sandbox!.alias}`);
    const like = page.getByRole("button", { name: "Like", exact: true });
    await like.click();
    await expect(page.getByRole("button", { name: "Unlike" })).toHaveAttribute("aria-pressed", "true");
    await screen(page, testInfo, "sandbox-liked");

    await page.goto(`/u/${user.username}`);
    await page.getByRole("tab", { name: "Liked" }).click();
    await expect(page.getByRole("tabpanel").getByRole("article", { name: sandbox!.title })).toContainText(
      /(?<!\d)1 like(?!s)/,
    );
    await screen(page, testInfo, "profile-liked");
  });

  test("S2-3.009 S2-7.004 S2-7.005 / upload a file in Storage and delete it", async ({ page }, testInfo) => {
    await signedIn(page, "files");
    await page.goto("/dashboard/recent");
    await openUserMenuItem(page, "Storage");
    const dialog = page.getByRole("dialog", { name: "Storage" });
    await expect(dialog.getByText("0 B / 20 GB used")).toBeVisible();
    await dialog.getByLabel("File to upload").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Remember the milk"),
    });
    await expect(dialog.getByRole("link", { name: "notes.txt" })).toBeVisible();
    await expect(dialog.getByText("17 B / 20 GB used")).toBeVisible();
    const href = await dialog.getByRole("link", { name: "notes.txt" }).getAttribute("href");
    const served = await page.context().request.get(href!);
    expect(await served.text()).toBe("Remember the milk");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    await screen(page, testInfo, "storage-uploaded");
    await dialog.getByRole("button", { name: "Delete notes.txt" }).click();
    await expect(dialog.getByText("You haven't uploaded any files.")).toBeVisible();
  });

  test("S1-2.099 / send feedback from the user menu", async ({ page }, testInfo) => {
    await signedIn(page, "feedback");
    await page.goto("/dashboard/recent");
    await openUserMenuItem(page, "Feedback");
    const dialog = page.getByRole("dialog", { name: "Feedback" });
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please tell us what you think.");
    await dialog.getByLabel("Your feedback").fill("The profile pages are lovely.");
    await screen(page, testInfo, "feedback");
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Thanks for your feedback!").first()).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
