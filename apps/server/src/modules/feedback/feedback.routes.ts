import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { runCommand, unparsed } from "../../service/context.ts";
import { answerSurvey, sendFeedback } from "./feedback.service.ts";

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
  app.post("/api/v1/users/survey", async (request, reply) => {
    await runCommand(deps, request.viewer, answerSurvey, unparsed(request.body));
    return reply.status(204).send();
  });
}
