import { normalizeOnboarding, onboardingSchema } from "@boxyard/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { parseOrInvalid } from "../../http/parse-input.ts";
import { requireViewer, setSessionCookies } from "../../http/viewer.ts";
import { PENDING_COOKIE } from "../auth/auth.routes.ts";
import { createSession } from "../auth/sessions.service.ts";
import { sendVerificationAfterSignUp } from "../auth/verification.service.ts";
import { currentUser, finalizeSignUp, isUsernameAvailable, pendingUserFor } from "./users.service.ts";

export function registerUserRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const secure = config.publicUrl.startsWith("https://");

  app.get("/api/v1/users/current", async (request) =>
    currentUser(db, requireViewer(request).userId, deps.mailer !== null),
  );

  app.post("/api/v1/users/survey-seen", async (request, reply) => {
    const viewer = requireViewer(request);
    await db.update(users).set({ surveySeenAt: new Date() }).where(eq(users.id, viewer.userId));
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>("/api/v1/users/pending/:id", async (request) => {
    const { id } = parseOrInvalid(z.object({ id: z.uuid("Unknown sign-up.") }), request.params);
    const pending = await pendingUserFor(db, id, request.cookies[PENDING_COOKIE]);
    return {
      id: pending.id,
      username: pending.username,
      name: pending.name,
      avatarUrl: pending.avatarUrl,
      // Whether the suggested username is free (spec 1 §3 'Pending user').
      valid: pending.username !== null && (await isUsernameAvailable(db, pending.username)),
    };
  });

  app.get<{ Params: { username: string } }>("/api/v1/users/available/:username", async (request) => ({
    available: await isUsernameAvailable(db, request.params.username),
  }));

  app.post(
    "/api/v1/users/finalize",
    { config: { rateLimit: { max: config.signinRateLimit, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const input = normalizeOnboarding(parseOrInvalid(onboardingSchema, request.body));
      const { userId, primaryTeamId, unverifiedLocal } = await finalizeSignUp(
        db,
        input,
        request.cookies[PENDING_COOKIE],
      );
      if (unverifiedLocal) sendVerificationAfterSignUp(deps, userId);
      reply.clearCookie(PENDING_COOKIE, { path: "/" });
      setSessionCookies(reply, await createSession(db, userId, request.headers["user-agent"]), secure);
      return { primaryTeamId };
    },
  );
}
