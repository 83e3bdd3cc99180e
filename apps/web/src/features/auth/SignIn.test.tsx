import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SignInPage, SignUpPage } from "../../pages/signin/SignInPage.tsx";
import { ALL_FEATURES, makeUser, NO_FEATURES, renderApp, setLoginMarker } from "../../test/render.tsx";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";
import { getCurrentModal, openModal } from "../modals/modalStore.ts";
import { PASSWORD_TEXTS } from "./passwordTexts.ts";
import { SignInPanel } from "./SignInPanel.tsx";

let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  open = vi
    .spyOn(window, "open")
    .mockImplementation(
      () => ({ closed: false, close: vi.fn(), focus: vi.fn(), location: { href: "" } }) as unknown as Window,
    );
});
function post(data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin: window.location.origin }));
  });
}

describe("sign-in screen", () => {
  it("S1-2.101 / S1-3.033 / shows the GitHub, Google, Apple and SSO choices the features turn on", () => {
    renderApp(<SignInPanel />, { features: ALL_FEATURES });
    for (const name of [
      "Sign in with GitHub",
      "Sign in with Google",
      "Sign in with Apple",
      "Sign in with SSO",
    ]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
  });

  it("S1-2.101 / S1-3.033 / hides the providers that are turned off", () => {
    renderApp(<SignInPanel />, { features: { ...NO_FEATURES, loginWithGithub: true } });
    expect(screen.getByRole("button", { name: "Sign in with GitHub" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign in with Apple" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign in with SSO" })).toBeNull();
  });

  it("S1-7.018 / opens the provider in a 1020x618 popup with the e-mail scope for the code host", async () => {
    renderApp(<SignInPanel />, { features: ALL_FEATURES });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with GitHub" }));
    const [url, name, features] = open.mock.calls[0]!;
    expect(url).toBe("/auth/github?version=2&scope=user%3Aemail");
    expect(name).toBe("boxyard-signin");
    expect(String(features)).toContain("width=1020,height=618");
  });

  it("S1-3.032 / the provider being signed in with is marked loading; the others wait; a signin message clears it", async () => {
    serveRoutes({ "GET /api/v1/users/current": () => makeUser() });
    renderApp(<SignInPanel />, { features: ALL_FEATURES });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with GitHub" }));
    const github = screen.getByRole("button", { name: "Sign in with GitHub" }) as HTMLButtonElement;
    expect(github.getAttribute("aria-busy")).toBe("true");
    const google = screen.getByRole("button", { name: "Sign in with Google" }) as HTMLButtonElement;
    expect(google.getAttribute("aria-busy")).toBeNull();
    expect(google.disabled).toBe(true);
    setLoginMarker();
    post({ type: "signin" });
    await waitFor(() =>
      expect(
        (screen.queryByRole("button", { name: "Sign in with Google" }) as HTMLButtonElement | null)
          ?.disabled ?? false,
      ).toBe(false),
    );
  });

  it("S1-4.015 / S1-5.004 / defaults to SSO with a required e-mail field when single sign-on is the only way in", () => {
    renderApp(<SignInPanel />, { features: { ...NO_FEATURES, loginWithWorkos: true } });
    const field = screen.getByLabelText("Work e-mail") as HTMLInputElement;
    expect(field.type).toBe("email");
    expect(field.required).toBe(true);
    expect(screen.getByRole("button", { name: "Continue with SSO" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in another way" })).toBeNull();
  });

  it("S1-8.011 / an SSO failure shows the server message followed by the SSO advice", async () => {
    serveRoutes({
      "GET /auth/workos/initialize": () =>
        failure(422, { errors: { detail: ["No SSO connection for example.com"] } }),
    });
    renderApp(<SignInPanel />, { features: { ...NO_FEATURES, loginWithWorkos: true } });
    await userEvent.type(screen.getByLabelText("Work e-mail"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Continue with SSO" }));
    expect(
      await screen.findByText(
        "No SSO connection for example.com. Please contact your team admin or sign in through a different method.",
      ),
    ).toBeTruthy();
    expect(document.querySelector("form")?.getAttribute("data-state")).toBe("INVALID");
  });

  it("S1-4.012 / S1-8.011 / a duplicate message shows the duplicate view with that provider's button", () => {
    renderApp(<SignInPanel />, { features: ALL_FEATURES });
    post({ type: "duplicate", provider: "google" });
    expect(
      screen.getByText("We found an existing account, please sign in with Google instead."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in with Google" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in with GitHub" })).toBeNull();
  });

  it("S1-2.104 / names the e-mail and password provider in the duplicate view", () => {
    renderApp(<SignInPanel />, { features: { ...ALL_FEATURES, loginWithPassword: true } });
    post({ type: "duplicate", provider: "local" });
    expect(
      screen.getByText("We found an existing account, please sign in with E-mail and password instead."),
    ).toBeTruthy();
  });

  it("S1-2.102 / 'Continue without an account' shows only when a cancel handler exists", async () => {
    const onCancel = vi.fn();
    const { unmount } = renderApp(<SignInPanel />, { features: ALL_FEATURES });
    expect(screen.queryByRole("button", { name: "Continue without an account" })).toBeNull();
    unmount();
    renderApp(<SignInPanel onCancel={onCancel} />, { features: ALL_FEATURES });
    await userEvent.click(screen.getByRole("button", { name: "Continue without an account" }));
    expect(onCancel).toHaveBeenCalled();
  });

  it("S1-2.103 / links the terms of service and the privacy statement", () => {
    renderApp(<SignInPanel />, { features: ALL_FEATURES });
    expect(screen.getByRole("link", { name: "Terms of service" }).getAttribute("href")).toBe(
      "/legal/cookies#terms",
    );
    expect(screen.getByRole("link", { name: "Privacy policy" }).getAttribute("href")).toBe("/legal/cookies");
  });

  it("S1-4.011 / S1-4.016 / a signin message loads the user and goes on to the continue path", async () => {
    serveRoutes({
      "GET /api/v1/users/current": () => {
        setLoginMarker();
        return makeUser();
      },
    });
    renderApp(
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>,
      { route: "/signin?continue=%2Fdashboard%2Fdrafts" },
    );
    await screen.findByRole("button", { name: "Sign in with GitHub" });
    post({ type: "signin" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/drafts"));
  });

  it("S1-4.013 / S1-2.105 / a signup message sets the pending user and opens onboarding, keeping the continue path", async () => {
    serveRoutes({
      "GET /api/v1/users/pending/5a1b7c3e-2222-4c4c-9a9a-000000000002": () => ({
        id: "5a1b7c3e-2222-4c4c-9a9a-000000000002",
        username: "ada",
        name: "Ada",
        avatarUrl: null,
        valid: true,
      }),
    });
    renderApp(
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/signup/:userId" element={<SignUpPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>,
      { route: "/signin?continue=%2Fdashboard%2Fdrafts" },
    );
    await screen.findByRole("button", { name: "Sign in with GitHub" });
    post({ type: "signup", pendingUserId: "5a1b7c3e-2222-4c4c-9a9a-000000000002" });
    expect(screen.getByTestId("location").textContent).toBe(
      "/signup/5a1b7c3e-2222-4c4c-9a9a-000000000002?continue=%2Fdashboard%2Fdrafts",
    );
    // The onboarding form follows, filled in from the pending user.
    await screen.findByRole("heading", { name: "Welcome to Boxyard" });
    expect(((await screen.findByLabelText("Username")) as HTMLInputElement).value).toBe("ada");
  });

  it("S1-8.009 / an error message reads 'Could not authenticate'", async () => {
    renderApp(<SignInPanel />, { features: ALL_FEATURES });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with Google" }));
    post({ type: "error" });
    expect((await screen.findAllByText("Could not authenticate")).length).toBeGreaterThan(0);
  });
});

describe("sign-in modal", () => {
  it("S1-2.106 / S1-4.017 / closes on Escape and clears its cancel callback", async () => {
    const onCancel = vi.fn();
    renderApp(<p>Page</p>, { features: ALL_FEATURES });
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = openModal("signin", { onCancel });
    });
    const dialog = await screen.findByRole("dialog");
    expect(dialog.style.width).toBe("400px");
    expect(screen.getByRole("button", { name: "Continue without an account" })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await expect(result).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Closed, the modal is forgotten with its props: the cancel callback is gone.
    await waitFor(() => expect(getCurrentModal()).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("S1-2.106 / is not shown when a user is already signed in", async () => {
    renderApp(<p>Page</p>, { features: ALL_FEATURES, user: makeUser() });
    act(() => {
      void openModal("signin");
    });
    await waitFor(() => expect(getCurrentModal()?.open ?? false).toBe(false));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("creating an account with an e-mail and a password (issue 19)", () => {
  const localFeatures = { ...ALL_FEATURES, loginWithPassword: true };

  it("the screen is titled 'Create your account', the password rule shows up front, and a refusal shows without the field's name", async () => {
    const user = userEvent.setup();
    const calls = serveRoutes({
      "POST /api/v1/auth/local/signup": () =>
        failure(422, { errors: { password: ["The password needs at least 8 characters."] } }),
    });
    renderApp(<SignInPanel />, { features: localFeatures });
    const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
    expect(heading()).toBe("Sign in to Boxyard");
    expect(screen.queryByText(PASSWORD_TEXTS.rule)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(heading()).toBe("Create your account");
    const password = screen.getByLabelText("Password");
    const rule = screen.getByText(PASSWORD_TEXTS.rule);
    expect(password.getAttribute("aria-describedby")).toBe(rule.id);

    await user.type(screen.getByLabelText("E-mail"), "ada@example.com");
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The password needs at least 8 characters.");
    expect(password.getAttribute("aria-describedby")).toBe(alert.id);
    expect(calls).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(heading()).toBe("Sign in to Boxyard");
  });

  it("a refusal about the e-mail shows by the e-mail field", async () => {
    const user = userEvent.setup();
    serveRoutes({
      "POST /api/v1/auth/local/signup": () =>
        failure(422, { errors: { email: ["Enter a valid e-mail address."] } }),
    });
    renderApp(<SignInPanel />, { features: localFeatures });
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await user.type(screen.getByLabelText("E-mail"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "long enough password");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Enter a valid e-mail address.");
    expect(screen.getByLabelText("E-mail").getAttribute("aria-describedby")).toBe(alert.id);
    // The password field keeps its rule.
    expect(screen.getByLabelText("Password").getAttribute("aria-describedby")).toBe(
      screen.getByText(PASSWORD_TEXTS.rule).id,
    );
  });
});
