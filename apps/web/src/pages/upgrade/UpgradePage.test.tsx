// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { TeamBilling } from "../../api/queries/billing.ts";
import type { Workspace } from "../../api/queries/workspaces.ts";
import { workspace } from "../../features/sandbox-grid/testing.tsx";
import { type Answers, GraphQLAnswerError, serveOperations } from "../../test/graphql-handlers.ts";
import { makeUser, renderApp } from "../../test/render.tsx";
import { failure, lostConnection, serveRoutes } from "../../test/rest-handlers.ts";
import { getToasts } from "../../ui/toastStore.ts";
import { UpgradePage } from "./UpgradePage.tsx";

const ME = "user-1";

function billing(overrides: Partial<TeamBilling> = {}): TeamBilling {
  return {
    id: "team-1",
    name: "Acme",
    frozen: false,
    insertedAt: "2025-01-01T00:00:00.000Z",
    userAuthorizations: [{ userId: ME, authorization: "ADMIN", teamManager: false }],
    featureFlags: { ubbBeta: true, friendOfCsb: false },
    subscription: null,
    subscriptionSchedule: null,
    limits: { includedCredits: 400, includedVmTier: 2, onDemandCreditLimit: 0, onDemandSpendingLimit: 0 },
    usage: { credits: 0 },
    ...overrides,
  };
}

const activeUsagePro = (): Partial<TeamBilling> => ({
  subscription: {
    id: "sub",
    status: "ACTIVE",
    origin: null,
    paymentProvider: null,
    billingInterval: "MONTHLY",
    nextBillDate: "2026-12-23T00:00:00.000Z",
    cancelAtPeriodEnd: false,
    updateBillingUrl: null,
  },
  subscriptionSchedule: {
    billingInterval: "MONTHLY",
    current: {
      startDate: "2026-11-23T00:00:00.000Z",
      endDate: "2026-12-23T00:00:00.000Z",
      items: [
        { name: "flex", quantity: 1, unitAmount: 1200 },
        { name: "credits_4000", quantity: 1, unitAmount: 5000 },
      ],
    },
    upcoming: null,
  },
});

function serve(operations: Answers) {
  serveRoutes({
    // The prices request fails: the catalogue's prices show (spec 2 §8).
    "GET /api/v1/prices": () => lostConnection(),
  });
  return serveOperations(operations, { refuseOthers: true });
}

function renderUpgrade(route: string) {
  return renderApp(
    <Routes>
      <Route path="/upgrade" element={<UpgradePage />} />
      <Route path="/manage-subscription" element={<UpgradePage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route, user: makeUser({ id: ME }) },
  );
}

describe("upgrade flow", () => {
  it("S2-2.046 S2-6.004 / a member who does not manage billing is sent to the workspace's recent page", async () => {
    serve({
      TeamBilling: () => ({
        me: {
          id: ME,
          team: billing({ userAuthorizations: [{ userId: ME, authorization: "WRITE", teamManager: false }] }),
        },
      }),
    });
    renderUpgrade("/upgrade?workspace=team-1&plan=flex&interval=month");
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe("/dashboard/recent?workspace=team-1"),
    );
  });

  it("S2-2.043 S2-5.010 / without a workspace it starts by selecting one the user may upgrade", async () => {
    const summary = (
      id: string,
      name: string,
      authorization: "ADMIN" | "WRITE",
      status: "ACTIVE" | null,
    ): Workspace => ({
      ...workspace(),
      id,
      name,
      userAuthorizations: [{ userId: ME, authorization, teamManager: false }],
      subscription: status ? { status, origin: null, type: "TEAM_PRO", paymentProvider: null } : null,
      featureFlags: { ubbBeta: true, friendOfCsb: false },
    });
    serve({
      AllTeams: () => ({
        me: {
          id: ME,
          primaryWorkspaceId: "free",
          workspaces: [
            summary("free", "Free admin", "ADMIN", null),
            summary("paying", "Paying on usage", "ADMIN", "ACTIVE"),
            summary("writer", "Only a writer", "WRITE", null),
          ],
        },
      }),
      TeamBilling: () => ({ me: { id: ME, team: billing({ id: "free", name: "Free admin" }) } }),
    });
    renderUpgrade("/upgrade");
    const list = await screen.findByRole("list", { name: "Workspaces" });
    expect(list.textContent).toContain("Free admin");
    expect(list.textContent).not.toContain("Paying on usage");
    expect(list.textContent).not.toContain("Only a writer");
    await userEvent.click(screen.getByRole("button", { name: "Select" }));
    await screen.findByRole("list", { name: "Plans" });
    expect(screen.getByTestId("location").textContent).toBe("/upgrade?workspace=free&from=select");
  });

  it("S2-2.045 S2-2.042 S1-2.018 S2-5.009 / with plan, interval and workspace the plan is preselected and the flow starts at spending-limit", async () => {
    serve({ TeamBilling: () => ({ me: { id: ME, team: billing() } }) });
    renderUpgrade("/manage-subscription?workspace=team-1&plan=builder&interval=year");
    await screen.findByLabelText("Spending limit ($)");
    expect(screen.getByTestId("summary-total").textContent).toBe("$1428/year");
    expect(screen.getByRole("complementary", { name: "Checkout summary" }).textContent).toContain(
      "Scale plan",
    );
    // S2-5.009: an invalid limit keeps the flow on this step.
    const limit = screen.getByLabelText("Spending limit ($)");
    await userEvent.clear(limit);
    await userEvent.type(limit, "abc");
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(limit);
    await userEvent.type(limit, "30");
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("S2-5.009 S2-9.007 / a free workspace upgrading to Pro may choose a limit up to $1,000; it goes with the checkout, nothing is saved before", async () => {
    const operationsSent = serve({ TeamBilling: () => ({ me: { id: ME, team: billing() } }) });
    const calls = serveRoutes({
      "POST /api/checkout": () => failure(502, { errors: { detail: ["Stripe is not answering."] } }),
    });
    renderUpgrade("/upgrade?workspace=team-1&plan=flex&interval=month");
    const limit = await screen.findByLabelText("Spending limit ($)");
    await userEvent.clear(limit);
    await userEvent.type(limit, "1001");
    expect(screen.getByRole("alert").textContent).toBe(
      "For the first two billing cycles, the maximum limit is $1000. If you need a higher limit, contact us.",
    );
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(limit);
    await userEvent.type(limit, "1000");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText(/^Between \$0/).textContent).toBe(
      "Between $0 and $1000 a billing cycle. It is set when your plan starts.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    await screen.findByText("Cannot redirect to payment provider");
    const checkout = calls.find((c) => c.url.pathname === "/api/checkout")!;
    expect(JSON.parse(String(checkout.init?.body))).toMatchObject({
      team_id: "team-1",
      plan: "flex",
      spending_limit: 1000,
    });
    const operations = operationsSent().map((o) => o.operationName);
    expect(operations).not.toContain("SetTeamLimits");
  });

  it("S2-2.049 S2-4.010 / a Pro workspace on usage billing reviews the plan change with its charge and update moment", async () => {
    const operationsSent = serve({
      TeamBilling: () => ({ me: { id: ME, team: billing(activeUsagePro()) } }),
      PreviewUpdateUsageSubscriptionPlan: () => ({
        previewUpdateUsageSubscriptionPlan: {
          total: 15800,
          totalExcludingTax: 15800,
          updateMoment: "IMMEDIATELY",
        },
      }),
    });
    renderUpgrade("/upgrade?workspace=team-1");
    await screen.findByRole("list", { name: "Plans" });
    expect(screen.getByTestId("summary-total").textContent).toBe("$62/month");
    await userEvent.click(screen.getByRole("radio", { name: "SDK" }));
    await userEvent.click(screen.getByRole("button", { name: "Choose Scale" }));
    expect(screen.getByTestId("summary-total").textContent).toBe("$220/month");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    // The next step's heading takes the focus.
    expect(document.activeElement?.textContent).toBe("Set a spending limit");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByTestId("preview-total")).textContent).toBe("$158");
    expect(
      screen.getByText("The change takes effect immediately: a new billing cycle starts today."),
    ).toBeTruthy();
    const preview = operationsSent().find((o) => o.operationName === "PreviewUpdateUsageSubscriptionPlan");
    expect(preview?.variables).toEqual({
      teamId: "team-1",
      plan: "builder",
      billingInterval: "MONTHLY",
      addons: ["credits_4000"],
    });
  });

  it("S2-2.049 / a legacy Pro workspace reviews its conversion to usage billing", async () => {
    serve({
      TeamBilling: () => ({
        me: {
          id: ME,
          team: billing({ ...activeUsagePro(), featureFlags: { ubbBeta: false, friendOfCsb: false } }),
        },
      }),
      PreviewConvertToUsageBilling: () => ({
        previewConvertToUsageBilling: { total: 900, totalExcludingTax: 900, updateMoment: "IMMEDIATELY" },
      }),
    });
    renderUpgrade("/upgrade?workspace=team-1&plan=flex&interval=month");
    await userEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Review your move to usage-based billing" });
    expect((await screen.findByTestId("preview-total")).textContent).toBe("$9");
    expect(screen.getByRole("button", { name: "Convert to usage billing" })).toBeTruthy();
  });

  it("S2-2.048 S2-4.013 / 'Update plan' changes add-ons from the current package, and Reset changes goes back to it", async () => {
    serve({ TeamBilling: () => ({ me: { id: ME, team: billing(activeUsagePro()) } }) });
    renderUpgrade("/manage-subscription?workspace=team-1&flow=manage-addons");
    await screen.findByRole("heading", { name: "Update plan", level: 1 });
    const reset = screen.getByRole("button", { name: "Reset changes" }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Add one 24,000 credits add-on" }));
    expect(screen.getByTestId("summary-total").textContent).toBe("$278/month");
    expect(screen.getByTestId("summary-credits").textContent).toBe("29,000");
    await userEvent.click(screen.getByRole("button", { name: "Remove one 4,000 credits add-on" }));
    expect(screen.getByTestId("summary-total").textContent).toBe("$228/month");
    await userEvent.click(reset);
    expect(screen.getByTestId("summary-total").textContent).toBe("$62/month");
  });

  it("S2-2.047 / dismiss goes to the workspace's recent page", async () => {
    serve({ TeamBilling: () => ({ me: { id: ME, team: billing() } }) });
    renderUpgrade("/upgrade?workspace=team-1");
    await screen.findByRole("list", { name: "Plans" });
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/recent?workspace=team-1");
  });

  it("S2-8.010 / a refused plan change shows the server's text in an error notification for 10 seconds", async () => {
    serve({
      TeamBilling: () => ({ me: { id: ME, team: billing(activeUsagePro()) } }),
      PreviewUpdateUsageSubscriptionPlan: () => ({
        previewUpdateUsageSubscriptionPlan: {
          total: 0,
          totalExcludingTax: 0,
          updateMoment: "NEXT_BILL_DATE",
        },
      }),
      UpdateUsageSubscriptionPlan: () => {
        throw new GraphQLAnswerError("Your card was declined.");
      },
    });
    renderUpgrade("/upgrade?workspace=team-1&plan=builder&interval=month");
    await userEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText(
        "The change takes effect at the end of the current billing cycle, on Dec 23, 2026.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    await screen.findByText("Your card was declined.");
    expect(getToasts().find((t) => t.message === "Your card was declined.")?.duration).toBe(10_000);
  });

  it("S2-2.049 / on usage billing, keeping the same package charges nothing and skips the review", async () => {
    const operationsSent = serve({
      TeamBilling: () => ({ me: { id: ME, team: billing(activeUsagePro()) } }),
    });
    renderUpgrade("/manage-subscription?workspace=team-1");
    await screen.findByRole("list", { name: "Plans" });
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Your plan stays as it is" });
    const names = operationsSent().map((o) => o.operationName);
    expect(names).not.toContain("PreviewUpdateUsageSubscriptionPlan");
  });
});
