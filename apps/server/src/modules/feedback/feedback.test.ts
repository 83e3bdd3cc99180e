import { ACCOUNT_MESSAGES, SURVEY_INCOMPLETE, SURVEY_QUESTIONS } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { signUp, type TestUser } from "../../../test/factories.ts";
import { feedback, surveyResponses, users } from "../../db/schema/index.ts";
import { call } from "../sandboxes/testing.ts";

// Feedback and the survey are the signed-in user's own: signed out is refused; no workspace is involved.

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const answers = () =>
  Object.fromEntries(SURVEY_QUESTIONS.flatMap((q) => (q.kind === "choice" ? [[q.id, q.options[1]!]] : [])));
const current = async (user: TestUser) =>
  (await app.inject({ url: "/api/v1/users/current", headers: { cookie: user.cookie } })).json();

describe("feedback", () => {
  it("S1-2.099 / a signed-in user sends feedback; operators find it in the feedback table", async () => {
    const ada = await signUp(app);
    const response = await call(app, ada, "POST", "/api/v1/feedback", {
      text: " Lovely! ",
      page: "/dashboard",
    });
    expect(response.statusCode).toBe(201);
    const [row] = await app.deps.db.select().from(feedback).where(eq(feedback.id, response.json().id));
    expect(row).toMatchObject({ userId: ada.id, text: "Lovely!", page: "/dashboard" });
  });

  it("S1-2.099 / bad input changes nothing: empty or too long text is 422; signed out 401", async () => {
    const ada = await signUp(app);
    for (const [body, message] of [
      [{ text: "   " }, ACCOUNT_MESSAGES.feedbackRequired],
      [{}, ACCOUNT_MESSAGES.feedbackRequired],
      [{ text: "x".repeat(5001) }, ACCOUNT_MESSAGES.feedbackTooLong],
    ] as const) {
      const response = await call(app, ada, "POST", "/api/v1/feedback", body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: { text: [message] } });
    }
    expect((await call(app, null, "POST", "/api/v1/feedback", { text: "hi" })).statusCode).toBe(401);
    expect(await app.deps.db.select().from(feedback).where(eq(feedback.userId, ada.id))).toEqual([]);
  });
});

describe("the survey", () => {
  it("S1-9.007 / S1-8.031 / sendSurvey comes to accounts two weeks old or flagged, once: answering or dismissing (survey-seen) ends it", async () => {
    const [ada, bob, cleo] = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    expect((await current(ada)).sendSurvey).toBe(false);
    await app.deps.db
      .update(users)
      .set({ insertedAt: new Date(Date.now() - 15 * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, ada.id));
    await app.deps.db.update(users).set({ sendSurvey: true }).where(eq(users.id, bob.id));
    expect((await current(ada)).sendSurvey).toBe(true);
    expect((await current(bob)).sendSurvey).toBe(true);
    expect((await current(cleo)).sendSurvey).toBe(false);

    const answered = await call(app, ada, "POST", "/api/v1/users/survey", {
      answers: { ...answers(), comments: "Keep going" },
    });
    expect(answered.statusCode).toBe(204);
    expect((await current(ada)).sendSurvey).toBe(false);
    const [row] = await app.deps.db.select().from(surveyResponses).where(eq(surveyResponses.userId, ada.id));
    expect(row!.answers).toMatchObject({ usage: "Personal projects", comments: "Keep going" });

    expect((await call(app, bob, "POST", "/api/v1/users/survey-seen", {})).statusCode).toBe(204);
    expect((await current(bob)).sendSurvey).toBe(false);
  });

  it("S1-9.007 / incomplete or unknown answers are 422 and nothing is kept; signed out 401", async () => {
    const ada = await signUp(app);
    const partial = await call(app, ada, "POST", "/api/v1/users/survey", { answers: { usage: "Work" } });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.answers).toEqual([SURVEY_INCOMPLETE]);
    expect(
      (await call(app, ada, "POST", "/api/v1/users/survey", { answers: { ...answers(), usage: "Nope" } }))
        .statusCode,
    ).toBe(422);
    expect((await call(app, ada, "POST", "/api/v1/users/survey", { answers: "yes" })).statusCode).toBe(422);
    expect((await call(app, null, "POST", "/api/v1/users/survey", { answers: answers() })).statusCode).toBe(
      401,
    );
    expect(
      await app.deps.db.select().from(surveyResponses).where(eq(surveyResponses.userId, ada.id)),
    ).toEqual([]);
    expect((await app.deps.db.select().from(users).where(eq(users.id, ada.id)))[0]!.surveySeenAt).toBeNull();
  });
});
