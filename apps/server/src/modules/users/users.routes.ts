import { onboardingSchema } from "@boxyard/domain";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject } from "../../http/parse-input.ts";
import { setSessionCookies } from "../../http/viewer.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { PENDING_COOKIE } from "../auth/auth.routes.ts";
import {
  dismissSurvey,
  finalizeSignUp,
  pendingUser,
  signedInUser,
  usernameAvailability,
} from "./users.service.ts";

export function registerUserRoutes(app: FastifyInstance, deps: Deps) {
  const { config } = deps;
  const secure = config.publicUrl.startsWith("https://");

  app.get(
    "/api/v1/users/current",
    { schema: routeDoc({ tag: "users", summary: "The signed-in user" }) },
    async (request) => runQuery(deps, request.viewer, signedInUser, {}),
  );

  app.post(
    "/api/v1/users/survey-seen",
    { schema: routeDoc({ tag: "feedback", summary: "Marks the survey seen" }) },
    async (request, reply) => {
      await runCommand(deps, request.viewer, dismissSurvey, {});
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/v1/users/pending/:id",
    { schema: routeDoc({ tag: "auth", summary: "A sign-up waiting for its onboarding (this browser's)" }) },
    async (request) =>
      runQuery(
        deps,
        request.viewer,
        pendingUser,
        unparsed({ id: request.params.id, browserToken: request.cookies[PENDING_COOKIE] }),
      ),
  );

  app.get<{ Params: { username: string } }>(
    "/api/v1/users/available/:username",
    { schema: routeDoc({ tag: "auth", summary: "Whether a username is free" }) },
    async (request) => runQuery(deps, request.viewer, usernameAvailability, unparsed(request.params)),
  );

  app.post(
    "/api/v1/users/finalize",
    {
      config: { rateLimit: { max: config.signinRateLimit, timeWindow: "1 minute" } },
      schema: routeDoc({
        tag: "auth",
        summary: "Finishes a sign-up with the onboarding form and signs in",
        body: onboardingSchema,
      }),
    },
    async (request, reply) => {
      const { primaryTeamId, session } = await runCommand(
        deps,
        request.viewer,
        finalizeSignUp,
        unparsed({
          ...bodyObject(request.body),
          browserToken: request.cookies[PENDING_COOKIE],
          userAgent: request.headers["user-agent"],
        }),
      );
      reply.clearCookie(PENDING_COOKIE, { path: "/" });
      setSessionCookies(reply, session, secure);
      return { primaryTeamId };
    },
  );
}
