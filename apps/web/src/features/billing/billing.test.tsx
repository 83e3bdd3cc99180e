// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { buildPackage } from "@boxyard/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { TeamBilling } from "../../api/queries/billing.ts";
import type { RestAnswer } from "../../api/rest-routes.ts";
import { GraphQLAnswerError, serveOperations } from "../../test/graphql-handlers.ts";
import { makeUser, renderApp } from "../../test/render.tsx";
import { type Failure, failure, serveRoutes } from "../../test/rest-handlers.ts";
import { BillingBannerView } from "./BillingBanner.tsx";
import { CheckoutRedirect } from "./CheckoutRedirect.tsx";
import { CheckoutSummary } from "./CheckoutSummary.tsx";
import { CreditsBlockView } from "./CreditsBlock.tsx";
import { COMPARISON_ROWS, comparisonCell, comparisonPlans } from "./comparisonRows.ts";
import { monthlyPrice, plansOfTab } from "./PlanCards.tsx";
import { PlanNoticeView } from "./PlanNotice.tsx";
import { SpendingLimitField } from "./SpendingLimitField.tsx";
import { billingFacts, useWorkspaceBilling } from "./useWorkspaceBilling.ts";

function FrozenProbe({ teamId }: { teamId: string }) {
  const { team } = useWorkspaceBilling(teamId);
  return <p>{team ? `frozen: ${team.frozen}` : "loading"}</p>;
}

afterEach(() => localStorage.clear());

function team(overrides: Partial<TeamBilling> = {}): TeamBilling {
  return {
    id: "team-1",
    name: "Acme",
    frozen: false,
    insertedAt: "2025-01-01T00:00:00.000Z",
    userAuthorizations: [{ userId: "me", authorization: "ADMIN", teamManager: false }],
    featureFlags: { ubbBeta: true, friendOfCsb: false },
    subscription: null,
    subscriptionSchedule: null,
    limits: { includedCredits: 400, includedVmTier: 2, onDemandCreditLimit: 0, onDemandSpendingLimit: 0 },
    usage: { credits: 0 },
    ...overrides,
  };
}

const writer = [{ userId: "me", authorization: "WRITE" as const, teamManager: false }];

describe("spending limit", () => {
  it("S2-5.009 S2-9.007 / numeric, 0 to 100 on Free with the spec's two texts, saved on blur only when valid", async () => {
    const operationsSent = serveOperations({ SetTeamLimits: () => ({ setTeamLimits: true }) });
    renderApp(<SpendingLimitField teamId="team-1" pro={false} initial={0} />, { user: makeUser() });
    const input = screen.getByLabelText("Spending limit ($)");

    await userEvent.clear(input);
    await userEvent.type(input, "abc");
    expect(screen.getByText("Please enter a valid amount between 0 and 100")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "-5");
    expect(screen.getByText("Please enter a valid amount between 0 and 100")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "150");
    expect(
      screen.getByText(
        "For the first two billing cycles, the maximum limit is $100. If you need a higher limit, contact us.",
      ),
    ).toBeTruthy();
    fireEvent.blur(input);
    expect(operationsSent()).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, "60");
    fireEvent.blur(input);
    await screen.findByText("Spending limit saved.");
    const [save] = operationsSent();
    expect(save).toMatchObject({
      operationName: "SetTeamLimits",
      variables: { teamId: "team-1", onDemandSpendingLimit: 60 },
    });
  });

  it("S2-5.009 / the maximum is 1000 on Pro", async () => {
    serveOperations({ SetTeamLimits: () => ({ setTeamLimits: true }) });
    renderApp(<SpendingLimitField teamId="team-1" pro initial={0} />, { user: makeUser() });
    const input = screen.getByLabelText("Spending limit ($)");
    await userEvent.clear(input);
    await userEvent.type(input, "1001");
    expect(
      screen.getByText(
        "For the first two billing cycles, the maximum limit is $1000. If you need a higher limit, contact us.",
      ),
    ).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "1000");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("credits block", () => {
  it("S2-5.011 S1-2.077 S1-9.016 / used credits are capped at the maximum; hours left round up", () => {
    const over = billingFacts(team({ usage: { credits: 455 } }), "me", false);
    expect(over.display).toEqual({ used: 400, max: 400, hoursLeft: 0 });
    const some = billingFacts(team({ usage: { credits: 395 } }), "me", false);
    expect(some.display.hoursLeft).toBe(1);
    renderApp(<CreditsBlockView teamId="team-1" facts={over} />, { user: makeUser() });
    expect(screen.getByTestId("credits-used").textContent).toBe("400");
    expect(screen.getByRole("region", { name: "Credits" }).textContent).toContain("/ 400");
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe(
      "/upgrade?workspace=team-1",
    );
  });

  it("S1-6.011 S2-6.006 / Pro adds the on-demand credits to the maximum; admins see Manage, members no link", () => {
    const pro = team({
      subscription: {
        id: "s",
        status: "ACTIVE",
        origin: null,
        paymentProvider: null,
        billingInterval: "MONTHLY",
        nextBillDate: null,
        cancelAtPeriodEnd: false,
        updateBillingUrl: null,
      },
      limits: {
        includedCredits: 1000,
        includedVmTier: 4,
        onDemandCreditLimit: 666,
        onDemandSpendingLimit: 10,
      },
    });
    const facts = billingFacts(pro, "me", false);
    expect(facts.display.max).toBe(1666);
    const { unmount } = renderApp(<CreditsBlockView teamId="team-1" facts={facts} />, { user: makeUser() });
    expect(screen.getByRole("link", { name: "Manage" })).toBeTruthy();
    unmount();
    renderApp(
      <CreditsBlockView
        teamId="team-1"
        facts={billingFacts({ ...pro, userAuthorizations: writer }, "me", false)}
      />,
      {
        user: makeUser(),
      },
    );
    expect(screen.queryByRole("link", { name: "Manage" })).toBeNull();
  });
});

describe("billing banner", () => {
  it("S2-6.006 S1-6.003 S2-4.011 / out of credits: admins see Upgrade to Pro; other members are told to ask an admin", () => {
    const frozen = team({ usage: { credits: 400 }, frozen: true });
    const { unmount } = renderApp(
      <BillingBannerView teamId="team-1" team={frozen} facts={billingFacts(frozen, "me", false)} />,
      { user: makeUser() },
    );
    expect(screen.getByRole("alert").textContent).toContain("You are out of credits");
    expect(screen.getByRole("link", { name: "Upgrade to Pro" })).toBeTruthy();
    unmount();
    const member = { ...frozen, userAuthorizations: writer };
    renderApp(<BillingBannerView teamId="team-1" team={member} facts={billingFacts(member, "me", false)} />, {
      user: makeUser(),
    });
    expect(screen.queryByRole("link", { name: "Upgrade to Pro" })).toBeNull();
    expect(screen.getByText("Ask a workspace admin to upgrade or raise the spending limit.")).toBeTruthy();
  });

  it("S2-8.011 S2-6.005 S1-4.009 / a payment problem: billing managers see Update payment, others contact the admin", () => {
    const unpaid = team({
      subscription: {
        id: "s",
        status: "UNPAID",
        origin: null,
        paymentProvider: "STRIPE",
        billingInterval: "MONTHLY",
        nextBillDate: null,
        cancelAtPeriodEnd: false,
        updateBillingUrl: "https://pay.example/invoice",
      },
    });
    const { unmount } = renderApp(
      <BillingBannerView teamId="team-1" team={unpaid} facts={billingFacts(unpaid, "me", false)} />,
      { user: makeUser() },
    );
    expect(screen.getByText("There are some issues with your payment.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Update payment" }).getAttribute("href")).toBe(
      "https://pay.example/invoice",
    );
    unmount();
    const member = { ...unpaid, userAuthorizations: writer };
    renderApp(<BillingBannerView teamId="team-1" team={member} facts={billingFacts(member, "me", false)} />, {
      user: makeUser(),
    });
    expect(screen.queryByRole("link", { name: "Update payment" })).toBeNull();
    expect(
      screen.getByText("Please contact your workspace admin to update the payment details."),
    ).toBeTruthy();
  });

  it("S1-4.006 S2-3.018 / a low-credit warning is dismissed for its workspace only", async () => {
    const low = team({ usage: { credits: 360 } });
    const facts = billingFacts(low, "me", false);
    expect(facts.state).toBe("LOW_CREDITS");
    const { unmount } = renderApp(<BillingBannerView teamId="team-1" team={low} facts={facts} />, {
      user: makeUser(),
    });
    expect(screen.getByText("You are running low on credits")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("You are running low on credits")).toBeNull();
    unmount();
    renderApp(<BillingBannerView teamId="team-2" team={{ ...low, id: "team-2" }} facts={facts} />, {
      user: makeUser(),
    });
    expect(screen.getByText("You are running low on credits")).toBeTruthy();
  });
});

describe("checkout", () => {
  it("S2-2.051 S2-4.013 / the summary panel shows the plan, add-ons, interval and totals", () => {
    const pkg = buildPackage("flex", "YEARLY", [{ id: "credits_4000", quantity: 2 }]);
    renderApp(<CheckoutSummary pkg={pkg} />);
    const panel = screen.getByRole("complementary", { name: "Checkout summary" });
    expect(panel.textContent).toContain("Pro plan");
    expect(panel.textContent).toContain("2 × 4,000 credits");
    expect(panel.textContent).toContain("Yearly");
    expect(screen.getByTestId("summary-credits").textContent).toBe("9,000");
    expect(screen.getByTestId("summary-total").textContent).toBe("$1308/year");
  });

  it("S2-2.050 S2-8.009 S2-7.023 / a failed checkout shows 'Cannot redirect to payment provider' with the server's message, Retry and Abandon", async () => {
    let answer: RestAnswer<"POST /api/checkout"> | Failure = failure(409, {
      errors: { detail: ["This workspace already has a subscription."] },
    });
    const calls = serveRoutes({ "POST /api/checkout": () => answer });
    let abandoned = false;
    renderApp(
      <CheckoutRedirect
        teamId="team-1"
        pkg={buildPackage("builder", "MONTHLY", [{ id: "credits_500", quantity: 2 }])}
        successPath="/dashboard/recent?workspace=team-1"
        cancelPath="/upgrade?workspace=team-1"
        onAbandon={() => {
          abandoned = true;
        }}
      />,
      { user: makeUser() },
    );
    await screen.findByText("Cannot redirect to payment provider");
    expect(screen.getByText("This workspace already has a subscription.")).toBeTruthy();
    const sent = JSON.parse(String(calls[0]!.init?.body));
    expect(sent).toEqual({
      team_id: "team-1",
      plan: "builder",
      billing_interval: "monthly",
      addons: ["credits_500", "credits_500"],
      success_path: "/dashboard/recent?workspace=team-1",
      cancel_path: "/upgrade?workspace=team-1",
    });
    expect(new Headers(calls[0]!.init?.headers).get("x-boxyard-api-version")).toBe("2024-01-20");

    answer = { stripeCheckoutUrl: null };
    await userEvent.click(screen.getByRole("button", { name: "Retry checkout" }));
    await screen.findByText("Could not generate a checkout URL. Please try again later.");
    answer = failure(400, { errors: {} });
    await userEvent.click(screen.getByRole("button", { name: "Retry checkout" }));
    await screen.findByText("Unexpected error. Please try again later");
    await userEvent.click(screen.getByRole("button", { name: "Abandon checkout" }));
    expect(abandoned).toBe(true);
  });

  it("S2-8.009 / without a workspace the checkout fails with 'Invalid workspace'", async () => {
    const calls = serveRoutes({});
    renderApp(
      <CheckoutRedirect
        teamId={null}
        pkg={buildPackage("flex", "MONTHLY")}
        successPath="/"
        cancelPath="/"
        onAbandon={() => {}}
      />,
    );
    await screen.findByText("Invalid workspace");
    expect(calls.filter((c) => c.url.pathname === "/api/checkout")).toHaveLength(0);
  });
});

describe("plans page", () => {
  it("S2-7.015 S2-9.003 S2-9.004 / live prices in cents, a year shown per month as yearly/12; the catalogue when they did not come", () => {
    const prices = {
      base: {
        flex: { costMonth: 1200, costYear: 10800, credits: 1000 },
        builder: { costMonth: 17000, costYear: 142800, credits: 1600 },
      },
      addons: {},
    };
    expect(monthlyPrice("flex", "MONTHLY", prices)).toBe(12);
    expect(monthlyPrice("flex", "YEARLY", prices)).toBe(9);
    expect(monthlyPrice("builder", "YEARLY", prices)).toBe(119);
    expect(monthlyPrice("builder", "MONTHLY", undefined)).toBe(170);
    expect(monthlyPrice("free", "MONTHLY", prices)).toBe(0);
    expect(monthlyPrice("enterprise", "MONTHLY", prices)).toBeNull();
  });

  it("S2-2.032 / Build only for free workspaces; Pro on the Editor tab; Scale and Enterprise on the SDK tab", () => {
    expect(plansOfTab("editor", true)).toEqual(["free", "flex"]);
    expect(plansOfTab("editor", false)).toEqual(["flex"]);
    expect(plansOfTab("sdk", false)).toEqual(["builder", "enterprise"]);
    expect(plansOfTab("sdk", true)).toEqual(["free", "builder", "enterprise"]);
  });

  it("S2-2.034 S2-6.015 S2-3.013 / the comparison table has the spec's rows, in order, and Unlimited for the maximum integer", () => {
    expect(COMPARISON_ROWS.map((r) => r.label)).toEqual([
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
    ]);
    const row = (label: string) => COMPARISON_ROWS.find((r) => r.label === label)!;
    expect(comparisonCell(row("Members"), "free")).toBe("5");
    expect(comparisonCell(row("Members"), "enterprise")).toBe("Unlimited");
    expect(comparisonCell(row("Concurrent Devboxes"), "builder")).toBe("250");
    expect(comparisonCell(row("Concurrent Devboxes"), "enterprise")).toBe("Custom");
    expect(comparisonCell(row("Virtual machines"), "flex")).toBe("Up to 16 vCPUs / 32 GB RAM");
    expect(comparisonCell(row("Virtual machines"), "enterprise")).toBe("Up to 64 vCPUs / 128 GB RAM");
    expect(comparisonCell(row("SSO"), "flex")).toBe("No");
    expect(comparisonCell(row("On-premise"), "enterprise")).toBe("Yes");
    expect(comparisonPlans(false)).toEqual(["flex", "builder", "enterprise"]);
  });
});

describe("spending limit hint", () => {
  it("S2-5.009 / a refused save shows the server's text and can be saved again", async () => {
    let refuse = true;
    serveOperations({
      SetTeamLimits: () => {
        if (refuse)
          throw new GraphQLAnswerError("Only workspace admins and team managers can manage billing.");
        return { setTeamLimits: true };
      },
    });
    renderApp(<SpendingLimitField teamId="team-1" pro={false} initial={5} />, { user: makeUser() });
    const input = screen.getByLabelText("Spending limit ($)");
    await userEvent.clear(input);
    await userEvent.type(input, "7");
    fireEvent.blur(input);
    await screen.findByText("Only workspace admins and team managers can manage billing.");
    refuse = false;
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByText("Spending limit saved.")).toBeTruthy());
  });
});

describe("plan notices", () => {
  it("S1-4.007 S1-9.009 S1-2.035 / an old Free workspace sees the usage-based welcome in Free wording, dismissed per workspace", async () => {
    const old = team({ insertedAt: "2023-06-01T00:00:00.000Z" });
    const { unmount } = renderApp(
      <PlanNoticeView team={old} facts={billingFacts(old, "me", false)} visitedBefore={false} />,
      { user: makeUser() },
    );
    const notice = screen.getByRole("complementary", { name: "Welcome to usage-based billing" });
    expect(notice.textContent).toContain("400 free credits (up to 40 hours) per month");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("complementary")).toBeNull();
    unmount();
    renderApp(<PlanNoticeView team={old} facts={billingFacts(old, "me", false)} visitedBefore={false} />, {
      user: makeUser(),
    });
    expect(screen.queryByRole("complementary")).toBeNull();
  });

  it("S1-4.007 S1-6.003 / a newer Free workspace visited before sees the Pro upsell; only admins get Upgrade to Pro", () => {
    const fresh = team();
    const { unmount } = renderApp(
      <PlanNoticeView team={fresh} facts={billingFacts(fresh, "me", false)} visitedBefore />,
      { user: makeUser() },
    );
    expect(screen.getByRole("complementary", { name: "Do more with Pro" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade to Pro" })).toBeTruthy();
    unmount();
    const member = { ...fresh, userAuthorizations: writer };
    renderApp(<PlanNoticeView team={member} facts={billingFacts(member, "me", false)} visitedBefore />, {
      user: makeUser(),
    });
    expect(screen.queryByRole("link", { name: "Upgrade to Pro" })).toBeNull();
  });

  it("S1-4.005 S1-9.008 S1-9.010 / an old Pro workspace sees the welcome in Pro wording", () => {
    const oldPro = team({
      insertedAt: "2023-06-01T00:00:00.000Z",
      subscription: {
        id: "s",
        status: "ACTIVE",
        origin: null,
        paymentProvider: null,
        billingInterval: "MONTHLY",
        nextBillDate: null,
        cancelAtPeriodEnd: false,
        updateBillingUrl: null,
      },
    });
    renderApp(<PlanNoticeView team={oldPro} facts={billingFacts(oldPro, "me", false)} visitedBefore />, {
      user: makeUser(),
    });
    const notice = screen.getByRole("complementary", { name: "Welcome to usage-based billing" });
    for (const line of [
      "Up to 20 members at no extra cost",
      "VM sizes up to 16 vCPUs and 32 GB RAM",
      "Purchasable credits",
      "Unlimited devboxes and personal drafts",
    ]) {
      expect(notice.textContent).toContain(line);
    }
  });

  it("S2-4.011 / when the billing refetch finds the workspace frozen, the shell's workspace record is reloaded", async () => {
    serveOperations({ TeamBilling: () => ({ me: { id: "me", team: team({ frozen: true }) } }) });
    const key = ["workspaces", "team", "team-1"];
    const { queryClient } = renderApp(<FrozenProbe teamId="team-1" />, { user: makeUser() });
    queryClient.setQueryData(key, { me: { id: "me", team: { id: "team-1", frozen: false } } });
    await screen.findByText("frozen: true");
    await waitFor(() => expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true));
  });
});
