import { z } from "zod";
import { SURVEY_COMMENT_MAX, SURVEY_INCOMPLETE, SURVEY_QUESTIONS } from "./survey.ts";

/** The answers: every choice question answered with one of its options; the comment optional. */
export const surveyAnswersSchema = z
  .record(
    z.string(),
    z.string().max(SURVEY_COMMENT_MAX, `Keep your comment under ${SURVEY_COMMENT_MAX} characters.`),
  )
  .superRefine((answers, ctx) => {
    for (const question of SURVEY_QUESTIONS) {
      const answer = answers[question.id];
      if (question.kind === "choice" && (!answer || !question.options.includes(answer))) {
        ctx.addIssue({ code: "custom", message: SURVEY_INCOMPLETE, path: [question.id] });
      }
    }
    for (const key of Object.keys(answers)) {
      if (!SURVEY_QUESTIONS.some((q) => q.id === key)) {
        ctx.addIssue({ code: "custom", message: `Unknown question: ${key}.`, path: [key] });
      }
    }
  });
