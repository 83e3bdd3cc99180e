import { ACCOUNT_MESSAGES, SURVEY_INCOMPLETE, SURVEY_QUESTIONS } from "@boxyard/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeUser, renderApp } from "../../test/render.tsx";
import { serveRoutes } from "../../test/rest-handlers.ts";
import { resetModals } from "../modals/modalStore.ts";
import { AccountNotices, termsNoticeKey } from "./AccountNotices.tsx";

beforeEach(() => {
  resetModals();
  window.localStorage.clear();
});
afterEach(() => {
  resetModals();
});

describe("notices shown once", () => {
  it("S1-9.006 / the terms-updated notice shows once to users registered before 2024-03-10", async () => {
    serveRoutes({});
    const old = makeUser({ insertedAt: "2023-01-01T00:00:00Z" });
    const { unmount } = renderApp(<AccountNotices />, { user: old });
    const notice = await screen.findByRole("complementary", { name: ACCOUNT_MESSAGES.termsUpdatedTitle });
    await userEvent.click(within(notice).getByRole("button", { name: "Got it" }));
    expect(screen.queryByRole("complementary", { name: ACCOUNT_MESSAGES.termsUpdatedTitle })).toBeNull();
    expect(window.localStorage.getItem(termsNoticeKey(old.id))).not.toBeNull();
    unmount();
    renderApp(<AccountNotices />, { user: old });
    expect(screen.queryByRole("complementary", { name: ACCOUNT_MESSAGES.termsUpdatedTitle })).toBeNull();
  });

  it("S1-9.006 / newer users never see it", () => {
    serveRoutes({});
    renderApp(<AccountNotices />, { user: makeUser({ insertedAt: "2024-03-10T00:00:00Z" }) });
    expect(screen.queryByRole("complementary")).toBeNull();
  });

  it("S1-9.007 / the survey prompt ('Help improve Boxyard', 7 questions, about 2 minutes) for sendSurvey users; 'No thanks' marks it seen", async () => {
    const user = makeUser({ sendSurvey: true });
    const calls = serveRoutes({
      "POST /api/v1/users/survey-seen": () => undefined,
      "GET /api/v1/users/current": () => ({ ...user, sendSurvey: false }),
    });
    renderApp(<AccountNotices />, { user });
    const prompt = await screen.findByRole("complementary", { name: "Help improve Boxyard" });
    expect(prompt.textContent).toContain("7 questions, about 2 minutes.");
    await userEvent.click(within(prompt).getByRole("button", { name: "No thanks" }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/v1/users/survey-seen")).toBe(true));
    expect(screen.queryByRole("complementary")).toBeNull();
  });

  it("S1-9.007 / S2-2.001 / the survey asks every question before sending the answers", async () => {
    const user = makeUser({ sendSurvey: true });
    const calls = serveRoutes({
      "POST /api/v1/users/survey": () => undefined,
      "GET /api/v1/users/current": () => ({ ...user, sendSurvey: false }),
    });
    renderApp(<AccountNotices />, { user });
    await userEvent.click(await screen.findByRole("button", { name: "Take the survey" }));
    const dialog = await screen.findByRole("dialog", { name: "Help improve Boxyard" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send answers" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(SURVEY_INCOMPLETE);
    for (const question of SURVEY_QUESTIONS) {
      if (question.kind !== "choice") continue;
      await userEvent.click(within(dialog).getByRole("radio", { name: question.options[0]! }));
    }
    await userEvent.click(within(dialog).getByRole("button", { name: "Send answers" }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/v1/users/survey")).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url.pathname === "/api/v1/users/survey")!.init?.body));
    expect(Object.keys(sent.answers)).toHaveLength(6);
    await screen.findByText(ACCOUNT_MESSAGES.surveyThanks);
  });

  it("S2-4.007 / signed in while the deletion is requested: a reminder with the undo", async () => {
    serveRoutes({});
    renderApp(<AccountNotices />, { user: makeUser({ deletionRequested: true, sendSurvey: true }) });
    const notice = await screen.findByRole("complementary", { name: ACCOUNT_MESSAGES.undoDeletionTitle });
    await userEvent.click(within(notice).getByRole("button", { name: ACCOUNT_MESSAGES.undoDeletion }));
    await screen.findByRole("dialog", { name: ACCOUNT_MESSAGES.undoDeletionTitle });
  });
});
