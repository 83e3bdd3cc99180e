import { feedback, surveyResponses } from "../../db/schema/index.ts";
import { command } from "../../service/command.ts";
import { markSurveySeen } from "../users/user-updates.ts";
import { answerSurveyInput, sendFeedbackInput } from "./feedback.schema.ts";

/** Keeps a user's feedback for the instance's operators (README: 'Reading feedback'). */
export const sendFeedback = command(sendFeedbackInput, async (ctx, input) => {
  const [row] = await ctx.db
    .insert(feedback)
    .values({
      userId: ctx.userId,
      text: input.text,
      page: input.page ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: feedback.id, insertedAt: feedback.insertedAt });
  return { id: row!.id, insertedAt: row!.insertedAt.toISOString() };
});

/** Keeps the survey's answers (a second answer replaces the first) and marks the survey seen, together. */
export const answerSurvey = command(answerSurveyInput, async (ctx, { answers }) => {
  await ctx.db
    .insert(surveyResponses)
    .values({ userId: ctx.userId, answers })
    .onConflictDoUpdate({ target: surveyResponses.userId, set: { answers, insertedAt: new Date() } });
  await markSurveySeen(ctx.db, ctx.userId);
});
