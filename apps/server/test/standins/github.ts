/**
 * A local stand-in for GitHub's OAuth app flow and the few REST calls sign-in makes, on a real
 * HTTP server (127.0.0.1, a random port unless told). It speaks the protocol as GitHub does:
 *
 * - `GET /login/oauth/authorize?client_id&redirect_uri&state&scope&code_challenge&code_challenge_method`
 *   redirects at once (no consent page) to `redirect_uri?code&state` as the "next user", or with
 *   `error=access_denied` after `denyNext()`. PKCE as GitHub has it: the method must be S256, and
 *   a code asked for with a challenge is exchanged only with the matching `code_verifier`. GitHub
 *   lets a client leave PKCE out; this stand-in refuses that unless `requirePkce` is false, so that
 *   a Boxyard that stopped sending it fails its tests.
 * - `POST /login/oauth/access_token` (form or JSON body; client credentials by HTTP Basic or in
 *   the body) answers `{access_token, token_type: "bearer", scope}` for a known, unexpired,
 *   unspent code. Like GitHub it answers errors such as `bad_verification_code` with status 200
 *   (set `errorStatus = 400` to answer them the RFC 6749 way), as JSON when asked for JSON and as a
 *   form otherwise.
 * - `GET /user` and `GET /user/emails` with `Authorization: Bearer <token>` (or `token <token>`),
 *   sending `x-oauth-scopes`. `/user/emails` needs the `user:email` (or `user`) scope.
 * - `POST /__standin/next-user` with a JSON user sets the next user (for end-to-end tests).
 * - Repositories (github-repos.ts): `/user/orgs`, `/user/repos`, `/orgs/{org}/repos`,
 *   `/repos/{owner}/{repo}` with its pulls and forks, the App's `/repos/{owner}/{repo}/installation`,
 *   `DELETE /applications/{client_id}/token`, and git itself over smart HTTP at
 *   `/{owner}/{repo}.git` from local bare repositories (git-http.ts).
 *
 * Standalone: `tsx apps/server/test/standins/github.ts --port 4456` (client `boxyard-e2e` /
 * `boxyard-e2e-secret`, or GITHUB_STANDIN_CLIENT_ID / GITHUB_STANDIN_CLIENT_SECRET); it prints the
 * GITHUB_* settings to give the server.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GithubRepos, type Grant } from "./github-repos.ts";

export type FakeGithubEmail = { email: string; primary: boolean; verified: boolean };

export type FakeGithubUser = {
  id: number;
  login: string;
  name: string | null;
  /** The public profile e-mail; null sends sign-in to `/user/emails`. */
  email: string | null;
  avatar_url?: string | null;
  /** What `/user/emails` lists; defaults to the public e-mail, primary and verified. */
  emails?: FakeGithubEmail[];
};

export type GithubStandInOptions = {
  clientId?: string;
  clientSecret?: string;
  port?: number;
  /** How long an authorization code stays good; GitHub's is 10 minutes. */
  codeLifetimeMs?: number;
};

export type GithubStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Settings for `testApp(env)` that point Boxyard's GitHub sign-in here. */
  env: Record<string, string>;
  /** The GitHub user who approves the next authorization requests (until changed). */
  setNextUser(user: FakeGithubUser): void;
  /** The next authorization request is declined, as when the person presses Cancel. */
  denyNext(): void;
  /** Makes every outstanding code expired. */
  expireCodes(): void;
  /** Whether an authorization request without a PKCE challenge is refused (GitHub allows it). */
  requirePkce: boolean;
  /** The status token-endpoint errors are answered with: 200 as GitHub does, or 400. */
  errorStatus: 200 | 400;
  /** Every token request received, for assertions on how the client authenticated. */
  tokenRequests: { auth: "basic" | "body" | "none"; accept: string }[];
  /** Repositories, organizations, pull requests, the App, faults: see github-repos.ts. */
  repos: GithubRepos;
  /** Settings for `testApp(env)` that make Boxyard check installations with the stand-in's App. */
  appEnv: Record<string, string>;
  /**
   * A token for `user` with `scopes`, as if they had approved the OAuth app (tests that do not
   * go through the sign-in popup).
   */
  issueToken(user: FakeGithubUser, scopes: string[]): string;
  /** Whether a token is still good (revoked ones are not). */
  tokenIsValid(token: string): boolean;
  close(): Promise<void>;
};

type Code = {
  clientId: string;
  redirectUri: string | null;
  user: FakeGithubUser;
  scopes: string[];
  expiresAt: number;
  spent: boolean;
  /** The PKCE challenge (S256) the code was asked for with, if any. */
  codeChallenge: string | null;
};

/** GitHub drops what is not a scope name; it grants the rest as asked (the person cannot narrow it). */
const VALID_SCOPE = /^[a-z_]+(:[a-z_]+)*$/;

export const DEFAULT_GITHUB_USER: FakeGithubUser = {
  id: 1001,
  login: "octo-ada",
  name: "Ada Octo",
  email: "ada@octo.test",
  avatar_url: "https://avatars.example.test/u/1001",
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  response.writeHead(status, {
    "content-type":
      typeof body === "string" ? "text/plain; charset=utf-8" : "application/json; charset=utf-8",
    ...headers,
  });
  response.end(text);
}

export async function startGithubStandIn(options: GithubStandInOptions = {}): Promise<GithubStandIn> {
  const clientId = options.clientId ?? "boxyard-test-github";
  const clientSecret = options.clientSecret ?? "boxyard-test-github-secret";
  const codeLifetimeMs = options.codeLifetimeMs ?? 10 * 60 * 1000;
  const codes = new Map<string, Code>();
  const tokens = new Map<string, { user: FakeGithubUser; scopes: string[] }>();
  let baseUrl = "";
  const repos = await GithubRepos.create(() => baseUrl);
  const grantOf = (token: string): Grant | undefined => tokens.get(token);
  const revoke = (clientAuth: string | undefined, token: string) => {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    return clientAuth === expected && tokens.delete(token);
  };
  let nextUser: FakeGithubUser = DEFAULT_GITHUB_USER;
  let denyNext = false;

  const tokenError = (response: ServerResponse, wantsJson: boolean, error: string, description: string) => {
    const body = {
      error,
      error_description: description,
      error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${error.replace(/_/g, "-")}`,
    };
    if (wantsJson) return send(response, standIn.errorStatus, body);
    response.writeHead(standIn.errorStatus, {
      "content-type": "application/x-www-form-urlencoded; charset=utf-8",
    });
    response.end(new URLSearchParams(body).toString());
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const params = url.searchParams;
    if (params.get("client_id") !== clientId) return send(response, 404, "Not Found");
    const redirectUri = params.get("redirect_uri");
    if (!redirectUri) return send(response, 400, "redirect_uri is required by this stand-in");
    const codeChallenge = params.get("code_challenge");
    const method = params.get("code_challenge_method");
    if (codeChallenge !== null && method !== "S256")
      return send(response, 400, "code_challenge_method must be S256");
    if (codeChallenge === null && standIn.requirePkce)
      return send(response, 400, "code_challenge is required by this stand-in (requirePkce)");
    const back = new URL(redirectUri);
    const state = params.get("state");
    if (state !== null) back.searchParams.set("state", state);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user has denied your application access.");
      back.searchParams.set(
        "error_uri",
        "https://docs.github.com/apps/troubleshooting-authorization-request-errors/",
      );
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    const scopes = [
      ...new Set((params.get("scope") ?? "").split(/[\s,]+/).filter((s) => VALID_SCOPE.test(s))),
    ];
    const code = randomBytes(10).toString("hex");
    codes.set(code, {
      clientId,
      redirectUri,
      user: nextUser,
      scopes,
      expiresAt: Date.now() + codeLifetimeMs,
      spent: false,
      codeChallenge,
    });
    back.searchParams.set("code", code);
    response.writeHead(302, { location: back.href }).end();
  };

  const accessToken = async (request: IncomingMessage, response: ServerResponse) => {
    const raw = await readBody(request);
    const type = request.headers["content-type"] ?? "";
    let body: Record<string, string>;
    try {
      body = type.includes("json")
        ? (JSON.parse(raw || "{}") as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      return send(response, 400, { message: "Problems parsing JSON" });
    }
    const accept = request.headers.accept ?? "";
    const wantsJson = accept.includes("json");
    let id = body.client_id;
    let secret = body.client_secret;
    let auth: "basic" | "body" | "none" = id && secret ? "body" : "none";
    const header = request.headers.authorization;
    if (header?.startsWith("Basic ")) {
      const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
      auth = "basic";
    }
    standIn.tokenRequests.push({ auth, accept });
    if (id !== clientId || secret !== clientSecret) {
      return tokenError(
        response,
        wantsJson,
        "incorrect_client_credentials",
        "The client_id and/or client_secret passed are incorrect.",
      );
    }
    const code = body.code ? codes.get(body.code) : undefined;
    if (!code || code.spent || code.expiresAt <= Date.now() || code.clientId !== id) {
      if (code) code.spent = true;
      return tokenError(
        response,
        wantsJson,
        "bad_verification_code",
        "The code passed is incorrect or expired.",
      );
    }
    if (body.redirect_uri && code.redirectUri && body.redirect_uri !== code.redirectUri) {
      return tokenError(
        response,
        wantsJson,
        "redirect_uri_mismatch",
        "The redirect_uri MUST match the registered callback URL for this application.",
      );
    }
    const verifier = body.code_verifier;
    if (
      code.codeChallenge !== null &&
      (!verifier || createHash("sha256").update(verifier).digest("base64url") !== code.codeChallenge)
    ) {
      code.spent = true;
      return tokenError(
        response,
        wantsJson,
        "bad_verification_code",
        "The code_verifier does not match the code_challenge.",
      );
    }
    code.spent = true;
    const token = `gho_${randomBytes(18).toString("hex")}`;
    tokens.set(token, { user: code.user, scopes: code.scopes });
    repos.account(code.user.login, "User", code.user.id);
    const granted = { access_token: token, token_type: "bearer", scope: code.scopes.join(",") };
    if (wantsJson) return send(response, 200, granted);
    response.writeHead(200, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" });
    response.end(new URLSearchParams(granted).toString());
  };

  const api = (request: IncomingMessage, url: URL, response: ServerResponse) => {
    const header = request.headers.authorization ?? "";
    const match = /^(?:Bearer|token) (.+)$/i.exec(header);
    const grant = match ? tokens.get(match[1]!.trim()) : undefined;
    const docs = "https://docs.github.com/rest";
    if (!grant)
      return send(response, 401, { message: "Bad credentials", documentation_url: docs, status: "401" });
    const headers = { "x-oauth-scopes": grant.scopes.join(", "), "x-accepted-oauth-scopes": "" };
    const { user } = grant;
    if (url.pathname === "/user") {
      return send(
        response,
        200,
        {
          id: user.id,
          login: user.login,
          name: user.name,
          email: user.email,
          avatar_url: user.avatar_url ?? `https://avatars.example.test/u/${user.id}`,
          type: "User",
        },
        headers,
      );
    }
    if (url.pathname === "/user/emails") {
      if (!grant.scopes.includes("user:email") && !grant.scopes.includes("user")) {
        return send(response, 404, { message: "Not Found", documentation_url: docs, status: "404" }, headers);
      }
      const emails =
        user.emails ?? (user.email ? [{ email: user.email, primary: true, verified: true }] : []);
      return send(
        response,
        200,
        emails.map((e) => ({ ...e, visibility: e.primary ? "public" : null })),
        headers,
      );
    }
    return send(response, 404, { message: "Not Found", documentation_url: docs, status: "404" }, headers);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      if (route === "GET /login/oauth/authorize") return authorize(url, response);
      if (route === "POST /login/oauth/access_token") return accessToken(request, response);
      if (route === "POST /__standin/next-user") {
        standIn.setNextUser(JSON.parse(await readBody(request)) as FakeGithubUser);
        return send(response, 204, "");
      }
      if (await repos.handle(request, url, response, grantOf, revoke)) return;
      if (request.method === "GET" && url.pathname.startsWith("/user")) return api(request, url, response);
      return send(response, 404, { message: "Not Found" });
    };
    handle().catch((error: unknown) => send(response, 500, { message: (error as Error).message }));
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = url;

  const standIn: GithubStandIn = {
    url,
    clientId,
    clientSecret,
    env: {
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      GITHUB_AUTHORIZE_URL: `${url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${url}/login/oauth/access_token`,
      GITHUB_API_URL: url,
      GITHUB_SETTINGS_URL: `${url}/settings/connections/applications`,
    },
    setNextUser(user) {
      nextUser = user;
    },
    denyNext() {
      denyNext = true;
    },
    expireCodes() {
      for (const code of codes.values()) code.expiresAt = 0;
    },
    requirePkce: true,
    errorStatus: 200,
    tokenRequests: [],
    repos,
    appEnv: {
      GITHUB_APP_ID: repos.app.id,
      GITHUB_APP_PRIVATE_KEY: repos.app.privateKeyPem,
      GITHUB_APP_SLUG: "boxyard-test",
    },
    issueToken(user, scopes) {
      const token = `gho_${randomBytes(18).toString("hex")}`;
      tokens.set(token, { user, scopes });
      repos.account(user.login, "User", user.id);
      return token;
    },
    tokenIsValid: (token) => tokens.has(token),
    close: async () => {
      await new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      });
      await repos.git.close();
    },
  };
  return standIn;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const portFlag = process.argv.indexOf("--port");
  const port = portFlag === -1 ? 4456 : Number(process.argv[portFlag + 1]);
  const standIn = await startGithubStandIn({
    port,
    clientId: process.env.GITHUB_STANDIN_CLIENT_ID ?? "boxyard-e2e",
    clientSecret: process.env.GITHUB_STANDIN_CLIENT_SECRET ?? "boxyard-e2e-secret",
  });
  console.log(`GitHub stand-in listening on ${standIn.url}`);
  for (const [key, value] of Object.entries(standIn.env)) console.log(`${key}=${value}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
