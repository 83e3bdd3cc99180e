// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ClientLoginPage } from "../pages/client-login/ClientLoginPage.tsx";
import {
  CreateWorkspacePage,
  validateWorkspaceName,
} from "../pages/create-workspace/CreateWorkspacePage.tsx";
import { DevSignInPage } from "../pages/signin/DevSignInPage.tsx";
import { serveOperations } from "../test/graphql-handlers.ts";
import { ALL_FEATURES, makeUser, renderApp } from "../test/render.tsx";
import { failure, serveRoutes } from "../test/rest-handlers.ts";
import {
  defaultSignInMode,
  normalizeProvider,
  providerDisplayName,
  safeContinuePath,
} from "./auth/providers.ts";
import { CookieConsentBanner } from "./cookie-consent/CookieConsent.tsx";
import { analyticsEnabled, getConsent } from "./cookie-consent/consent.ts";
import { confirm } from "./modals/ConfirmModal.tsx";
import { closeModal, getCurrentModal, openModal } from "./modals/modalStore.ts";
import { PublicNavBar } from "./public-nav/PublicNavBar.tsx";
import { STORAGE_KEYS } from "./session/storage.ts";

describe("sign-in helpers", () => {
  it("S1-2.104 / names the providers GitHub, Google, Apple, SSO and E-mail and password", () => {
    expect(["GITHUB", "google", "Apple", "workos", "password"].map(providerDisplayName)).toEqual([
      "GitHub",
      "Google",
      "Apple",
      "SSO",
      "E-mail and password",
    ]);
    expect(normalizeProvider("unknown")).toBeNull();
  });

  it("S1-4.015 / the default mode is SSO only when single sign-on is the only way in", () => {
    const none = { ...ALL_FEATURES, loginWithApple: false, loginWithGithub: false, loginWithGoogle: false };
    expect(defaultSignInMode(none)).toBe("SSO");
    expect(defaultSignInMode(ALL_FEATURES)).toBe("DEFAULT");
    expect(defaultSignInMode({ ...none, loginWithPassword: true })).toBe("DEFAULT");
  });

  it("S1-2.024 / only paths of this app are continued to after sign-in", () => {
    expect(safeContinuePath("/dashboard/recent?workspace=1")).toBe("/dashboard/recent?workspace=1");
    expect(safeContinuePath("//evil.example.com")).toBeNull();
    expect(safeContinuePath("https://evil.example.com")).toBeNull();
    expect(safeContinuePath(null)).toBeNull();
  });
});

describe("app start", () => {
  it("S1-4.020 / S1-8.010 / a legacy stored token is revoked and removed, with a sticky message and a Sign in action", async () => {
    window.localStorage.setItem(STORAGE_KEYS.legacyToken, "old-token");
    const calls = serveRoutes({
      "DELETE /api/v1/auth/revoke/old-token": () => undefined,
      "DELETE /api/v1/users/signout": () => undefined,
    });
    renderApp(<p>Home</p>);
    expect(
      await screen.findByText("Sorry, we had to sign you out. Please sign in again to continue."),
    ).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toContain(
      "DELETE /api/v1/auth/revoke/old-token",
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.legacyToken)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(getCurrentModal()?.name).toBe("signin");
  });

  it("S1-8.009 / a start-up failure other than 401 shows 'We had trouble with signing you in'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    serveRoutes({ "GET /api/v1/users/current": () => failure(500, { errors: { detail: ["boom"] } }) });
    // The login marker is present but no user is cached: the app asks the server.
    // biome-ignore lint/suspicious/noDocumentCookie: the readable login marker the server sets.
    document.cookie = "boxyard_signed_in=1; path=/";
    renderApp(<p>Home</p>);
    await screen.findByText("We had trouble with signing you in");
  });

  it("S1-4.016 / without the login marker no user is requested and the visitor is signed out", async () => {
    const calls = serveRoutes({});
    renderApp(<PublicNavBar title="Templates" />);
    await screen.findByRole("button", { name: "Sign In" });
    expect(calls.some((call) => call.url.pathname === "/api/v1/users/current")).toBe(false);
  });
});

describe("public navigation bar", () => {
  it("S1-2.097 / S1-2.098 / signed out: logo to /, Sign In and Create shown", () => {
    renderApp(<PublicNavBar title="Templates" />, { route: "/templates" });
    expect(screen.getByRole("link", { name: "Boxyard home" }).getAttribute("href")).toBe("/");
    expect(screen.getByText("Templates")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create" })).toBeTruthy();
  });

  it("S1-2.098 / the Sign In button is hidden on /signin", () => {
    renderApp(<PublicNavBar />, { route: "/signin" });
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
  });

  it("S1-2.097 / S1-2.099 / signed in: logo to /dashboard, no Sign In, the user menu entries", async () => {
    renderApp(<PublicNavBar />, { user: makeUser() });
    expect(screen.getByRole("link", { name: "Boxyard home" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "User menu" }));
    const items = (await screen.findAllByRole("menuitem")).map((item) => item.textContent);
    expect(items).toEqual([
      "User settings",
      "Profile",
      "Storage",
      "Documentation",
      "Feedback",
      "Boxyard website",
      "Sign out",
    ]);
  });

  it("S1-2.099 / Storage is hidden on on-premise installs", async () => {
    renderApp(<PublicNavBar />, { user: makeUser(), features: { ...ALL_FEATURES, onPremise: true } });
    await userEvent.click(screen.getByRole("button", { name: "User menu" }));
    const items = (await screen.findAllByRole("menuitem")).map((item) => item.textContent);
    expect(items).not.toContain("Storage");
  });

  it("S1-2.100 / the logged-out menu has Documentation and the product site only", async () => {
    renderApp(<PublicNavBar />);
    await userEvent.click(screen.getByRole("button", { name: "Menu" }));
    const items = (await screen.findAllByRole("menuitem")).map((item) => item.textContent);
    expect(items).toEqual(["Documentation", "Boxyard website"]);
  });
});

describe("cookie consent", () => {
  it("S1-2.110 / S1-4.033 / functional is always on and read-only; analytical and marketing are stored", async () => {
    renderApp(<CookieConsentBanner />);
    expect(screen.getByRole("link", { name: "privacy and cookie statement" }).getAttribute("href")).toBe(
      "/legal/cookies",
    );
    await userEvent.click(screen.getByRole("button", { name: "Customize" }));
    const functional = screen.getByRole("checkbox", { name: /Functional/ }) as HTMLInputElement;
    expect(functional.checked).toBe(true);
    expect(functional.disabled).toBe(true);
    await userEvent.click(screen.getByRole("checkbox", { name: /Analytical/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save choices" }));
    expect(getConsent()).toMatchObject({ functional: true, analytical: true, marketing: false });
    expect(analyticsEnabled()).toBe(true);
    expect(screen.queryByRole("button", { name: "Customize" })).toBeNull();
  });

  it("S1-2.110 / 'Only functional' opts out of analytics", async () => {
    renderApp(<CookieConsentBanner />);
    await userEvent.click(screen.getByRole("button", { name: "Only functional" }));
    expect(analyticsEnabled()).toBe(false);
    expect(getConsent()?.functional).toBe(true);
  });
});

describe("modals", () => {
  it("S1-4.023 / one modal at a time; opening returns the result given when it closes", async () => {
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = openModal("storage");
      second = openModal("preferences");
    });
    await expect(first).resolves.toBeUndefined();
    expect(getCurrentModal()?.name).toBe("preferences");
    act(() => closeModal("done"));
    await expect(second).resolves.toBe("done");
  });

  it("S1-2.109 / the confirm dialog shows title, message and both labels and resolves with the choice", async () => {
    renderApp(<p>Page</p>);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({
        title: "Change Username",
        message: "Links must be updated.",
        confirmLabel: "Change",
        cancelLabel: "Keep",
      });
    });
    await screen.findByRole("heading", { name: "Change Username" });
    expect(screen.getByText("Links must be updated.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Keep" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Change" }));
    await expect(answer).resolves.toBe(true);
  });
});

describe("developer sign-in", () => {
  it("S2-2.005 / S2-8.002 / a failure shows 'Error: {message}' from the first detail error", async () => {
    serveRoutes({
      "GET /api/v1/auth/verify/bad-code": () => failure(422, { errors: { detail: ["Invalid code"] } }),
    });
    renderApp(
      <Routes>
        <Route path="/signin/:jwt" element={<DevSignInPage />} />
      </Routes>,
      { route: "/signin/bad-code" },
    );
    expect((screen.getByLabelText("Auth code") as HTMLInputElement).value).toBe("bad-code");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Error: Invalid code");
  });

  it("S2-2.005 / on success the token is posted to the opener as a signin message", async () => {
    serveRoutes({ "GET /api/v1/auth/verify/good": () => ({ token: "tok-1" }) });
    const postMessage = vi.fn();
    vi.spyOn(window, "close").mockImplementation(() => undefined);
    Object.defineProperty(window, "opener", { value: { closed: false, postMessage }, configurable: true });
    try {
      renderApp(
        <Routes>
          <Route path="/signin/dev" element={<DevSignInPage />} />
        </Routes>,
        { route: "/signin/dev" },
      );
      await userEvent.type(screen.getByLabelText("Auth code"), "good");
      await userEvent.click(screen.getByRole("button", { name: "Submit" }));
      await waitFor(() =>
        expect(postMessage).toHaveBeenCalledWith({ type: "signin", token: "tok-1" }, window.location.origin),
      );
    } finally {
      Object.defineProperty(window, "opener", { value: null, configurable: true });
    }
  });
});

describe("client sign-in pages", () => {
  it("S1-2.013 / a signed-in user gets an auth code to copy", async () => {
    serveRoutes({ "GET /api/v1/auth/auth-token": () => ({ token: "cli-token-123" }) });
    renderApp(
      <Routes>
        <Route path="/cli/login" element={<ClientLoginPage />} />
      </Routes>,
      { route: "/cli/login", user: makeUser() },
    );
    await screen.findByText("cli-token-123");
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
  });

  it("S1-2.013 / a signed-out visitor is sent to sign in and back", async () => {
    renderApp(
      <Routes>
        <Route path="/vscode/login" element={<ClientLoginPage />} />
        <Route path="/signin" element={<p>Sign-in page</p>} />
      </Routes>,
      { route: "/vscode/login" },
    );
    expect(screen.getByTestId("location").textContent).toBe("/signin?continue=%2Fvscode%2Flogin");
  });
});

describe("create workspace", () => {
  it("S2-5.008 / the name is required and must differ from the user's workspaces", () => {
    expect(validateWorkspaceName("   ", [])).toBe("Workspace name cannot be empty.");
    expect(validateWorkspaceName("acme ", [{ name: "Acme" }])).toBe(
      "You already have a workspace with this name.",
    );
    expect(validateWorkspaceName("Acme", [{ name: "Other" }])).toBeNull();
  });

  it("S1-2.017 S2-2.038 / creates the workspace with createTeam and moves on to its use cases", async () => {
    const operationsSent = serveOperations({
      AllTeams: () => ({ me: { id: "u", primaryWorkspaceId: null, workspaces: [] } }),
      CreateTeam: () => ({ createTeam: { id: "team-9", name: "Acme" } }),
    });
    renderApp(
      <Routes>
        <Route path="/create-workspace" element={<CreateWorkspacePage />} />
        <Route path="*" element={<p>Dashboard</p>} />
      </Routes>,
      { route: "/create-workspace", user: makeUser() },
    );
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Workspace name cannot be empty.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Workspace name"), "Acme");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe("/create-workspace?workspace=team-9"),
    );
    const create = operationsSent().find((operation) => operation.operationName === "CreateTeam");
    expect(create?.variables).toEqual({ name: "Acme" });
    expect(create?.query).toContain("createTeam(name: $name)");
  });
});
