import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { TeamBilling } from "../../api/queries/billing.ts";
import { pendingSpendingLimit } from "../../features/billing/pendingSpendingLimit.ts";
import { useWorkspaceBilling } from "../../features/billing/useWorkspaceBilling.ts";
import { json, makeUser, mockFetch, renderApp } from "../../test/render.tsx";
import { UpgradePage } from "./UpgradePage.tsx";

const ME = "user-1";

const freeTeam = (overrides: Partial<TeamBilling> = {}): TeamBilling => ({
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
});

function serve(team: () => TeamBilling, setLimits: (variables: Record<string, unknown>) => void = () => {}) {
  return mockFetch({
    "POST /api/graphql": (_url, init) => {
      const { operationName, variables } = JSON.parse(String(init?.body));
      if (operationName === "TeamBilling") return json({ data: { me: { team: team() } } });
      if (operationName === "SetTeamLimits") {
        setLimits(variables);
        return json({ data: { setTeamLimits: true } });
      }
      return json({ errors: [{ message: `Unexpected ${operationName}` }] });
    },
  });
}

afterEach(() => window.localStorage.clear());

function BillingProbe() {
  const { facts } = useWorkspaceBilling("team-1");
  return <p>{facts ? (facts.pro ? "pro" : "free") : "loading"}</p>;
}

describe("spending limit while upgrading", () => {
  it("S2-5.009 / upgrading a free workspace to Pro allows a limit up to Pro's 1000, kept until the plan starts", async () => {
    const sent: Record<string, unknown>[] = [];
    serve(freeTeam, (variables) => sent.push(variables));
    renderApp(
      <Routes>
        <Route path="/upgrade" element={<UpgradePage />} />
      </Routes>,
      { route: "/upgrade?workspace=team-1&plan=flex&interval=month", user: makeUser({ id: ME }) },
    );
    const limit = await screen.findByLabelText("Spending limit ($)");
    const next = () => screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    await userEvent.clear(limit);
    await userEvent.type(limit, "1001");
    expect(
      screen.getByText(
        "For the first two billing cycles, the maximum limit is $1000. If you need a higher limit, contact us.",
      ),
    ).toBeTruthy();
    expect(next().disabled).toBe(true);
    await userEvent.clear(limit);
    await userEvent.type(limit, "1000");
    expect(screen.queryByText(/the maximum limit is/)).toBeNull();
    expect(next().disabled).toBe(false);
    await userEvent.tab();
    // The workspace is still free: the server would refuse a Pro limit now, so it waits for the plan.
    expect(pendingSpendingLimit("team-1")).toBe(1000);
    expect(sent).toEqual([]);
  });

  it("S2-5.009 / the limit chosen at upgrade is set once the workspace is Pro", async () => {
    window.localStorage.setItem("boxyard.pendingSpendingLimit.team-1", "750");
    const sent: Record<string, unknown>[] = [];
    const pro = freeTeam({
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
    } as Partial<TeamBilling>);
    serve(
      () => pro,
      (variables) => sent.push(variables),
    );
    renderApp(<BillingProbe />, { user: makeUser({ id: ME }) });
    expect(await screen.findByText("pro")).toBeTruthy();
    await waitFor(() => expect(sent).toEqual([{ teamId: "team-1", onDemandSpendingLimit: 750 }]));
    expect(pendingSpendingLimit("team-1")).toBeNull();
  });
});
