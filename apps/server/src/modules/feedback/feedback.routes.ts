import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, unparsed } from "../../service/context.ts";
import { answerSurveyInput, sendFeedbackInput } from "./feedback.schema.ts";
import { answerSurvey, sendFeedback } from "./feedback.service.ts";

/**
 * `POST /api/v1/feedback` `{text, page?}` (the Feedback modal) and `POST /api/v1/users/survey`
 * `{answers}` (the 'Help improve Boxyard' survey, which also marks it seen). Signed-in users only;
 * feedback is rate limited.
 */
export function registerFeedbackRoutes(app: FastifyInstance, deps: Deps) {
  app.post(
    "/api/v1/feedback",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: routeDoc({
        tag: "feedback",
        summary: "Sends feedback to the installation's operators",
        body: sendFeedbackInput.omit({ userAgent: true }),
      }),
    },
    async (request, reply) => {
      const saved = await runCommand(
        deps,
        request.viewer,
        sendFeedback,
        unparsed({ ...bodyObject(request.body), userAgent: request.headers["user-agent"] }),
      );
      return reply.status(201).send(saved);
    },
  );

  // Answers are keyed by question id; the camelizer must not rename them (they are already camelCase).
  app.post(
    "/api/v1/users/survey",
    {
      schema: routeDoc({
        tag: "feedback",
        summary: "Answers the survey (and marks it seen)",
        body: answerSurveyInput,
      }),
    },
    async (request, reply) => {
      await runCommand(deps, request.viewer, answerSurvey, unparsed(request.body));
      return reply.status(204).send();
    },
  );
}
