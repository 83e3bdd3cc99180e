import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL, RUNTIME_TOKEN } from "./env.ts";
import {
  CLIENT_HEADER,
  createLocalUser,
  decideCookieBanner,
  expect,
  newUserData,
  screen,
  type TestUser,
  test,
} from "./fixtures.ts";

// Plans, checkout with the local payments adapter (Boxyard's own checkout page), add-ons, the
// spending limit, and a workspace frozen at its credit limit (spec 2 §2.8–§2.11, §4, §5, §8, §9).

type Person = { user: TestUser; api: APIRequestContext };

async function person(prefix: string): Promise<Person> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const user = await createLocalUser(newUserData(prefix), api);
  return { user, api };
}

async function browserOf(browser: Browser, who: Person): Promise<Page> {
  const context = await browser.newContext({ storageState: await who.api.storageState() });
  await decideCookieBanner(context);
  return context.newPage();
}

type TeamFacts = {
  name: string;
  subscription: { status: string } | null;
  metadata: { useCases: string[] };
  limits: { includedCredits: number; onDemandSpendingLimit: number };
  frozen: boolean;
};

async function teamFacts(who: Person, teamId: string): Promise<TeamFacts> {
  const response = await who.api.post("/api/graphql", {
    headers: CLIENT_HEADER,
    data: {
      query: `query($teamId: UUID4!) { me { team(id: $teamId) { name frozen subscription { status }
        metadata { useCases } limits { includedCredits onDemandSpendingLimit } } } }`,
      variables: { teamId },
    },
  });
  const body = (await response.json()) as { data: { me: { team: TeamFacts } } };
  return body.data.me.team;
}

/** Pro through the API, the way the local checkout page does it: start a checkout, confirm it. */
async function upgradeToPro(who: Person, teamId: string) {
  const checkout = await who.api.post("/api/checkout", {
    headers: { ...CLIENT_HEADER, "x-boxyard-api-version": "2024-01-20" },
    data: { team_id: teamId, plan: "flex", billing_interval: "monthly", addons: [] },
  });
  expect(checkout.ok()).toBe(true);
  const { stripeCheckoutUrl } = (await checkout.json()) as { stripeCheckoutUrl: string };
  const sessionId = new URL(stripeCheckoutUrl).pathname.split("/").pop()!;
  const confirm = await who.api.post(`/api/v1/billing/checkout/${sessionId}/confirm`, {
    headers: CLIENT_HEADER,
  });
  expect(confirm.ok()).toBe(true);
}

/** The devbox runtime (BOXYARD_RUNTIME_TOKEN): a Nano devbox of the workspace that ran `hours`. */
async function runDevbox(who: Person, teamId: string, hours: number) {
  const fork = await who.api.post("/api/v1/sandboxes/node/fork", {
    headers: CLIENT_HEADER,
    data: { title: "Runner", team_id: teamId, v2: true, privacy: 2 },
  });
  expect(fork.ok()).toBe(true);
  const devbox = (await fork.json()) as { id: string };
  const runtime = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { authorization: `Bearer ${RUNTIME_TOKEN}`, ...CLIENT_HEADER },
  });
  const startedAt = new Date(Date.now() - hours * 3_600_000).toISOString();
  const started = await runtime.post(`/api/v1/runtime/devboxes/${devbox.id}/started`, {
    data: { vm_tier: 1, started_at: startedAt },
  });
  expect(started.ok()).toBe(true);
  expect((await runtime.post(`/api/v1/runtime/devboxes/${devbox.id}/stopped`, { data: {} })).ok()).toBe(true);
  return { devboxId: devbox.id, runtime };
}

test.describe("billing", () => {
  test("S2-2.036 S2-2.038 S2-2.041 S2-2.039 S2-2.051 S2-5.009 / a workspace is created through every step, checked out with Boxyard's own checkout page, and opens with new_workspace=true", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-create");
    const page = await browserOf(browser, owner);
    const name = `Acme ${Date.now().toString(36)}`;

    await page.goto("/create-workspace");
    await expect(page.getByRole("heading", { name: "Create a workspace" })).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Workspace name cannot be empty.")).toBeVisible();
    await page.getByLabel("Workspace name").fill(name);
    await screen(page, testInfo, "billing-create-name");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByRole("heading", { name: "What will you use this workspace for?" })).toBeVisible();
    await expect(page).toHaveURL(/\/create-workspace\?workspace=[0-9a-f-]{36}$/);
    const teamId = new URL(page.url()).searchParams.get("workspace")!;
    await page.getByLabel("Teach").check();
    await page.getByLabel("Code with AI").check();
    await screen(page, testInfo, "billing-create-usecases");
    await page.getByRole("button", { name: "Next" }).click();

    const plans = page.getByRole("list", { name: "Plans" });
    await expect(plans.getByRole("listitem", { name: "Build" })).toBeVisible();
    await plans.getByRole("button", { name: "Choose Pro" }).click();
    const summary = page.getByRole("complementary", { name: "Checkout summary" });
    await expect(summary.getByTestId("summary-total")).toHaveText("$12/month");
    await page.getByRole("button", { name: "Add one 500 credits add-on" }).click();
    await expect(summary.getByTestId("summary-total")).toHaveText("$21/month");
    await expect(summary.getByTestId("summary-credits")).toHaveText("1,500");
    await screen(page, testInfo, "billing-create-plans");
    await page.getByRole("button", { name: "Next" }).click();

    // The limit is Pro's (up to $1,000, not Free's $100): it goes with the checkout and starts with the plan.
    const limit = page.getByLabel("Spending limit ($)");
    await limit.fill("1500");
    await expect(
      page.getByText(
        "For the first two billing cycles, the maximum limit is $1000. If you need a higher limit, contact us.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await limit.fill("250");
    await expect(page.getByText("It is set when your plan starts.", { exact: false })).toBeVisible();
    await screen(page, testInfo, "billing-create-spending-limit");
    expect((await teamFacts(owner, teamId)).limits.onDemandSpendingLimit).toBe(0);
    await page.getByRole("button", { name: "Next" }).click();

    await page.waitForURL(/\/billing\/checkout\/cs_local_[0-9a-f]+$/);
    await expect(page.getByRole("heading", { name: "Confirm your order" })).toBeVisible();
    await expect(page.getByTestId("summary-total")).toHaveText("$21/month");
    await expect(
      page.getByText("Spending limit: $250 a billing cycle, from when the plan starts."),
    ).toBeVisible();
    await screen(page, testInfo, "billing-create-checkout");
    await page.getByRole("button", { name: "Confirm order" }).click();

    await page.waitForURL(`**/dashboard/recent?workspace=${teamId}&new_workspace=true`);
    // 1,500 included credits, plus the 16,666 on-demand credits $250 buy on Pro (spec 1 §6).
    await expect(page.getByRole("region", { name: "Credits" })).toContainText("0 / 18,166");
    await screen(page, testInfo, "billing-create-done");

    const facts = await teamFacts(owner, teamId);
    expect(facts).toMatchObject({
      name,
      subscription: { status: "ACTIVE" },
      metadata: { useCases: ["Teach", "Code with AI"] },
      limits: { includedCredits: 1500, onDemandSpendingLimit: 250 },
    });
    await owner.api.dispose();
  });

  test("S2-2.037 / signed-out visitors of the flows are sent to sign-in, keeping the path and query", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await decideCookieBanner(context);
    const page = await context.newPage();
    await page.goto("/create-workspace?workspace=abc");
    await page.waitForURL(/\/signin\?continue=/);
    expect(new URL(page.url()).searchParams.get("continue")).toBe("/create-workspace?workspace=abc");
    await page.goto("/upgrade?plan=flex&interval=year");
    await page.waitForURL(/\/signin\?continue=/);
    expect(new URL(page.url()).searchParams.get("continue")).toBe("/upgrade?plan=flex&interval=year");
    await context.close();
  });

  test("S2-2.040 / dismissing the create-workspace flow deletes the workspace it made", async ({
    browser,
  }) => {
    const owner = await person("bill-dismiss");
    const page = await browserOf(browser, owner);
    await page.goto("/create-workspace");
    await page.getByLabel("Workspace name").fill("Throwaway");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/workspace=/);
    const teamId = new URL(page.url()).searchParams.get("workspace")!;
    await page.getByRole("button", { name: "Dismiss", exact: true }).click();
    await page.waitForURL(/\/dashboard\/recent/);
    const response = await owner.api.post("/api/graphql", {
      headers: CLIENT_HEADER,
      data: { query: "query($id: UUID4!) { me { team(id: $id) { id } } }", variables: { id: teamId } },
    });
    expect(((await response.json()) as { data: { me: { team: unknown } } }).data.me.team).toBeNull();
    await owner.api.dispose();
  });

  test("S2-1.006 S2-2.043 S2-2.049 S2-2.050 S2-2.048 S2-4.013 S1-2.077 S1-2.065 S1-2.018 / a free workspace upgrades to Pro with an add-on, then changes its add-ons in 'Update plan'", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-upgrade");
    const teamId = owner.user.primaryTeamId!;
    const page = await browserOf(browser, owner);

    await page.goto("/dashboard/recent");
    const credits = page.getByRole("region", { name: "Credits" });
    await expect(credits).toContainText("0 / 400");
    await expect(credits).toContainText("40 hours of runtime left");
    await screen(page, testInfo, "billing-upgrade-sidebar-free");
    const sidebarUpgrade = page
      .getByRole("navigation", { name: "Dashboard navigation" })
      .getByRole("link", { name: "Upgrade", exact: true })
      .first();
    await expect(sidebarUpgrade).toHaveAttribute("href", `/upgrade?workspace=${teamId}&source=sidebar`);
    await sidebarUpgrade.click();

    await expect(page).toHaveURL(/\/upgrade\?workspace=/);
    const plans = page.getByRole("list", { name: "Plans" });
    await expect(plans.getByRole("listitem", { name: "Build" })).toHaveCount(0);
    const summary = page.getByRole("complementary", { name: "Checkout summary" });
    await expect(summary.getByTestId("summary-total")).toHaveText("$12/month");
    await page.getByRole("button", { name: "Add one 4,000 credits add-on" }).click();
    await expect(summary.getByTestId("summary-total")).toHaveText("$62/month");
    await expect(summary.getByTestId("summary-credits")).toHaveText("5,000");
    await page.getByRole("radio", { name: "Yearly" }).check();
    await expect(summary.getByTestId("summary-total")).toHaveText("$708/year");
    await page.getByRole("radio", { name: "Monthly" }).check();
    await screen(page, testInfo, "billing-upgrade-plans");
    // Below 950 px the steps are hidden and the summary goes under the step.
    await page.setViewportSize({ width: 760, height: 900 });
    await screen(page, testInfo, "billing-upgrade-plans-narrow");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("Spending limit ($)")).toHaveValue("0");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.waitForURL(/\/billing\/checkout\/cs_local_/);
    await expect(page.getByTestId("summary-total")).toHaveText("$62/month");
    await screen(page, testInfo, "billing-upgrade-checkout");
    await page.getByRole("button", { name: "Confirm order" }).click();
    await page.waitForURL(`**/dashboard/recent?workspace=${teamId}`);
    await expect(credits).toContainText("0 / 5,000");
    await expect(credits.getByRole("link", { name: "Manage" })).toBeVisible();
    await screen(page, testInfo, "billing-upgrade-sidebar-pro");

    // The manage-addons flow: 'Update plan', Reset changes, the preview, then the billing page.
    await page.goto(`/manage-subscription?workspace=${teamId}&flow=manage-addons`);
    await expect(page.getByRole("heading", { name: "Update plan", level: 1 })).toBeVisible();
    const next = page.getByRole("complementary", { name: "Checkout summary" });
    await expect(next.getByTestId("summary-total")).toHaveText("$62/month");
    await page.getByRole("button", { name: "Add one 500 credits add-on" }).click();
    await expect(next.getByTestId("summary-total")).toHaveText("$71/month");
    await page.getByRole("button", { name: "Reset changes" }).click();
    await expect(next.getByTestId("summary-total")).toHaveText("$62/month");
    await page.getByRole("button", { name: "Add one 500 credits add-on" }).click();
    await expect(next.getByTestId("summary-credits")).toHaveText("5,500");
    await screen(page, testInfo, "billing-manage-addons");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("preview-total")).toHaveText(/^\$\d+(\.\d\d)?$/);
    await expect(
      page.getByText("The change takes effect immediately: a new billing cycle starts today."),
    ).toBeVisible();
    await screen(page, testInfo, "billing-manage-review");
    await page.getByRole("button", { name: "Confirm change" }).click();

    await page.waitForURL(new RegExp(`/billing/${teamId}\\?return_path=`));
    await expect(page.getByRole("heading", { name: "Pro plan" })).toBeVisible();
    await expect(page.getByTestId("billing-credits-used")).toHaveText("0 / 5,500");
    await screen(page, testInfo, "billing-overview");
    await page.close();
    await owner.api.dispose();
  });

  test("S2-4.011 S2-2.052 S2-5.011 S1-2.077 / a free workspace that used its credits is frozen: the banner shows, the credits block is capped, and no devbox can start", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-frozen");
    const teamId = owner.user.primaryTeamId!;
    // 41 hours on a Nano VM: 410 credits, more than the 400 a free workspace has.
    const { devboxId, runtime } = await runDevbox(owner, teamId, 41);

    const page = await browserOf(browser, owner);
    await page.goto("/dashboard/recent");
    const banner = page.getByRole("alert").filter({ hasText: "You are out of credits" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Upgrade to Pro" })).toBeVisible();
    const credits = page.getByRole("region", { name: "Credits" });
    await expect(credits).toContainText("400 / 400");
    await expect(credits).toContainText("0 hours of runtime left");
    await screen(page, testInfo, "billing-frozen-banner");

    const again = await runtime.post(`/api/v1/runtime/devboxes/${devboxId}/started`, { data: {} });
    expect(again.status()).toBe(403);
    expect(await again.text()).toContain("You have run our of credits.");
    expect((await teamFacts(owner, teamId)).frozen).toBe(true);
    await runtime.dispose();
    await owner.api.dispose();
  });

  test("S2-2.031 S2-2.032 S2-2.033 S2-2.034 S2-2.035 S2-4.016 / the plans page: SDK / Editor toggle, cards, discounts, comparison table, VM types and FAQ", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-plans");
    const page = await browserOf(browser, owner);
    await page.goto("/plans");
    const plans = page.getByRole("list", { name: "Plans" });
    await expect(plans.locator(":scope > li")).toHaveCount(2);
    await expect(plans.getByRole("listitem", { name: "Pro" })).toContainText("$12");
    await page.getByRole("radio", { name: "SDK" }).check();
    await expect(plans.getByRole("listitem", { name: "Scale" })).toBeVisible();
    await expect(
      plans.getByRole("listitem", { name: "Enterprise" }).getByRole("link", { name: "Contact us" }),
    ).toBeVisible();
    await page.getByRole("radio", { name: "Yearly" }).check();
    await expect(plans.getByRole("listitem", { name: "Scale" })).toContainText("$119");
    await expect(page.getByRole("complementary", { name: "Discounts" })).toContainText(
      "education, open source and non-profits",
    );
    const table = page.getByRole("table").first();
    for (const row of [
      "Members",
      "Sandboxes",
      "Devboxes",
      "SDK",
      "Concurrent Devboxes",
      "Session Length",
      "Repositories",
      "Virtual machines",
      "Private projects",
      "Live sessions",
      "Private NPM",
      "SSO",
      "SOC 2",
      "Private cloud",
      "On-premise",
    ]) {
      await expect(table.getByRole("rowheader", { name: row, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Virtual machine types" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Nano/ })).toBeVisible();
    await page.getByText("Can I get a refund?").click();
    await expect(page.getByText(/Refunds within 14 days for customers in the EU and Turkey/)).toBeVisible();
    await screen(page, testInfo, "billing-plans-page");
    await owner.api.dispose();
  });

  test("S2-4.011 S1-4.006 S1-4.007 S2-5.009 S2-9.008 / a free workspace low on credits sees a warning it can dismiss for good, and sets its spending limit on the billing page", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-low");
    const teamId = owner.user.primaryTeamId!;
    // 36 hours on a Nano VM: 360 credits, leaving 40 of 400 (under 50 is low).
    const { runtime } = await runDevbox(owner, teamId, 36);
    await runtime.dispose();

    const page = await browserOf(browser, owner);
    await page.goto("/dashboard/recent");
    const banner = page.getByRole("status").filter({ hasText: "You are running low on credits" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Upgrade to Pro" })).toBeVisible();
    const credits = page.getByRole("region", { name: "Credits" });
    // 360 credits, or 361 when the stop lands a moment past the 36 hours (credits round up).
    await expect(credits).toContainText(/36[01] \/ 400/);
    await expect(credits).toContainText("4 hours of runtime left");
    await screen(page, testInfo, "billing-low-credits");
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("You are running low on credits")).toHaveCount(0);
    await page.reload();
    await expect(credits).toContainText(/36[01] \/ 400/);
    await expect(page.getByText("You are running low on credits")).toHaveCount(0);
    // A newer Free workspace visited before sees the Pro upsell above the recent page (spec 1 §4).
    const upsell = page.getByRole("complementary", { name: "Do more with Pro" });
    await expect(upsell).toBeVisible();
    await screen(page, testInfo, "billing-pro-upsell");
    await upsell.getByRole("button", { name: "Dismiss" }).click();
    await expect(upsell).toHaveCount(0);

    await page.goto(`/billing/${teamId}#spending-limit`);
    const limit = page.getByLabel("Spending limit ($)");
    await expect(limit).toBeFocused();
    await limit.fill("150");
    await limit.blur();
    await expect(
      page.getByText(
        "For the first two billing cycles, the maximum limit is $100. If you need a higher limit, contact us.",
      ),
    ).toBeVisible();
    await limit.fill("-1");
    await expect(page.getByText("Please enter a valid amount between 0 and 100")).toBeVisible();
    await limit.fill("20");
    await limit.blur();
    await expect(page.getByText("Spending limit saved.")).toBeVisible();
    await screen(page, testInfo, "billing-spending-limit");
    expect((await teamFacts(owner, teamId)).limits.onDemandSpendingLimit).toBe(20);

    // 'Settings' leads to the workspace page, whose billing section opens the billing-portal overview.
    await page.goto("/dashboard/recent");
    await page.getByRole("link", { name: "Settings" }).click();
    const billing = page.getByRole("region", { name: "Plan and billing" });
    await expect(billing).toContainText("Build plan");
    await billing.getByRole("button", { name: "Open billing portal" }).click();
    await page.waitForURL(new RegExp(`/billing/${teamId}\\?return_path=`));
    await expect(page.getByRole("heading", { name: "Build plan" })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await page.waitForURL(new RegExp(`/workspace/${teamId}`));
    await expect(page.getByRole("region", { name: "Plan and billing" })).toBeVisible();
    await owner.api.dispose();
  });

  test("S2-2.049 S1-2.063 / on Boxyard's own billing page a Pro subscription is cancelled at the end of its cycle, and resumed", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-cancel");
    const teamId = owner.user.primaryTeamId!;
    await upgradeToPro(owner, teamId);
    const page = await browserOf(browser, owner);
    await page.goto(`/billing/${teamId}`);
    await expect(page.getByRole("heading", { name: "Pro plan" })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("$12");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Cancels on / })).toBeVisible();
    await screen(page, testInfo, "billing-cancelled");
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
    await expect(page.getByText(/^Cancels on /)).toHaveCount(0);
    await owner.api.dispose();
  });

  test("S2-2.046 S2-6.004 S2-6.006 / a member who does not manage billing: no Upgrade, sent away from the upgrade page, refused by the server", async ({
    browser,
  }, testInfo) => {
    const owner = await person("bill-owner");
    const member = await person("bill-member");
    const gql = async (who: Person, query: string, variables: Record<string, unknown>) =>
      (await (
        await who.api.post("/api/graphql", { headers: CLIENT_HEADER, data: { query, variables } })
      ).json()) as {
        data?: unknown;
        errors?: { message: string }[];
      };
    // A team workspace (a personal one takes no members).
    const created = (await gql(owner, "mutation($n: String!) { createTeam(name: $n) { id } }", {
      n: `Team ${Date.now().toString(36)}`,
    })) as { data: { createTeam: { id: string } } };
    const teamId = created.data.createTeam.id;
    const invited = await gql(
      owner,
      "mutation($t: UUID4!, $u: String!) { inviteToTeam(teamId: $t, username: $u, authorization: WRITE) { id } }",
      { t: teamId, u: member.user.username },
    );
    expect(invited.errors).toBeUndefined();
    const accepted = await gql(member, "mutation($t: UUID4!) { acceptTeamInvitation(teamId: $t) { id } }", {
      t: teamId,
    });
    expect(accepted.errors).toBeUndefined();

    const page = await browserOf(browser, member);
    await page.goto(`/dashboard/recent?workspace=${teamId}`);
    const credits = page.getByRole("region", { name: "Credits" });
    await expect(credits).toContainText("0 / 400");
    await expect(credits.getByRole("link")).toHaveCount(0);
    await expect(
      page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: "Upgrade" }),
    ).toHaveCount(0);
    await screen(page, testInfo, "billing-member-sidebar");

    await page.goto(`/upgrade?workspace=${teamId}&plan=flex&interval=month`);
    await page.waitForURL(`**/dashboard/recent?workspace=${teamId}`);

    const refused = await gql(
      member,
      "mutation($t: UUID4!, $l: Int!) { setTeamLimits(teamId: $t, onDemandSpendingLimit: $l) }",
      { t: teamId, l: 50 },
    );
    expect(refused.errors?.[0]?.message).toBe("Only workspace admins and team managers can manage billing.");
    expect((await teamFacts(owner, teamId)).limits.onDemandSpendingLimit).toBe(0);
    await owner.api.dispose();
    await member.api.dispose();
  });
});
