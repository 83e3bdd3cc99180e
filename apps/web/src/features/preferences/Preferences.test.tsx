// biome-ignore-all lint/correctness/noComponentHookFactories: the keys are GraphQL operation names, not components.
import { ACCOUNT_MESSAGES, MESSAGES } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GraphQLAnswerError, serveOperations } from "../../test/graphql-handlers.ts";
import { makeUser, NO_FEATURES, renderApp } from "../../test/render.tsx";
import { failure, serveRoutes } from "../../test/rest-handlers.ts";
import { openModal, resetModals } from "../modals/modalStore.ts";
import { profileUpdateError } from "./AccountTab.tsx";
import { preferencesTabs } from "./PreferencesPanel.tsx";

beforeEach(() => resetModals());
afterEach(() => {
  resetModals();
});

describe("Preferences", () => {
  it("S2-2.023 / S2-1.004 / S2-2.025 / S2-2.027 / S1-6.015 / tabs: Integrations hidden on-premise or signed out, Experiments hidden on-premise", () => {
    const ids = (o: { onPremise: boolean; loggedIn: boolean }) => preferencesTabs(o).map((t) => t.id);
    expect(ids({ onPremise: false, loggedIn: true })).toEqual([
      "account",
      "integrations",
      "notifications",
      "experiments",
    ]);
    expect(ids({ onPremise: false, loggedIn: false })).toEqual(["account", "experiments"]);
    expect(ids({ onPremise: true, loggedIn: true })).toEqual(["account", "notifications"]);
  });

  it("S2-2.028 / S1-5.002 / S2-2.024 / changing the username asks 'Change Username' first; then it is saved", async () => {
    const user = makeUser();
    const operationsSent = serveOperations({
      UpdateCurrentUser: () => ({
        updateCurrentUser: { username: "ada2", name: "Ada", bio: null, socialLinks: [] },
      }),
    });
    serveRoutes({ "GET /api/v1/users/current": () => ({ ...user, username: "ada2" }) });
    renderApp(<main />, { user });
    void openModal("preferences", { tab: "account" });
    const dialog = await screen.findByRole("dialog", { name: "Preferences" });
    expect(within(dialog).getByText(user.email!)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Edit" }));
    const username = within(dialog).getByLabelText("Username");
    await userEvent.clear(username);
    await userEvent.type(username, "ada2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      within(dialog).getByRole("alertdialog", { name: ACCOUNT_MESSAGES.changeUsernameTitle }),
    ).toBeTruthy();
    expect(operationsSent()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: ACCOUNT_MESSAGES.changeUsernameTitle }));
    await waitFor(() => expect(operationsSent()).toHaveLength(1));
    const [sent] = operationsSent();
    expect(sent?.operationName).toBe("UpdateCurrentUser");
    expect(sent?.variables).toMatchObject({ username: "ada2", name: "Ada Lovelace" });
    await screen.findByText(ACCOUNT_MESSAGES.profileUpdated);
  });

  it("S2-8.014 / S1-8.023 / a refused update shows the server's username message; other failures the generic one", async () => {
    expect(profileUpdateError(new Error(MESSAGES.usernameTaken))).toBe(MESSAGES.usernameTaken);
    expect(profileUpdateError(new Error("boom"))).toBe(ACCOUNT_MESSAGES.profileUpdateFailed);
    const user = makeUser();
    serveOperations({
      UpdateCurrentUser: () => {
        throw new GraphQLAnswerError(MESSAGES.usernameTaken);
      },
    });
    renderApp(<main />, { user });
    void openModal("preferences", { tab: "account" });
    const dialog = await screen.findByRole("dialog", { name: "Preferences" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Edit" }));
    await userEvent.type(within(dialog).getByLabelText("Name"), "!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await within(dialog).findByText(MESSAGES.usernameTaken);
  });

  it("S2-4.007 / S2-8.014 / S1-8.020 / deletion: the confirmation says 3 working days; a failure asks to e-mail support; while requested, an undo", async () => {
    serveOperations({
      DeleteCurrentUser: () => {
        throw failure(500, { errors: { detail: ["down"] } });
      },
    });
    renderApp(<main />, { user: makeUser() });
    void openModal("preferences", { tab: "account" });
    await userEvent.click(await screen.findByRole("button", { name: ACCOUNT_MESSAGES.requestDeletion }));
    const closing = await screen.findByRole("dialog", { name: ACCOUNT_MESSAGES.deletionTitle });
    expect(closing.textContent).toContain("within 3 working days");
    await userEvent.click(within(closing).getByRole("button", { name: ACCOUNT_MESSAGES.requestDeletion }));
    await screen.findByText(ACCOUNT_MESSAGES.deletionFailed);
    expect(ACCOUNT_MESSAGES.deletionFailed).toMatch(/e-mail support/);
  });

  it("S2-4.007 / a user whose deletion is requested sees the undo", async () => {
    serveRoutes({});
    renderApp(<main />, { user: makeUser({ deletionRequested: true }) });
    void openModal("preferences", { tab: "account" });
    await screen.findByText(ACCOUNT_MESSAGES.deletionRequested);
    expect(screen.getByRole("button", { name: ACCOUNT_MESSAGES.undoDeletion })).toBeTruthy();
  });

  it("S2-6.009 / S2-2.025 / Integrations: the GitHub scopes, re-authorising with scopes in the sign-in popup, removing", async () => {
    const user = makeUser({
      githubProfile: { data: { login: "octo", email: null, scopes: ["user:email", "repo"] } },
    });
    const calls = serveRoutes({
      "DELETE /api/v1/users/current_user/integrations/github": () => undefined,
      "GET /api/v1/users/current": () => ({
        ...user,
        githubProfile: { error: "No GitHub account is linked." },
      }),
    });
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return { closed: false, focus() {} } as unknown as Window;
    }) as typeof window.open;
    renderApp(<main />, { user });
    void openModal("preferences", { tab: "integrations" });
    const dialog = await screen.findByRole("dialog", { name: "Preferences" });
    expect(within(dialog).getByText("Connected as @octo")).toBeTruthy();
    expect(within(dialog).getByText("Read and write private repositories")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Only public repositories" }));
    expect(decodeURIComponent(opened[0]!)).toContain("scope=user:email public_repo read:org");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove integration" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    await within(dialog).findByRole("button", { name: "Connect GitHub" });
  });

  it("S2-6.010 / on-premise the integrations and experiments tabs are hidden", async () => {
    serveRoutes({});
    renderApp(<main />, { user: makeUser(), features: { ...NO_FEATURES, onPremise: true } });
    void openModal("preferences", { tab: "integrations" });
    const dialog = await screen.findByRole("dialog", { name: "Preferences" });
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Account", "Notifications"]);
  });
});
