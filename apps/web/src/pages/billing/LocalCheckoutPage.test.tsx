import { buildPackage, type CheckoutView } from "@boxyard/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "../../test/render.tsx";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";
import { LocalCheckoutPage } from "./LocalCheckoutPage.tsx";

function order(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return {
    id: "cs_local_1",
    status: "open",
    provider: "local",
    workspace: { id: "team-1", name: "Acme" },
    plan: "flex",
    planName: "Pro",
    billingInterval: "MONTHLY",
    usageBased: true,
    quantity: 1,
    package: buildPackage("flex", "MONTHLY", [{ id: "credits_500", quantity: 1 }]),
    amountTotal: 2100,
    spendingLimit: 250,
    currency: "usd",
    expiresAt: "2026-11-24T10:00:00.000Z",
    successUrl: "http://localhost/dashboard/recent?workspace=team-1",
    cancelUrl: "http://localhost/upgrade?workspace=team-1",
    ...overrides,
  };
}

function renderCheckout() {
  return renderApp(
    <Routes>
      <Route path="/billing/checkout/:sessionId" element={<LocalCheckoutPage />} />
    </Routes>,
    { route: "/billing/checkout/cs_local_1", user: makeUser() },
  );
}

describe("Boxyard's own checkout page", () => {
  it("S2-2.049 S2-2.051 / shows the order with its summary; a refused confirmation shows the server's text", async () => {
    serveRoutes({
      "GET /api/v1/billing/checkout/cs_local_1": () => order(),
      "POST /api/v1/billing/checkout/cs_local_1/confirm": () =>
        failure(409, { errors: { detail: ["This workspace already has a subscription."] } }),
    });
    renderCheckout();
    await screen.findByRole("heading", { name: "Confirm your order" });
    expect(screen.getByTestId("summary-total").textContent).toBe("$21/month");
    expect(screen.getByText(/^Spending limit:/).textContent).toBe(
      "Spending limit: $250 a billing cycle, from when the plan starts.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Confirm order" }));
    await screen.findByText("This workspace already has a subscription.");
  });

  it("S2-2.049 / a closed or expired checkout cannot be confirmed again", async () => {
    serveRoutes({ "GET /api/v1/billing/checkout/cs_local_1": () => order({ status: "expired" }) });
    renderCheckout();
    expect(
      await screen.findByText("This checkout has expired. Start a new one from the upgrade page."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirm order" })).toBeNull();
    expect(screen.getByRole("button", { name: "Back to Boxyard" })).toBeTruthy();
  });

  it("S2-2.049 / someone who may not see the checkout is told it does not exist", async () => {
    serveRoutes({
      "GET /api/v1/billing/checkout/cs_local_1": () =>
        failure(404, { errors: { detail: ["This checkout does not exist."] } }),
    });
    renderCheckout();
    await screen.findByText("This checkout does not exist.");
  });
});
