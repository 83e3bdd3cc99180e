import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer } from "../../http/viewer.ts";
import { confirmEmail, sendVerificationMail } from "./verification.service.ts";

const tokenBody = z.object({
  token: z.string("The link has no token.").min(1, "The link has no token.").max(200),
});

/** E-mail verification of local accounts: the link mailed after sign-up, resending it, following it. */
export function registerVerificationRoutes(app: FastifyInstance, deps: Deps) {
  const limit = { rateLimit: { max: deps.config.signinRateLimit, timeWindow: "1 minute" } };

  app.post("/api/v1/auth/verification/resend", { config: limit }, async (request) => {
    const viewer = requireViewer(request);
    return sendVerificationMail(deps, viewer.userId);
  });

  app.post("/api/v1/auth/verification/confirm", { config: limit }, async (request) => {
    const { token } = parseOrInvalid(tokenBody, request.body);
    return { ...(await confirmEmail(deps, token)), verified: true };
  });
}
