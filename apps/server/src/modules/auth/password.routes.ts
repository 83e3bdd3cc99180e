import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { errorBody } from "../../http/errors.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer, SESSION_COOKIE } from "../../http/viewer.ts";
import {
  changePassword,
  PASSWORD_MESSAGES,
  requestPasswordReset,
  resetPassword,
} from "./password.service.ts";

const newPassword = z
  .string(PASSWORD_MESSAGES.tooShort)
  .min(8, PASSWORD_MESSAGES.tooShort)
  .max(200, "The password can have at most 200 characters.");

const forgotBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
});
const resetBody = z.object({ token: z.string().min(1).max(200), password: newPassword });
const changeBody = z.object({ currentPassword: z.string().max(200), newPassword });

/** Forgot password (a mailed one-time link), resetting with it, and changing it while signed in. */
export function registerPasswordRoutes(app: FastifyInstance, deps: Deps) {
  const limit = { rateLimit: { max: deps.config.signinRateLimit, timeWindow: "1 minute" } };

  const enabled = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
      if (!deps.config.providers.password) {
        return reply.status(404).send(errorBody("Local accounts are not enabled."));
      }
    },
  };

  // Per address and per account (the e-mail): one inbox cannot be flooded from many addresses.
  const perAccount = { config: limit, ...enabled, preHandler: app.accountRateLimit };

  // The same answer, at once, whether or not the address has an account: the work is done after.
  app.post("/api/v1/auth/password/forgot", perAccount, async (request, reply) => {
    const { email } = parseOrInvalid(forgotBody, request.body);
    setImmediate(() => {
      requestPasswordReset(deps, email).catch((error) =>
        deps.log.error({ err: error }, "the password reset e-mail could not be sent"),
      );
    });
    return reply.status(202).send({ sent: true });
  });

  app.post("/api/v1/auth/password/reset", { config: limit, ...enabled }, async (request, reply) => {
    const input = parseOrInvalid(resetBody, request.body);
    await resetPassword(deps, input.token, input.password);
    return reply.status(204).send();
  });

  app.post("/api/v1/auth/password/change", { config: limit, ...enabled }, async (request, reply) => {
    const viewer = requireViewer(request);
    const input = parseOrInvalid(changeBody, request.body);
    const current = viewer.via === "session" ? request.cookies[SESSION_COOKIE] : undefined;
    await changePassword(deps, viewer.userId, current, input);
    return reply.status(204).send();
  });
}
