import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { errorBody } from "../../http/errors.ts";
import { routeDoc } from "../../http/openapi.ts";
import { bodyObject, parseOrInvalid } from "../../http/parse-input.ts";
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from "../../http/viewer.ts";
import { sealToken } from "../../integrations/codehost/token-seal.ts";
import type { AuthorizationState, IdentityProvider } from "../../integrations/identity/identity.port.ts";
import { SignInError } from "../../integrations/identity/identity.port.ts";
import { runCommand, runQuery, unparsed } from "../../service/context.ts";
import { continueSignUpInput, localSignInInput, localSignUpInput } from "./auth.schema.ts";
import { issueAuthCode, redeemAuthCode, revokeApiToken } from "./developer-tokens.service.ts";
import { spendOauthState } from "./oauth-states.service.ts";
import { POPUP_SCRIPT, type PopupMessage, sendPopupPage } from "./popup-page.ts";
import { signOut } from "./sign-out.ts";
import {
  completeProviderSignIn,
  localSignIn,
  type SettledOutcome,
  type SignInOutcome,
} from "./signin.service.ts";
import { continueSignUp, localSignUp } from "./signup-link.ts";
import { issueSocketJwt } from "./socket-jwt.ts";
import { hashToken, newToken } from "./tokens.ts";

export const STATE_COOKIE = "boxyard_oauth";
/** `GET /auth/workos/initialize?email=`: whose domain's single sign-on to start. */
const ssoInput = z.object({ email: z.string().trim().pipe(z.email("Enter a valid e-mail address.")) });
export const PENDING_COOKIE = "boxyard_pending";
const STATE_LIFETIME_S = 10 * 60;

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  const { config, identity } = deps;
  const secure = config.publicUrl.startsWith("https://");
  const signinLimit = { rateLimit: { max: config.signinRateLimit, timeWindow: "1 minute" } };
  /** Counted per address and per account (the body's e-mail), so many addresses cannot try one account. */
  const accountLimited = { config: signinLimit, preHandler: app.accountRateLimit };

  const rememberState = (reply: FastifyReply, state: AuthorizationState) => {
    // Apple posts its callback from its own site (form_post), and browsers send SameSite=Lax
    // cookies only with cross-site navigations that are GETs; SameSite=None needs Secure (which
    // browsers also accept from http://localhost, and Apple only returns to https addresses).
    const crossSitePost = state.provider === "apple";
    reply.setCookie(STATE_COOKIE, JSON.stringify(state), {
      path: "/auth",
      httpOnly: true,
      sameSite: crossSitePost ? "none" : "lax",
      secure: crossSitePost || secure,
      signed: true,
      maxAge: STATE_LIFETIME_S,
    });
  };

  /** The browser's pending-user binding: reused if present, created otherwise. */
  const browserToken = (request: FastifyRequest) => request.cookies[PENDING_COOKIE] ?? newToken();

  /** Turns an outcome into cookies: the session for signin, the pending binding for signup. */
  const settle = (
    reply: FastifyReply,
    outcome: SettledOutcome<SignInOutcome>,
    token: string,
  ): PopupMessage => {
    if (outcome.type === "signin") {
      setSessionCookies(reply, outcome.session, secure);
      return { type: "signin" };
    }
    if (outcome.type === "signup") {
      reply.setCookie(PENDING_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: 86400,
      });
      return { type: "signup", pendingUserId: outcome.pendingUserId };
    }
    return outcome;
  };

  app.get(
    "/auth/popup.js",
    { schema: routeDoc({ tag: "auth", summary: "The sign-in popup's script" }) },
    async (_request, reply) => {
      reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(POPUP_SCRIPT);
    },
  );

  app.get(
    "/auth/github/oauth-settings",
    { schema: routeDoc({ tag: "auth", summary: "Redirects to the GitHub OAuth app's settings" }) },
    async (_request, reply) => {
      const github = config.providers.github;
      if (!github)
        return sendPopupPage(reply, { type: "error", message: "GitHub sign-in is not enabled." }, 404);
      return reply.redirect(
        `${github.settingsUrl.replace(/\/$/, "")}/${encodeURIComponent(github.clientId)}`,
      );
    },
  );

  app.get<{ Params: { provider: string }; Querystring: { scope?: string } }>(
    "/auth/:provider",
    {
      config: signinLimit,
      schema: routeDoc({
        tag: "auth",
        summary: "Starts signing in with an identity provider (the popup)",
        querystring: z.object({ scope: z.string().optional() }),
      }),
    },
    async (request, reply) => {
      const provider = identity.popupProvider(request.params.provider);
      if (!provider) {
        return sendPopupPage(
          reply,
          { type: "error", message: `Unknown sign-in provider: ${request.params.provider}.` },
          404,
        );
      }
      try {
        const { url, state } = await provider.authorize({ scope: request.query.scope });
        rememberState(reply, state);
        return reply.redirect(url.href);
      } catch (error) {
        request.log.warn({ err: error }, "sign-in could not start");
        return sendPopupPage(reply, { type: "error", message: (error as Error).message }, 502);
      }
    },
  );

  const callback = async (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
    const fail = (message: string, status = 400) => {
      reply.clearCookie(STATE_COOKIE, { path: "/auth" });
      return sendPopupPage(reply, { type: "error", message }, status);
    };
    const raw = request.cookies[STATE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    if (!unsigned?.valid || !unsigned.value)
      return fail("The sign-in session is missing or was tampered with.");
    let state: AuthorizationState;
    try {
      state = JSON.parse(unsigned.value) as AuthorizationState;
    } catch {
      return fail("The sign-in session is missing or was tampered with.");
    }
    if (state.provider !== request.params.provider)
      return fail("The sign-in session does not match this provider.");
    const provider: IdentityProvider | undefined = identity.callbackProvider(
      state.provider,
      state.connection,
    );
    if (!provider) return fail(`Unknown sign-in provider: ${request.params.provider}.`, 404);

    // A state is good for one callback: a replayed callback is refused before the code is spent.
    if (!(await runCommand(deps, null, spendOauthState, { state: state.state })))
      return fail("This sign-in link was already used.");

    const current = new URL(request.url, config.publicUrl);
    const input =
      request.method === "POST"
        ? new Request(current, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(request.body as Record<string, string>),
          })
        : current;
    try {
      const completed = await provider.complete(input, state);
      // Access tokens are kept encrypted: only this installation's key opens them.
      const profile = {
        ...completed,
        accessToken: completed.accessToken ? sealToken(deps.tokenKey, completed.accessToken) : null,
      };
      const token = browserToken(request);
      const outcome = await runCommand(deps, request.viewer, completeProviderSignIn, {
        profile,
        browserToken: token,
        userAgent: request.headers["user-agent"],
      });
      reply.clearCookie(STATE_COOKIE, { path: "/auth" });
      return sendPopupPage(reply, settle(reply, outcome, token));
    } catch (error) {
      if (!(error instanceof SignInError)) throw error;
      request.log.info({ err: error }, "sign-in refused");
      return fail(error.message, 401);
    }
  };
  const callbackDoc = routeDoc({ tag: "auth", summary: "An identity provider's sign-in callback" });
  app.get("/auth/:provider/callback", { config: signinLimit, schema: callbackDoc }, callback);
  app.post("/auth/:provider/callback", { config: signinLimit, schema: callbackDoc }, callback);

  app.get<{ Querystring: { email?: string } }>(
    "/auth/workos/initialize",
    {
      config: signinLimit,
      schema: routeDoc({
        tag: "auth",
        summary: "Starts single sign-on for an e-mail's domain; answers where to go",
        querystring: ssoInput,
      }),
    },
    async (request, reply) => {
      const { email } = parseOrInvalid(ssoInput, request.query);
      const provider = identity.ssoFor(email);
      if (!provider) {
        return reply
          .status(404)
          .send(errorBody(`No single sign-on is configured for ${email.split("@")[1]}`));
      }
      try {
        const { url, state } = await provider.authorize();
        rememberState(reply, state);
        return { redirectUrl: url.href };
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        request.log.warn({ err: error }, "single sign-on could not start");
        return reply.status(502).send(errorBody(error.message));
      }
    },
  );

  app.post(
    "/api/v1/auth/local/signup",
    {
      ...accountLimited,
      schema: routeDoc({
        tag: "auth",
        summary: "Signs up with an e-mail and password",
        body: localSignUpInput.omit({ browserToken: true, userAgent: true }),
      }),
    },
    async (request, reply) => {
      if (!config.providers.password)
        return reply.status(404).send(errorBody("Local accounts are not enabled."));
      const token = browserToken(request);
      const outcome = await runCommand(
        deps,
        request.viewer,
        localSignUp,
        unparsed({
          ...bodyObject(request.body),
          browserToken: token,
          userAgent: request.headers["user-agent"],
        }),
      );
      // With e-mail the address is proven first: the answer is the same for every address, the mail differs.
      return outcome.type === "verify-email" ? outcome : settle(reply, outcome, token);
    },
  );

  app.post(
    "/api/v1/auth/local/signup/continue",
    {
      config: signinLimit,
      schema: routeDoc({
        tag: "auth",
        summary: "Goes on with a sign-up from its mailed link",
        body: continueSignUpInput.omit({ browserToken: true }),
      }),
    },
    async (request, reply) => {
      if (!config.providers.password)
        return reply.status(404).send(errorBody("Local accounts are not enabled."));
      if (!deps.mailer)
        return reply
          .status(404)
          .send(errorBody("This installation sends no e-mail, so sign-up needs no link."));
      const token = browserToken(request);
      const outcome = await runCommand(
        deps,
        request.viewer,
        continueSignUp,
        unparsed({ ...bodyObject(request.body), browserToken: token }),
      );
      return settle(reply, outcome, token);
    },
  );

  app.post(
    "/api/v1/auth/local/signin",
    {
      ...accountLimited,
      schema: routeDoc({
        tag: "auth",
        summary: "Signs in with an e-mail and password",
        body: localSignInInput.omit({ userAgent: true }),
      }),
    },
    async (request, reply) => {
      if (!config.providers.password)
        return reply.status(404).send(errorBody("Local accounts are not enabled."));
      const outcome = await runCommand(
        deps,
        request.viewer,
        localSignIn,
        unparsed({ ...bodyObject(request.body), userAgent: request.headers["user-agent"] }),
      );
      return settle(reply, outcome, "");
    },
  );

  app.get(
    "/api/v1/auth/auth-token",
    { schema: routeDoc({ tag: "auth", summary: "A one-time code to exchange for an API token" }) },
    async (request) => runCommand(deps, request.viewer, issueAuthCode, {}),
  );

  app.get<{ Params: { code: string } }>(
    "/api/v1/auth/verify/:code",
    {
      config: signinLimit,
      schema: routeDoc({ tag: "auth", summary: "Exchanges a one-time code for an API token (bearer)" }),
    },
    async (request) => runCommand(deps, request.viewer, redeemAuthCode, unparsed(request.params)),
  );

  app.delete<{ Params: { token: string } }>(
    "/api/v1/auth/revoke/:token",
    { schema: routeDoc({ tag: "auth", summary: "Revokes an API token" }) },
    async (request, reply) => {
      // The sockets opened with the token close, on every replica.
      if (await runCommand(deps, request.viewer, revokeApiToken, unparsed(request.params)))
        await deps.sessions.revoke({ tokenHash: hashToken(request.params.token) });
      return reply.status(204).send();
    },
  );

  const jwt = (request: FastifyRequest) => {
    // The credential read as registerViewer reads it: the session cookie or the bearer token.
    const via = request.viewer?.via;
    const credential =
      via === "session"
        ? request.cookies[SESSION_COOKIE]
        : via === "token"
          ? request.headers.authorization?.slice("Bearer ".length).trim()
          : undefined;
    return runQuery(deps, request.viewer, issueSocketJwt, { credential });
  };
  const jwtDoc = routeDoc({ tag: "live", summary: "A short-lived token that opens the live socket" });
  app.get("/api/v1/auth/jwt", { schema: jwtDoc }, jwt);
  app.post("/api/v1/users/current_user/sse", { schema: jwtDoc }, jwt);

  app.delete(
    "/api/v1/users/signout",
    { schema: routeDoc({ tag: "auth", summary: "Signs out: the session ends" }) },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      await runCommand(deps, request.viewer, signOut, { token });
      // Here and on every replica that keeps the session in memory.
      if (token) await deps.sessions.revoke({ tokenHash: hashToken(token) });
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );
}
