import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * A preHandler for routes that take an account's e-mail and password (local sign-in, sign-up,
     * password reset): at most `signinRateLimit` requests a minute name one account, whatever the
     * addresses they come from. The routes' own limit counts per address.
     */
    accountRateLimit: preHandlerAsyncHookHandler;
  }
}

const MAX_EMAIL_LENGTH = 320;

/** The account a request names: the body's e-mail as accounts are keyed (trimmed, lower case). */
export function accountOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== "string") return null;
  const normalised = email.trim().toLowerCase();
  return normalised && normalised.length <= MAX_EMAIL_LENGTH ? normalised : null;
}

class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/** Decorates the app with `accountRateLimit` (after @fastify/rate-limit is registered). */
export function registerAccountRateLimit(app: FastifyInstance, max: number) {
  const limit = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `account:${accountOf(request)}`,
  });
  const accountRateLimit: preHandlerAsyncHookHandler = async (request, reply) => {
    // A body without an address is refused by the route itself; nothing to count it against.
    if (!accountOf(request)) return;
    const counted = await limit(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header("retry-after", counted.ttlInSeconds);
    throw new TooManyRequests("Too many requests for this account.");
  };
  app.decorate("accountRateLimit", accountRateLimit);
}
