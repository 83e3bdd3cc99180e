import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { confirmEmail, confirmEmailInput, resendVerificationMail } from "./verification.service.ts";

/** E-mail verification of local accounts: the link mailed after sign-up, resending it, following it. */
export function registerVerificationRoutes(app: FastifyInstance, deps: Deps) {
  const limit = { rateLimit: { max: deps.config.signinRateLimit, timeWindow: "1 minute" } };

  app.post(
    "/api/v1/auth/verification/resend",
    { config: limit, schema: routeDoc({ tag: "auth", summary: "Mails the e-mail verification link again" }) },
    async (request) => {
      return runQuery(deps, request.viewer, resendVerificationMail, {});
    },
  );

  app.post(
    "/api/v1/auth/verification/confirm",
    {
      config: limit,
      schema: routeDoc({
        tag: "auth",
        summary: "Verifies an e-mail address with its link's token",
        body: confirmEmailInput,
      }),
    },
    async (request) => runCommand(deps, request.viewer, confirmEmail, unparsed(request.body)),
  );
}
