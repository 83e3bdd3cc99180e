import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { SignUpPage } from "../../pages/signin/SignInPage.tsx";
import { ALL_FEATURES, makeUser, renderApp, setLoginMarker } from "../../test/render.tsx";
import { failure, type RouteTable, serveRoutes } from "../../test/rest-handlers.ts";
import { PASSWORD_TEXTS } from "../auth/passwordTexts.ts";
import { STORAGE_KEYS } from "../session/storage.ts";

const ID = "5a1b7c3e-2222-4c4c-9a9a-000000000002";
const pending = (valid = true) => ({ id: ID, username: "ada", name: "Ada Lovelace", avatarUrl: null, valid });

function renderSignUp<const K extends string = never>(extra: RouteTable<K> = {} as RouteTable<K>) {
  serveRoutes({ "GET /api/v1/users/pending/:id": () => pending() });
  const calls = serveRoutes(extra);
  renderApp(
    <Routes>
      <Route path="/signup/:userId" element={<SignUpPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route: `/signup/${ID}?continue=%2Fdashboard%2Fdrafts`, features: ALL_FEATURES },
  );
  return calls;
}

describe("onboarding", () => {
  it("S1-5.002 / checks the username on blur: 'Checking username...' then the taken message, submit disabled", async () => {
    let answer: (response: { available: boolean }) => void = () => undefined;
    renderSignUp({
      "GET /api/v1/users/available/ada": () =>
        new Promise<{ available: boolean }>((resolve) => {
          answer = resolve;
        }),
    });
    const username = (await screen.findByLabelText("Username")) as HTMLInputElement;
    expect(username.value).toBe("ada");
    await userEvent.click(username);
    await userEvent.tab();
    const checking = await screen.findByRole("button", { name: "Checking username..." });
    expect((checking as HTMLButtonElement).disabled).toBe(true);
    answer({ available: false });
    await screen.findByText("Sorry, that username is already taken.");
    expect((screen.getByRole("button", { name: "Create account" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("S1-3.002 / a suggested username the pending user reports as taken shows the taken message at once; another is checked", async () => {
    serveRoutes({
      "GET /api/v1/users/pending/:id": () => pending(false),
      "GET /api/v1/users/available/ada-2": () => ({ available: true }),
    });
    renderApp(
      <Routes>
        <Route path="/signup/:userId" element={<SignUpPage />} />
      </Routes>,
      { route: `/signup/${ID}`, features: ALL_FEATURES },
    );
    await screen.findByText("Sorry, that username is already taken.");
    expect((screen.getByRole("button", { name: "Create account" }) as HTMLButtonElement).disabled).toBe(true);
    const username = screen.getByLabelText("Username");
    await userEvent.type(username, "-2");
    await userEvent.tab();
    await screen.findByText("Available");
    expect(screen.queryByText("Sorry, that username is already taken.")).toBeNull();
  });

  it("issue 13 / after a local sign-up, the screen says a verification link was sent to the address", async () => {
    renderSignUp({
      "GET /api/v1/users/available/ada": () => ({ available: true }),
      "POST /api/v1/users/finalize": () => {
        setLoginMarker();
        return { primaryTeamId: "team-1" };
      },
      "GET /api/v1/users/current": () =>
        makeUser({
          email: "ada@example.com",
          emailVerified: false,
          emailVerificationAvailable: true,
        }),
    });
    await screen.findByLabelText("Username");
    await userEvent.selectOptions(screen.getByLabelText("Role"), "fullstack");
    await userEvent.selectOptions(screen.getByLabelText("Usage"), "personal");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText(PASSWORD_TEXTS.sentAfterSignUp("ada@example.com"));
  });

  it("S1-5.003 / S1-3.037 / requires a company size for work, clears company fields otherwise, then finalizes", async () => {
    const calls = renderSignUp({
      "GET /api/v1/users/available/ada": () => ({ available: true }),
      "POST /api/v1/users/finalize": () => {
        setLoginMarker();
        return { primaryTeamId: "team-1" };
      },
      "GET /api/v1/users/current": () => makeUser(),
    });
    await screen.findByLabelText("Username");
    await userEvent.selectOptions(screen.getByLabelText("Role"), "fullstack");
    await userEvent.selectOptions(screen.getByLabelText("Usage"), "work");
    await userEvent.type(screen.getByLabelText(/Company name/), "Acme");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText("Please choose your company size.");

    await userEvent.selectOptions(screen.getByLabelText("Usage"), "personal");
    expect(screen.queryByLabelText(/Company name/)).toBeNull();
    expect(screen.queryByLabelText("Company size")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/drafts"));
    const finalize = calls.find((call) => call.url.pathname === "/api/v1/users/finalize");
    expect(JSON.parse(finalize!.init!.body as string)).toEqual({
      id: ID,
      username: "ada",
      name: "Ada Lovelace",
      role: "fullstack",
      usage: "personal",
      company_name: null,
      company_size: null,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedWorkspace)).toBe("team-1");
  });

  it("S1-5.003 / S1-3.037 / sends the company fields when usage is work", async () => {
    const calls = renderSignUp({
      "GET /api/v1/users/available/ada": () => ({ available: true }),
      "POST /api/v1/users/finalize": () => ({ primaryTeamId: "team-1" }),
      "GET /api/v1/users/current": () => makeUser(),
    });
    await screen.findByLabelText("Username");
    await userEvent.selectOptions(screen.getByLabelText("Role"), "lead-dev");
    await userEvent.selectOptions(screen.getByLabelText("Usage"), "work");
    await userEvent.type(screen.getByLabelText(/Company name/), "Acme");
    await userEvent.selectOptions(screen.getByLabelText("Company size"), "10-50");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === "/api/v1/users/finalize")).toBe(true),
    );
    const finalize = calls.find((call) => call.url.pathname === "/api/v1/users/finalize");
    expect(JSON.parse(finalize!.init!.body as string)).toMatchObject({
      usage: "work",
      company_name: "Acme",
      company_size: "10-50",
    });
  });

  it("S1-8.012 / a failed finalize reads 'There was a problem creating your account'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderSignUp({
      "GET /api/v1/users/available/ada": () => ({ available: true }),
      "POST /api/v1/users/finalize": () => failure(500, { errors: { detail: ["boom"] } }),
    });
    await screen.findByLabelText("Username");
    await userEvent.selectOptions(screen.getByLabelText("Role"), "student");
    await userEvent.selectOptions(screen.getByLabelText("Usage"), "education");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText("There was a problem creating your account");
  });
});
