import { ACCOUNT_MESSAGES, FEEDBACK_MAX_LENGTH, surveyAnswersSchema } from "@boxyard/domain";
import { z } from "zod";

/** `POST /api/v1/feedback` `{text, page?}`, with the browser's user agent the door adds. */
export const sendFeedbackInput = z.object({
  text: z
    .string(ACCOUNT_MESSAGES.feedbackRequired)
    .trim()
    .min(1, ACCOUNT_MESSAGES.feedbackRequired)
    .max(FEEDBACK_MAX_LENGTH, ACCOUNT_MESSAGES.feedbackTooLong),
  page: z.string().max(500).optional(),
  userAgent: z.string().optional(),
});

/** `POST /api/v1/users/survey` `{answers}`. */
export const answerSurveyInput = z.object({ answers: surveyAnswersSchema });
