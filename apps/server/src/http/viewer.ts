// The cookie plugin's types (request.cookies, reply.setCookie), for every program that reads this file.
import type {} from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { resolveApiToken } from "../modules/auth/api-tokens.service.ts";
import type { SessionCache } from "../modules/auth/session-cache.ts";
import { resolveSession, SESSION_LIFETIME_MS } from "../modules/auth/sessions.service.ts";
import { unauthenticated } from "./errors.ts";

export const SESSION_COOKIE = "boxyard_session";
/** Readable by the web app: tells it a session exists, so it loads the user at start. Carries no secret. */
export const SIGNED_IN_COOKIE = "boxyard_signed_in";

export type Viewer = { userId: string; via: "session" | "token" };

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** Resolves who is asking: the session cookie, or a bearer API token. */
export function registerViewer(app: FastifyInstance, db: Db, sessions: SessionCache) {
  app.decorateRequest("viewer", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/") && !request.url.startsWith("/auth/")) return;
    const bearer = request.headers.authorization;
    if (bearer?.startsWith("Bearer ")) {
      const userId = await resolveApiToken(db, bearer.slice(7).trim());
      if (userId) request.viewer = { userId, via: "token" };
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const userId = await resolveSession(db, token, sessions);
      if (userId) request.viewer = { userId, via: "session" };
    }
  });
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

export function setSessionCookies(reply: FastifyReply, token: string, secure: boolean) {
  const maxAge = Math.floor(SESSION_LIFETIME_MS / 1000);
  reply.setCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge });
  reply.setCookie(SIGNED_IN_COOKIE, "1", { path: "/", httpOnly: false, sameSite: "lax", secure, maxAge });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: "/" });
}
