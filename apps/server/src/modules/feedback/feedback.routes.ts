import { ACCOUNT_MESSAGES, FEEDBACK_MAX_LENGTH, surveyAnswersSchema } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import { answerSurvey, sendFeedback } from "./feedback.service.ts";

const feedbackBody = z.object({
  text: z
    .string(ACCOUNT_MESSAGES.feedbackRequired)
    .trim()
    .min(1, ACCOUNT_MESSAGES.feedbackRequired)
    .max(FEEDBACK_MAX_LENGTH, ACCOUNT_MESSAGES.feedbackTooLong),
  page: z.string().max(500).optional(),
});

const surveyBody = z.object({ answers: surveyAnswersSchema });

/**
 * `POST /api/v1/feedback` `{text, page?}` (the Feedback modal) and `POST /api/v1/users/survey`
 * `{answers}` (the 'Help improve Boxyard' survey, which also marks it seen). Signed-in users only;
 * feedback is rate limited.
 */
export function registerFeedbackRoutes(app: FastifyInstance, deps: Deps) {
  app.post(
    "/api/v1/feedback",
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const input = parseOrInvalid(feedbackBody, request.body);
      const saved = await sendFeedback(deps.db, viewer.userId, {
        ...input,
        userAgent: request.headers["user-agent"],
      });
      return reply.status(201).send(saved);
    },
  );

  app.post("/api/v1/users/survey", async (request, reply) => {
    const viewer = requireViewer(request);
    // Answers are keyed by question id; the camelizer must not rename them (they are already camelCase).
    const { answers } = parseOrInvalid(surveyBody, request.body);
    await answerSurvey(deps.db, viewer.userId, answers);
    return reply.status(204).send();
  });
}
