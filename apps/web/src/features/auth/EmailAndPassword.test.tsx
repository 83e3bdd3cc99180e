import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { ForgotPasswordPage } from "../../pages/auth/ForgotPasswordPage.tsx";
import { ResetPasswordPage } from "../../pages/auth/ResetPasswordPage.tsx";
import { SignUpContinuePage } from "../../pages/auth/SignUpContinuePage.tsx";
import { VerifyEmailPage } from "../../pages/auth/VerifyEmailPage.tsx";
import { makeUser, NO_FEATURES, renderApp } from "../../test/render.tsx";
import { type Failure, failure, serveRoutes } from "../../test/rest-handlers.ts";
import { ChangePasswordSection } from "../preferences/ChangePasswordSection.tsx";
import { LocalAccountForm } from "./LocalAccountForm.tsx";
import { PASSWORD_TEXTS } from "./passwordTexts.ts";
import { VerifyEmailBanner } from "./VerifyEmailBanner.tsx";

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const localFeatures = { ...NO_FEATURES, loginWithPassword: true };

describe("e-mail verification (issue 13)", () => {
  it("the verification page spends the link's token once and says the address is verified", async () => {
    const calls = serveRoutes({
      "POST /api/v1/auth/verification/confirm": () => ({ email: "ada@example.com", verified: true }),
      // A visitor: the server refuses to say who they are.
      "GET /api/v1/users/current": () => failure(401, { errors: { detail: ["You need to sign in first."] } }),
    });
    renderApp(<VerifyEmailPage />, { route: "/verify-email?token=abc123", features: localFeatures });
    await screen.findByText(PASSWORD_TEXTS.verified("ada@example.com"));
    const confirms = calls.filter((c) => c.url.pathname === "/api/v1/auth/verification/confirm");
    expect(confirms).toHaveLength(1);
    expect(bodyOf(confirms[0]!.init)).toEqual({ token: "abc123" });
  });

  it("a refused link shows the server's reason", async () => {
    const reason = "This verification link is invalid, has expired or was already used.";
    serveRoutes({
      "POST /api/v1/auth/verification/confirm": () => failure(422, { errors: { token: [reason] } }),
    });
    renderApp(<VerifyEmailPage />, { route: "/verify-email?token=used", features: localFeatures });
    expect((await screen.findByRole("alert")).textContent).toBe(reason);
  });

  it("an unverified user sees the banner and can resend the e-mail; a verified one, or an installation without e-mail, shows none", async () => {
    const calls = serveRoutes({
      "POST /api/v1/auth/verification/resend": () => ({ email: "ada@example.com" }),
    });
    const unverified = makeUser({ emailVerified: false, emailVerificationAvailable: true });
    const { unmount } = renderApp(<VerifyEmailBanner />, { user: unverified });
    expect(screen.getByText(PASSWORD_TEXTS.bannerText("ada@example.com"))).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: PASSWORD_TEXTS.resend }));
    await screen.findByText(PASSWORD_TEXTS.resent("ada@example.com"));
    expect(calls.filter((c) => c.url.pathname === "/api/v1/auth/verification/resend")).toHaveLength(1);
    unmount();

    const { unmount: second } = renderApp(<VerifyEmailBanner />, {
      user: makeUser({ emailVerified: true, emailVerificationAvailable: true }),
    });
    expect(screen.queryByRole("button", { name: PASSWORD_TEXTS.resend })).toBeNull();
    second();
    renderApp(<VerifyEmailBanner />, {
      user: makeUser({ emailVerified: false, emailVerificationAvailable: false }),
    });
    expect(screen.queryByRole("button", { name: PASSWORD_TEXTS.resend })).toBeNull();
  });

  it("the banner shows why a resend was refused", async () => {
    const reason = "A verification e-mail was sent moments ago: wait a minute before asking for another.";
    serveRoutes({
      "POST /api/v1/auth/verification/resend": () => failure(429, { errors: { detail: [reason] } }),
    });
    renderApp(<VerifyEmailBanner />, {
      user: makeUser({ emailVerified: false, emailVerificationAvailable: true }),
    });
    await userEvent.click(screen.getByRole("button", { name: PASSWORD_TEXTS.resend }));
    await screen.findByText(reason);
  });

  it("the sign-up form says a verification link will be sent; the sign-in form links to 'Forgot password?'", async () => {
    renderApp(<LocalAccountForm />, { features: localFeatures });
    expect(screen.getByRole("link", { name: PASSWORD_TEXTS.forgotLink }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText(PASSWORD_TEXTS.signupNote)).toBeTruthy();
  });
});

describe("local sign-up verifies the address first (issue 13)", () => {
  it("the sign-up form says to check the e-mail, whatever the address, and can resend the link", async () => {
    const calls = serveRoutes({
      "POST /api/v1/auth/local/signup": () => ({ type: "verify-email", email: "ada@example.com" }),
    });
    renderApp(<LocalAccountForm />, { features: localFeatures });
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await userEvent.type(screen.getByLabelText("E-mail"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "a long enough password");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText(PASSWORD_TEXTS.signupSent("ada@example.com"));

    await userEvent.click(screen.getByRole("button", { name: PASSWORD_TEXTS.signupResend }));
    await screen.findByText(PASSWORD_TEXTS.signupResent("ada@example.com"));
    const signUps = calls.filter((c) => c.url.pathname === "/api/v1/auth/local/signup");
    expect(signUps).toHaveLength(2);
    for (const call of signUps) {
      expect(bodyOf(call.init)).toEqual({ email: "ada@example.com", password: "a long enough password" });
    }

    await userEvent.click(screen.getByRole("button", { name: PASSWORD_TEXTS.signupOtherAddress }));
    expect(screen.getByRole("form", { name: "Create account" })).toBeTruthy();
  });

  it("the sign-up link's page spends its token once and opens onboarding for the pending user", async () => {
    const pendingUserId = "5a1b7c3e-2222-4c4c-9a9a-000000000003";
    const calls = serveRoutes({
      "POST /api/v1/auth/local/signup/continue": () => ({ type: "signup", pendingUserId }),
    });
    renderApp(
      <Routes>
        <Route path="/signup/continue" element={<SignUpContinuePage />} />
        <Route path="/signup/:userId" element={<p>Onboarding</p>} />
      </Routes>,
      { route: "/signup/continue?token=link123", features: localFeatures },
    );
    await screen.findByText("Onboarding");
    expect(screen.getByTestId("location").textContent).toBe(`/signup/${pendingUserId}`);
    const continues = calls.filter((c) => c.url.pathname === "/api/v1/auth/local/signup/continue");
    expect(continues).toHaveLength(1);
    expect(bodyOf(continues[0]!.init)).toEqual({ token: "link123" });
  });

  it("a refused sign-up link shows the server's reason and offers to sign in", async () => {
    const reason = "This sign-up link is invalid, has expired or was already used.";
    serveRoutes({
      "POST /api/v1/auth/local/signup/continue": () => failure(422, { errors: { token: [reason] } }),
    });
    renderApp(<SignUpContinuePage />, { route: "/signup/continue?token=used", features: localFeatures });
    expect((await screen.findByRole("alert")).textContent).toBe(reason);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin");
  });
});

describe("forgot and reset password (issue 13)", () => {
  it("asking for a link answers the same words whatever the address", async () => {
    const calls = serveRoutes({ "POST /api/v1/auth/password/forgot": () => ({ sent: true }) });
    renderApp(<ForgotPasswordPage />, { route: "/forgot-password" });
    await userEvent.type(screen.getByLabelText("E-mail"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send the link" }));
    await screen.findByText(PASSWORD_TEXTS.forgotSent("ada@example.com"));
    expect(bodyOf(calls.find((c) => c.url.pathname === "/api/v1/auth/password/forgot")!.init)).toEqual({
      email: "ada@example.com",
    });
  });

  it("the reset page checks both passwords match, sends the token, and then offers to sign in", async () => {
    const calls = serveRoutes({
      "POST /api/v1/auth/password/reset": () => undefined,
      "GET /api/v1/users/current": () => failure(401, { errors: { detail: ["You need to sign in first."] } }),
    });
    renderApp(<ResetPasswordPage />, { route: "/reset-password?token=tok" });
    await userEvent.type(screen.getByLabelText("New password"), "a brand new password");
    await userEvent.type(screen.getByLabelText("New password again"), "another password");
    await userEvent.click(screen.getByRole("button", { name: "Set the new password" }));
    await screen.findByText(PASSWORD_TEXTS.mismatch);
    expect(calls.some((c) => c.url.pathname === "/api/v1/auth/password/reset")).toBe(false);

    await userEvent.clear(screen.getByLabelText("New password again"));
    await userEvent.type(screen.getByLabelText("New password again"), "a brand new password");
    await userEvent.click(screen.getByRole("button", { name: "Set the new password" }));
    await screen.findByText(PASSWORD_TEXTS.resetDone);
    expect(bodyOf(calls.find((c) => c.url.pathname === "/api/v1/auth/password/reset")!.init)).toEqual({
      token: "tok",
      password: "a brand new password",
    });
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin");
  });

  it("a refused reset link shows the server's reason", async () => {
    const reason = "This password reset link is invalid, has expired or was already used.";
    serveRoutes({ "POST /api/v1/auth/password/reset": () => failure(422, { errors: { token: [reason] } }) });
    renderApp(<ResetPasswordPage />, { route: "/reset-password?token=old" });
    await userEvent.type(screen.getByLabelText("New password"), "a brand new password");
    await userEvent.type(screen.getByLabelText("New password again"), "a brand new password");
    await userEvent.click(screen.getByRole("button", { name: "Set the new password" }));
    await screen.findByText(reason);
  });
});

describe("change password (Preferences › Account)", () => {
  it("sends the current and the new password; a wrong current one is shown by its field", async () => {
    let answer: Failure | undefined = failure(422, {
      errors: { current_password: ["The current password is not right."] },
    });
    const calls = serveRoutes({ "POST /api/v1/auth/password/change": () => answer });
    renderApp(<ChangePasswordSection />, { user: makeUser({ hasPassword: true }) });
    await userEvent.type(screen.getByLabelText("Current password"), "wrong one");
    await userEvent.type(screen.getByLabelText("New password"), "a brand new password");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByText("The current password is not right.");
    expect(bodyOf(calls[0]!.init)).toEqual({
      current_password: "wrong one",
      new_password: "a brand new password",
    });

    answer = undefined;
    await userEvent.clear(screen.getByLabelText("Current password"));
    await userEvent.type(screen.getByLabelText("Current password"), "right one");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByText(PASSWORD_TEXTS.changed);
    await waitFor(() =>
      expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe(""),
    );
  });
});
