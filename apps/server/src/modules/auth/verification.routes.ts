import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { requireViewer } from "../../http/viewer.ts";
import { runCommand, unparsed } from "../../service/context.ts";
import { confirmEmail, sendVerificationMail } from "./verification.service.ts";

/** E-mail verification of local accounts: the link mailed after sign-up, resending it, following it. */
export function registerVerificationRoutes(app: FastifyInstance, deps: Deps) {
  const limit = { rateLimit: { max: deps.config.signinRateLimit, timeWindow: "1 minute" } };

  app.post("/api/v1/auth/verification/resend", { config: limit }, async (request) => {
    const viewer = requireViewer(request);
    return sendVerificationMail(deps, viewer.userId);
  });

  app.post("/api/v1/auth/verification/confirm", { config: limit }, async (request) =>
    runCommand(deps, request.viewer, confirmEmail, unparsed(request.body)),
  );
}
