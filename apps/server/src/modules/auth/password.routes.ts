import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../../deps.ts";
import { errorBody } from "../../http/errors.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject, parseOrInvalid } from "../../http/parse-input.ts";
import { SESSION_COOKIE } from "../../http/viewer.ts";
import { runCommand, unparsed } from "../../service/context.ts";
import { changePasswordInput, forgotPasswordInput, resetPasswordInput } from "./auth.schema.ts";
import { changePassword, requestPasswordReset, resetPassword } from "./password.service.ts";

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
  app.post(
    "/api/v1/auth/password/forgot",
    {
      ...perAccount,
      schema: routeDoc({ tag: "auth", summary: "Mails a password reset link", body: forgotPasswordInput }),
    },
    async (request, reply) => {
      // Parsed before the answer too: a malformed address is refused at once, like any other input.
      const input = parseOrInvalid(forgotPasswordInput, request.body);
      setImmediate(() => {
        runCommand(deps, null, requestPasswordReset, input).catch((error) =>
          deps.log.error({ err: error }, "the password reset e-mail could not be sent"),
        );
      });
      return reply.status(202).send({ sent: true });
    },
  );

  app.post(
    "/api/v1/auth/password/reset",
    {
      config: limit,
      ...enabled,
      schema: routeDoc({
        tag: "auth",
        summary: "Sets a new password with a mailed reset link's token",
        body: resetPasswordInput,
      }),
    },
    async (request, reply) => {
      const { userId } = await runCommand(deps, request.viewer, resetPassword, unparsed(request.body));
      await deps.sessions.revoke({ userId });
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/v1/auth/password/change",
    {
      config: limit,
      ...enabled,
      schema: routeDoc({
        tag: "auth",
        summary: "Changes the signed-in user's password; their other sessions end",
        body: changePasswordInput.omit({ keepSession: true }),
      }),
    },
    async (request, reply) => {
      const keepSession = request.viewer?.via === "session" ? request.cookies[SESSION_COOKIE] : undefined;
      const { endedSessions } = await runCommand(
        deps,
        request.viewer,
        changePassword,
        unparsed({ ...bodyObject(request.body), keepSession }),
      );
      for (const tokenHash of endedSessions) await deps.sessions.revoke({ tokenHash });
      return reply.status(204).send();
    },
  );
}
