/**
 * Sign-in through identity providers (spec 1 §4 "Sign-in (popup flow)", §7, §8), over the real
 * protocols: Boxyard through `app.inject`, the providers as local stand-ins on real HTTP
 * (test/standins): a GitHub OAuth app, and OpenID Connect issuers standing in for Google, Apple
 * and a company's single sign-on.
 */

import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, type TestApp, testApp } from "../../../test/app.ts";
import { cookieJar, signUp, unique } from "../../../test/factories.ts";
import { type BackToApp, providerBrowser } from "../../../test/standins/browser.ts";
import {
  type FakeGithubUser,
  type GithubStandIn,
  startGithubStandIn,
} from "../../../test/standins/github.ts";
import { type OidcIssuer, startOidcIssuer } from "../../../test/standins/oidc-issuer.ts";
import { identities, pendingUsers, sessions, usedOauthStates, users } from "../../db/schema/index.ts";

// Anyone may start a sign-in; a callback is honoured only with the state cookie of the browser
// that started it, for the same provider, once (the tampered, missing, foreign and replayed
// state tests below).

const PUBLIC_URL = "http://localhost:3000";
const callbackUrl = (provider: string) => `${PUBLIC_URL}/auth/${provider}/callback`;
const STATE_COOKIE = "boxyard_oauth";

type Jar = ReturnType<typeof cookieJar>;
type PopupResult =
  | { type: "signin" }
  | { type: "duplicate"; provider: string }
  | { type: "signup"; pendingUserId: string }
  | { type: "error"; message: string };

let app: TestApp;
let github: GithubStandIn;
let google: OidcIssuer;
let apple: OidcIssuer;
let acme: OidcIssuer;

beforeAll(async () => {
  github = await startGithubStandIn();
  // Google offers both client authentication methods and puts the e-mail in the ID token.
  google = await startOidcIssuer({
    clients: [
      { clientId: "google-client", clientSecret: "google-secret", redirectUris: [callbackUrl("google")] },
    ],
    accounts: [],
  });
  // Apple authenticates clients by client_secret_post only, posts the callback as a form and
  // sends email_verified as a string.
  apple = await startOidcIssuer({
    clients: [
      {
        clientId: "apple-client",
        clientSecret: "apple-secret",
        redirectUris: [callbackUrl("apple")],
        tokenEndpointAuthMethod: "client_secret_post",
      },
    ],
    clientAuthMethods: ["client_secret_post"],
    accounts: [],
  });
  // A company's SSO: client_secret_basic only (OAuth's default), and the e-mail only from userinfo,
  // as OpenID Connect Core §5.4 has it for the code flow.
  acme = await startOidcIssuer({
    clients: [{ clientId: "acme-client", clientSecret: "acme-secret", redirectUris: [callbackUrl("sso")] }],
    clientAuthMethods: ["client_secret_basic"],
    conformIdTokenClaims: true,
    accounts: [],
  });
  app = await testApp({
    BOXYARD_PUBLIC_URL: PUBLIC_URL,
    BOXYARD_SIGNIN_RATE_LIMIT: "1000",
    ...github.env,
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: google.url,
    APPLE_CLIENT_ID: "apple-client",
    APPLE_CLIENT_SECRET: "apple-secret",
    APPLE_ISSUER: apple.url,
    SSO_CONNECTIONS: JSON.stringify([
      { domains: ["acme.test"], issuer: acme.url, clientId: "acme-client", clientSecret: "acme-secret" },
      // Nothing listens there: an identity provider that is down.
      { domains: ["down.test"], issuer: "http://127.0.0.1:9", clientId: "down", clientSecret: "down" },
    ]),
    OIDC_ALLOW_INSECURE: "true",
  });
});

afterAll(async () => {
  await Promise.all([github?.close(), google?.close(), apple?.close(), acme?.close()]);
});

let githubIds = 5000;
function githubUser(overrides: Partial<FakeGithubUser> = {}): FakeGithubUser {
  const login = unique("octo-");
  return { id: ++githubIds, login, name: `Octo ${login}`, email: `${login}@octo.test`, ...overrides };
}

function oidcAccount(domain = "example.test") {
  const name = unique("person");
  return { sub: unique("sub-"), email: `${name}@${domain}`, name: `Person ${name}` };
}

const rows = async () => {
  const { db } = app.deps;
  return {
    users: (await db.select({ n: count() }).from(users))[0]!.n,
    pending: (await db.select({ n: count() }).from(pendingUsers))[0]!.n,
    sessions: (await db.select({ n: count() }).from(sessions))[0]!.n,
  };
};

/** What the popup page tells the opener: the JSON in `<script id="auth-result">`. */
function popupResult(response: LightMyRequestResponse): PopupResult {
  expect(response.headers["content-type"]).toContain("text/html");
  const json = /<script id="auth-result" type="application\/json">([\s\S]*?)<\/script>/.exec(
    response.body,
  )?.[1];
  if (!json) throw new Error(`No auth result in: ${response.body.slice(0, 300)}`);
  return JSON.parse(json) as PopupResult;
}

const setCookie = (response: LightMyRequestResponse, name: string) =>
  (
    response.cookies as {
      name: string;
      value: string;
      sameSite?: string;
      secure?: boolean;
      path?: string;
      httpOnly?: boolean;
    }[]
  ).find((c) => c.name === name);

/** Opens the popup at `/auth/{provider}`; answers Boxyard's redirect to the provider. */
async function openPopup(jar: Jar, path: string) {
  const response = jar.take(await app.inject({ url: path, headers: { cookie: jar.header } }));
  expect(response.statusCode, response.body).toBe(302);
  return { response, location: new URL(response.headers.location as string) };
}

/** Lets the provider's side run (sign-in, consent) until it sends the browser back to Boxyard. */
const atProvider = (location: URL) => providerBrowser().visit(location, PUBLIC_URL);

/** The browser arriving at Boxyard's callback, by redirect (GET) or by form post (Apple). */
async function backAtBoxyard(back: BackToApp, cookie: string) {
  if (back.kind === "redirect") {
    return app.inject({ url: `${back.url.pathname}${back.url.search}`, headers: { cookie } });
  }
  return app.inject({
    method: "POST",
    url: `${back.url.pathname}${back.url.search}`,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(back.fields).toString(),
  });
}

/** The whole popup round trip for a provider; answers the last response and the posted result. */
async function signInWith(
  provider: "github" | "google" | "apple",
  jar: Jar = cookieJar(),
  query = "version=2",
) {
  const { location } = await openPopup(jar, `/auth/${provider}?${query}`);
  const back = await atProvider(location);
  const response = jar.take(await backAtBoxyard(back, jar.header));
  return { response, result: popupResult(response), jar, back };
}

async function ssoSignIn(email: string, jar: Jar = cookieJar()) {
  const initialized = jar.take(
    await app.inject({
      url: `/auth/workos/initialize?email=${encodeURIComponent(email)}`,
      headers: { cookie: jar.header },
    }),
  );
  expect(initialized.statusCode, initialized.body).toBe(200);
  const back = await atProvider(new URL(initialized.json<{ redirectUrl: string }>().redirectUrl));
  const response = jar.take(await backAtBoxyard(back, jar.header));
  return { response, result: popupResult(response), jar };
}

async function finalize(jar: Jar, pendingUserId: string, username = unique("u")) {
  const response = jar.take(
    await app.inject({
      method: "POST",
      url: "/api/v1/users/finalize",
      headers: { ...CLIENT, cookie: jar.header },
      payload: { id: pendingUserId, username, name: "Someone", role: "fullstack", usage: "personal" },
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const current = async (jar: Jar) =>
  app.inject({ url: "/api/v1/users/current", headers: { cookie: jar.header } });

/** A new person through a provider, onboarded: answers the browser and the user. */
async function onboardWithGithub(user: FakeGithubUser) {
  github.setNextUser(user);
  const { result, jar } = await signInWith("github");
  if (result.type !== "signup") throw new Error(`expected signup, got ${JSON.stringify(result)}`);
  await finalize(jar, result.pendingUserId, user.login);
  return { jar, me: (await current(jar)).json<{ id: string; email: string }>() };
}

describe("connecting GitHub to a signed-in account (Preferences > Integrations)", () => {
  async function signedInJar() {
    const local = await signUp(app);
    const jar = cookieJar();
    const signedIn = jar.take(
      await app.inject({
        method: "POST",
        url: "/api/v1/auth/local/signin",
        headers: CLIENT,
        payload: { email: local.email, password: local.password },
      }),
    );
    expect(signedIn.statusCode).toBe(200);
    return { local, jar };
  }

  it("S2-6.009 / S2-2.025 / a signed-in user's GitHub sign-in links that GitHub account to them, with the scopes asked for", async () => {
    const { local, jar } = await signedInJar();
    const person = githubUser({ email: `${unique("other")}@octo.test` });
    github.setNextUser(person);
    const before = await rows();
    const { result } = await signInWith("github", jar, "version=2&scope=public_repo");
    expect(result).toEqual({ type: "signin" });
    const me = (await current(jar)).json();
    expect(me).toMatchObject({
      id: local.id,
      githubProfile: { data: { login: person.login, scopes: ["user:email", "public_repo"] } },
    });
    expect((await rows()).users).toBe(before.users);
    // Signed out, that GitHub account now signs in as the same user.
    github.setNextUser(person);
    const fresh = await signInWith("github");
    expect(fresh.result).toEqual({ type: "signin" });
    expect((await current(fresh.jar)).json().id).toBe(local.id);
  });

  it("S2-6.009 / a GitHub account already linked to someone else is refused and stays theirs", async () => {
    const owner = githubUser();
    const { me: ownerMe } = await onboardWithGithub(owner);
    const { local, jar } = await signedInJar();
    github.setNextUser(owner);
    const { result } = await signInWith("github", jar);
    expect(result).toEqual({
      type: "error",
      message: "This GitHub account is linked to another Boxyard account.",
    });
    expect((await current(jar)).json()).toMatchObject({
      id: local.id,
      githubProfile: { error: "No GitHub account is linked." },
    });
    github.setNextUser(owner);
    expect((await current((await signInWith("github")).jar)).json().id).toBe(ownerMe.id);
  });
});

describe("GitHub sign-in (popup flow)", () => {
  it("S1-2.021 / /auth/github/oauth-settings opens GitHub's page for reviewing this OAuth app", async () => {
    const response = await app.inject({ url: "/auth/github/oauth-settings" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(new RegExp(`/${github.clientId}$`));
  });

  it("S1-4.013 / S1-7.018 / a new GitHub person gets 'signup' with a pending user named after the GitHub login; finalize links the identity", async () => {
    const person = githubUser();
    github.setNextUser(person);
    const jar = cookieJar();
    const { response: started, location } = await openPopup(jar, "/auth/github?version=2");
    expect(location.origin + location.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(location.searchParams.get("client_id")).toBe(github.clientId);
    expect(location.searchParams.get("redirect_uri")).toBe(callbackUrl("github"));
    expect(location.searchParams.get("scope")).toBe("user:email");
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{32,}$/);
    const stateCookie = setCookie(started, STATE_COOKIE)!;
    expect(stateCookie).toMatchObject({ path: "/auth", httpOnly: true });

    const back = await atProvider(location);
    expect(back.kind).toBe("redirect");
    const before = await rows();
    const response = jar.take(await backAtBoxyard(back, jar.header));
    expect(response.statusCode).toBe(200);
    const result = popupResult(response);
    expect(result).toEqual({ type: "signup", pendingUserId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(response.body).toContain('<script src="/auth/popup.js">');
    expect(await rows()).toEqual({ ...before, pending: before.pending + 1 });
    expect(jar.get(STATE_COOKIE)).toBeUndefined();
    expect(setCookie(response, "boxyard_session")).toBeUndefined();
    // Boxyard authenticated to GitHub's token endpoint with the client secret, by HTTP Basic.
    expect(github.tokenRequests.at(-1)).toEqual({ auth: "basic", accept: "application/json" });

    const { pendingUserId } = result as { pendingUserId: string };
    const pending = await app.inject({
      url: `/api/v1/users/pending/${pendingUserId}`,
      headers: { cookie: jar.header },
    });
    expect(pending.json()).toMatchObject({ id: pendingUserId, username: person.login, name: person.name });

    await finalize(jar, pendingUserId, person.login);
    const me = await current(jar);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: person.login,
      email: person.email,
      provider: "github",
      integrations: { github: { email: person.email } },
      githubProfile: { data: { login: person.login, email: person.email, scopes: ["user:email"] } },
    });
    // GitHub gives verified addresses only.
    const [identity] = await app.deps.db
      .select()
      .from(identities)
      .where(eq(identities.userId, me.json<{ id: string }>().id));
    expect(identity?.emailVerified).toBe(true);
  });

  it("S1-4.011 / the same GitHub account again answers 'signin' with a session and creates no second user", async () => {
    const person = githubUser();
    const { me } = await onboardWithGithub(person);
    github.setNextUser(person);
    const before = await rows();
    const { response, result, jar } = await signInWith("github");
    expect(result).toEqual({ type: "signin" });
    const session = setCookie(response, "boxyard_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(setCookie(response, "boxyard_signed_in")?.value).toBe("1");
    expect(await rows()).toEqual({ ...before, sessions: before.sessions + 1 });
    expect((await current(jar)).json()).toMatchObject({ id: me.id, email: person.email });
  });

  it("S1-7.018 / scope=repo asks GitHub for user:email and repo, and the granted scopes are kept", async () => {
    const person = githubUser();
    await onboardWithGithub(person);
    github.setNextUser(person);
    const jar = cookieJar();
    const { location } = await openPopup(jar, "/auth/github?version=2&scope=repo");
    expect(location.searchParams.get("scope")).toBe("user:email repo");
    const response = jar.take(await backAtBoxyard(await atProvider(location), jar.header));
    expect(popupResult(response)).toEqual({ type: "signin" });
    const me = (await current(jar)).json();
    expect(me.githubProfile.data.scopes).toEqual(["user:email", "repo"]);

    // Anything that is not a scope name is not passed on.
    const odd = await openPopup(
      cookieJar(),
      `/auth/github?version=2&scope=${encodeURIComponent("repo <x> user:email")}`,
    );
    expect(odd.location.searchParams.get("scope")).toBe("user:email repo");
  });

  it("S1-4.013 / a GitHub account without a public e-mail signs up with its primary verified e-mail", async () => {
    const person = githubUser({ email: null });
    const primary = `${person.login}@primary.test`;
    person.emails = [
      { email: `${person.login}@unverified.test`, primary: false, verified: false },
      { email: primary, primary: true, verified: true },
    ];
    const { me } = await onboardWithGithub(person);
    expect(me.email).toBe(primary);
  });

  it("S1-8.009 / a GitHub account with no verified e-mail is refused with 'Could not authenticate' and nothing is created", async () => {
    const person = githubUser({
      email: null,
      emails: [{ email: "x@unverified.test", primary: true, verified: false }],
    });
    github.setNextUser(person);
    const before = await rows();
    const { response, result } = await signInWith("github");
    expect(response.statusCode).toBe(401);
    expect(result).toEqual({ type: "error", message: "Your GitHub account has no verified e-mail address." });
    expect(response.body).toContain("<h1>Could not authenticate</h1>");
    expect(await rows()).toEqual(before);
  });

  it("S1-8.009 / declining at GitHub answers an error page and creates nothing", async () => {
    github.denyNext();
    const before = await rows();
    const { response, result } = await signInWith("github");
    expect(response.statusCode).toBe(401);
    expect(result).toEqual({ type: "error", message: "The user has denied your application access." });
    expect(await rows()).toEqual(before);
  });
});

describe("duplicate accounts", () => {
  it("S1-4.012 / S1-8.011 / a GitHub person whose e-mail has a local account gets 'duplicate' with provider 'password'", async () => {
    const local = await signUp(app);
    github.setNextUser(githubUser({ email: local.email.toUpperCase() }));
    const before = await rows();
    const { response, result } = await signInWith("github");
    expect(response.statusCode).toBe(200);
    expect(result).toEqual({ type: "duplicate", provider: "password" });
    expect(await rows()).toEqual(before);
    expect(setCookie(response, "boxyard_session")).toBeUndefined();
  });

  it("S1-4.012 / S1-8.011 / an SSO person whose e-mail belongs to a GitHub-linked user gets 'duplicate' with provider 'github'", async () => {
    const email = `${unique("dup")}@acme.test`;
    await onboardWithGithub(githubUser({ email }));
    acme.addAccount({ sub: unique("acme-"), email, name: "Same Person" });
    const before = await rows();
    const { result } = await ssoSignIn(email);
    expect(result).toEqual({ type: "duplicate", provider: "github" });
    expect(await rows()).toEqual(before);
  });
});

describe("single sign-on and OpenID Connect providers", () => {
  it("S1-7.002 / initialize answers a redirectUrl at the company's issuer; its callback signs up, then signs in", async () => {
    const account = oidcAccount("acme.test");
    acme.addAccount(account);
    const jar = cookieJar();
    const initialized = jar.take(
      await app.inject({ url: `/auth/workos/initialize?email=${encodeURIComponent(account.email)}` }),
    );
    expect(initialized.statusCode).toBe(200);
    const redirectUrl = new URL(initialized.json<{ redirectUrl: string }>().redirectUrl);
    expect(redirectUrl.origin).toBe(acme.url);
    expect(Object.fromEntries(redirectUrl.searchParams)).toMatchObject({
      client_id: "acme-client",
      redirect_uri: callbackUrl("sso"),
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
      code_challenge: expect.any(String),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    expect(setCookie(initialized, STATE_COOKIE)).toMatchObject({ path: "/auth", httpOnly: true });

    const response = jar.take(await backAtBoxyard(await atProvider(redirectUrl), jar.header));
    const result = popupResult(response);
    expect(response.statusCode, response.body).toBe(200);
    expect(result.type).toBe("signup");
    await finalize(jar, (result as { pendingUserId: string }).pendingUserId);
    expect((await current(jar)).json()).toMatchObject({ email: account.email, provider: "sso" });

    const again = await ssoSignIn(account.email.toUpperCase());
    expect(again.result).toEqual({ type: "signin" });
    expect((await current(again.jar)).json()).toMatchObject({ email: account.email });
  });

  it("S1-7.002 / an e-mail whose domain has no single sign-on answers 404 with the reason; an invalid e-mail 422", async () => {
    const before = await rows();
    const unknown = await app.inject({ url: "/auth/workos/initialize?email=someone@elsewhere.test" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: { detail: ["No single sign-on is configured for elsewhere.test"] },
    });
    expect(setCookie(unknown, STATE_COOKIE)).toBeUndefined();
    const invalid = await app.inject({ url: "/auth/workos/initialize?email=not-an-email" });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { email: ["Enter a valid e-mail address."] } });
    const missing = await app.inject({ url: "/auth/workos/initialize" });
    expect(missing.statusCode).toBe(422);
    expect(await rows()).toEqual(before);
  });

  it("S1-8.011 / a single sign-on provider that cannot be reached answers a clear error, not a server error", async () => {
    const before = await rows();
    const response = await app.inject({ url: "/auth/workos/initialize?email=someone@down.test" });
    expect(response.statusCode).toBe(502);
    expect(response.json().errors.detail[0]).toMatch(/^The identity provider could not be reached/);
    expect(setCookie(response, STATE_COOKIE)).toBeUndefined();
    expect(await rows()).toEqual(before);
  });

  it("S1-4.013 / S1-4.011 / Google through OpenID Connect signs up, then signs in", async () => {
    const account = oidcAccount();
    google.addAccount(account);
    const { location } = await openPopup(cookieJar(), "/auth/google?version=2");
    expect(location.origin).toBe(google.url);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("response_mode")).toBeNull();

    const first = await signInWith("google");
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(first.result.type).toBe("signup");
    await finalize(first.jar, (first.result as { pendingUserId: string }).pendingUserId);
    const me = (await current(first.jar)).json<{ id: string }>();
    expect(me).toMatchObject({ email: account.email, name: "Someone", provider: "google" });
    // Google said email_verified: the address's domain counts for eligible workspaces.
    const [identity] = await app.deps.db.select().from(identities).where(eq(identities.userId, me.id));
    expect(identity).toMatchObject({ email: account.email, emailVerified: true });

    const again = await signInWith("google");
    expect(again.result).toEqual({ type: "signin" });
  });

  it("S1-8.009 / an e-mail the provider has not verified is refused and creates nothing", async () => {
    google.addAccount({ ...oidcAccount(), email_verified: false });
    const before = await rows();
    const { response, result } = await signInWith("google");
    expect(response.statusCode).toBe(401);
    expect(result).toEqual({
      type: "error",
      message: "The e-mail address is not verified by the identity provider.",
    });
    expect(await rows()).toEqual(before);
  });

  it("S1-4.013 / Apple's form_post callback (POST /auth/apple/callback) signs up, and its state cookie is sent on that cross-site POST", async () => {
    const account = { ...oidcAccount(), email_verified: "true" as const };
    apple.addAccount(account);
    const jar = cookieJar();
    const { response: started, location } = await openPopup(jar, "/auth/apple?version=2");
    expect(location.origin).toBe(apple.url);
    expect(location.searchParams.get("response_mode")).toBe("form_post");
    // Apple posts the callback from its own site: a SameSite=Lax cookie would not come along.
    expect(setCookie(started, STATE_COOKIE)).toMatchObject({
      sameSite: "None",
      secure: true,
      httpOnly: true,
    });

    const back = await atProvider(location);
    expect(back.kind).toBe("form_post");
    expect(back.url.href).toBe(callbackUrl("apple"));
    const response = jar.take(await backAtBoxyard(back, jar.header));
    expect(response.statusCode, response.body).toBe(200);
    const result = popupResult(response);
    expect(result.type).toBe("signup");
    await finalize(jar, (result as { pendingUserId: string }).pendingUserId);
    expect((await current(jar)).json()).toMatchObject({ email: account.email, provider: "apple" });
  });

  it("S1-4.013 S1-8.009 / Apple's form_post refusal keeps OAuth's own field names: its error_description is what the popup shows", async () => {
    const jar = cookieJar();
    const { location } = await openPopup(jar, "/auth/apple?version=2");
    const before = await rows();
    const response = jar.take(
      await backAtBoxyard(
        {
          kind: "form_post",
          url: new URL(callbackUrl("apple")),
          fields: {
            state: location.searchParams.get("state")!,
            iss: apple.url,
            error: "user_cancelled_authorize",
            error_description: "The user cancelled the sign-in.",
          },
        },
        jar.header,
      ),
    );
    expect(response.statusCode).toBe(401);
    expect(popupResult(response)).toEqual({ type: "error", message: "The user cancelled the sign-in." });
    expect(await rows()).toEqual(before);
  });
});

describe("bad sign-in input answers a clear error and changes nothing", () => {
  /** Starts a GitHub round trip and stops at the callback, which is not yet opened. */
  async function pendingCallback(provider: "github" | "google" = "github") {
    if (provider === "github") github.setNextUser(githubUser());
    else google.addAccount(oidcAccount());
    const jar = cookieJar();
    const { location } = await openPopup(jar, `/auth/${provider}?version=2`);
    const back = await atProvider(location);
    if (back.kind !== "redirect") throw new Error("expected a redirect");
    return { jar, url: back.url, path: `${back.url.pathname}${back.url.search}` };
  }

  it("S1-8.009 / an unknown provider answers a 404 page 'Unknown sign-in provider'", async () => {
    const before = await rows();
    const response = await app.inject({ url: "/auth/nope?version=2" });
    expect(response.statusCode).toBe(404);
    expect(popupResult(response)).toEqual({ type: "error", message: "Unknown sign-in provider: nope." });
    expect(response.body).toContain("Unknown sign-in provider: nope.");
    expect(setCookie(response, STATE_COOKIE)).toBeUndefined();
    // SSO is reached through initialize, never as a popup provider.
    expect((await app.inject({ url: "/auth/sso" })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("S1-8.009 / a tampered state cookie answers the error page; the untouched sign-in still works afterwards", async () => {
    const { jar, path } = await pendingCallback();
    const genuine = jar.get(STATE_COOKIE)!;
    const tampered = genuine.replace('"provider":"github"', '"provider":"google"');
    expect(tampered).not.toBe(genuine);
    const before = await rows();
    for (const value of [tampered, `${genuine.slice(0, -2)}xx`, "{}"]) {
      const response = await app.inject({ url: path, headers: { cookie: `${STATE_COOKIE}=${value}` } });
      expect(response.statusCode).toBe(400);
      expect(popupResult(response)).toEqual({
        type: "error",
        message: "The sign-in session is missing or was tampered with.",
      });
      expect(setCookie(response, STATE_COOKIE)?.value).toBe("");
    }
    expect(await rows()).toEqual(before);
    // Nothing was spent: the real browser finishes its sign-in.
    const response = await app.inject({ url: path, headers: { cookie: jar.header } });
    expect(popupResult(response).type).toBe("signup");
  });

  it("S1-8.009 / a missing state cookie answers the error page", async () => {
    const { path } = await pendingCallback();
    const before = await rows();
    const response = await app.inject({ url: path });
    expect(response.statusCode).toBe(400);
    expect(popupResult(response)).toEqual({
      type: "error",
      message: "The sign-in session is missing or was tampered with.",
    });
    expect(await rows()).toEqual(before);
  });

  it("S1-8.009 / a callback whose state does not match the browser's is refused (GitHub and OpenID Connect)", async () => {
    for (const provider of ["github", "google"] as const) {
      const { jar, url } = await pendingCallback(provider);
      url.searchParams.set("state", "someone-elses-state");
      const before = await rows();
      const response = await app.inject({
        url: `${url.pathname}${url.search}`,
        headers: { cookie: jar.header },
      });
      expect(response.statusCode).toBe(401);
      const result = popupResult(response);
      expect(result.type).toBe("error");
      if (provider === "github")
        expect(result).toEqual({ type: "error", message: "The sign-in state does not match." });
      expect(await rows()).toEqual(before);
      expect(setCookie(response, "boxyard_session")).toBeUndefined();
    }
  });

  it("S1-8.009 / a state cookie for another provider is refused at this provider's callback", async () => {
    const { jar } = await pendingCallback("github");
    const before = await rows();
    const response = await app.inject({
      url: "/auth/google/callback?code=x&state=y",
      headers: { cookie: jar.header },
    });
    expect(response.statusCode).toBe(400);
    expect(popupResult(response)).toEqual({
      type: "error",
      message: "The sign-in session does not match this provider.",
    });
    expect(await rows()).toEqual(before);
  });

  it("S1-8.009 / a replayed callback (same URL and cookie) is refused as already used", async () => {
    const { jar, path } = await pendingCallback();
    const cookie = jar.header;
    const first = await app.inject({ url: path, headers: { cookie } });
    expect(popupResult(first).type).toBe("signup");
    const before = await rows();
    const states = (await app.deps.db.select({ n: count() }).from(usedOauthStates))[0]!.n;
    const replay = await app.inject({ url: path, headers: { cookie } });
    expect(replay.statusCode).toBe(400);
    expect(popupResult(replay)).toEqual({ type: "error", message: "This sign-in link was already used." });
    expect(await rows()).toEqual(before);
    expect((await app.deps.db.select({ n: count() }).from(usedOauthStates))[0]!.n).toBe(states);
  });

  it("S1-8.009 / a code GitHub no longer accepts (spent elsewhere, or expired) answers 'Could not authenticate' with 401 and no session", async () => {
    for (const errorStatus of [200, 400] as const) {
      github.errorStatus = errorStatus;
      try {
        // Spent: someone tried the code first (without the PKCE verifier they get no token, and the code is spent).
        const spent = await pendingCallback();
        const stolen = await fetch(github.env.GITHUB_TOKEN_URL!, {
          method: "POST",
          headers: {
            accept: "application/json",
            "content-type": "application/json",
          },
          body: JSON.stringify({
            client_id: github.clientId,
            client_secret: github.clientSecret,
            code: spent.url.searchParams.get("code"),
          }),
        });
        expect(((await stolen.json()) as { error: string }).error).toBe("bad_verification_code");
        // Expired: the person took too long.
        const expired = await pendingCallback();
        github.expireCodes();

        for (const attempt of [spent, expired]) {
          const before = await rows();
          const response = await app.inject({ url: attempt.path, headers: { cookie: attempt.jar.header } });
          expect(response.statusCode).toBe(401);
          expect(response.body).toContain("<h1>Could not authenticate</h1>");
          expect(popupResult(response)).toEqual({
            type: "error",
            message: "GitHub refused the sign-in code: The code passed is incorrect or expired.",
          });
          expect(setCookie(response, "boxyard_session")).toBeUndefined();
          expect(await rows()).toEqual(before);
        }
      } finally {
        github.errorStatus = 200;
      }
    }
  });

  it("S1-8.009 / an OpenID Connect code redeemed twice is refused by the issuer", async () => {
    const { jar, path } = await pendingCallback("google");
    // Replayed with a fresh state for the same code: the issuer refuses the spent code.
    const first = await app.inject({ url: path, headers: { cookie: jar.header } });
    expect(popupResult(first).type).toBe("signup");
    const again = cookieJar();
    const { location } = await openPopup(again, "/auth/google?version=2");
    const url = new URL(path, PUBLIC_URL);
    url.searchParams.set("state", location.searchParams.get("state")!);
    const before = await rows();
    const response = await app.inject({
      url: `${url.pathname}${url.search}`,
      headers: { cookie: again.header },
    });
    expect(response.statusCode).toBe(401);
    expect(popupResult(response).type).toBe("error");
    expect(await rows()).toEqual(before);
  });
});

describe("a provider that is not configured", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await testApp({ BOXYARD_PUBLIC_URL: PUBLIC_URL });
  });

  it("S1-8.009 / GitHub, Google and Apple are unknown providers and SSO finds no connection when they are not configured", async () => {
    for (const provider of ["github", "google", "apple"]) {
      const response = await bare.inject({ url: `/auth/${provider}?version=2` });
      expect(response.statusCode).toBe(404);
      expect(popupResult(response)).toEqual({
        type: "error",
        message: `Unknown sign-in provider: ${provider}.`,
      });
    }
    const settings = await bare.inject({ url: "/auth/github/oauth-settings" });
    expect(settings.statusCode).toBe(404);
    expect(popupResult(settings)).toEqual({ type: "error", message: "GitHub sign-in is not enabled." });
    const sso = await bare.inject({ url: "/auth/workos/initialize?email=a@acme.test" });
    expect(sso.statusCode).toBe(404);
    const features = await bare.inject({ url: "/api/meta/features" });
    expect(features.json()).toMatchObject({
      loginWithGithub: false,
      loginWithGoogle: false,
      loginWithWorkos: false,
    });
  });
});

describe("rate limiting", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await testApp({
      BOXYARD_PUBLIC_URL: PUBLIC_URL,
      BOXYARD_SIGNIN_RATE_LIMIT: "3",
      ...github.env,
    });
  });

  it("S1-7.018 / the 4th /auth/github within a minute answers 429", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await limited.inject({ url: "/auth/github?version=2" })).statusCode).toBe(302);
    }
    const fourth = await limited.inject({ url: "/auth/github?version=2" });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ errors: { detail: ["Too many requests, please try again later."] } });
    expect(setCookie(fourth, STATE_COOKIE)).toBeUndefined();
  });
});
