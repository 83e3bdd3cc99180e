/**
 * A local OpenID Connect issuer for tests, standing in for Google, Apple or a company's single
 * sign-on: oidc-provider 9 on a real HTTP server (127.0.0.1), with sign-in and consent done
 * without any page. A browser (or a plain HTTP client that follows redirects and keeps cookies)
 * sent to the authorization endpoint comes back to the client's redirect_uri with a code (or, with
 * `response_mode=form_post`, gets a page that posts it) for the "next account", which stays the
 * same until changed. An authorization request's `login_hint` (an account's e-mail or sub) wins.
 * Authorization code + PKCE (S256), nonce and state work as openid-client 6 uses them.
 *
 * In a test:
 *   const issuer = await startOidcIssuer({ clients: [...], accounts: [...] });
 *   issuer.setNextAccount("ada@acme.test"); ... await issuer.close();
 *
 * Standalone, e.g. for Playwright end-to-end tests:
 *   npx tsx apps/server/test/standins/oidc-issuer.ts --port 4455
 * prints the issuer (http://127.0.0.1:4455 by default) and serves until SIGINT/SIGTERM.
 * Defaults (each can be changed through the environment):
 *   - OIDC_STANDIN_PORT (or --port): 4455; OIDC_STANDIN_HOST: 127.0.0.1.
 *   - OIDC_STANDIN_CLIENTS (JSON list of {clientId, clientSecret, redirectUris, tokenEndpointAuthMethod?}):
 *     one client, id `boxyard-e2e`, secret `boxyard-e2e-secret`, client_secret_basic, with the
 *     redirect URIs {BOXYARD_PUBLIC_URL}/auth/google/callback, /auth/apple/callback and
 *     /auth/sso/callback (BOXYARD_PUBLIC_URL defaults to http://localhost:3000). Redirect URIs must
 *     match exactly.
 *   - OIDC_STANDIN_ACCOUNTS (JSON list of {sub, email, email_verified?, name?, picture?}):
 *     `e2e-ada` ada@acme.test "Ada Lovelace" (the first next account), `e2e-grace`
 *     grace@acme.test "Grace Hopper", `e2e-linus` linus@example.test "Linus Example".
 *   - The issuer accepts client_secret_basic and client_secret_post, and puts the profile and
 *     e-mail claims in the ID token (as Google does).
 * Boxyard settings for it: GOOGLE_CLIENT_ID=boxyard-e2e GOOGLE_CLIENT_SECRET=boxyard-e2e-secret
 * GOOGLE_ISSUER=http://127.0.0.1:4455 OIDC_ALLOW_INSECURE=true (the same for APPLE_*), or
 * SSO_CONNECTIONS='[{"domains":["acme.test"],"issuer":"http://127.0.0.1:4455","clientId":"boxyard-e2e","clientSecret":"boxyard-e2e-secret"}]'.
 *
 * Control over HTTP (for tests in another process):
 *   POST /__standin/next-account  {"email": "..."} or {"sub": "..."}  → that account signs in next
 *   POST /__standin/accounts      {sub, email, ...}                   → adds (or replaces) an account and makes it next
 *   POST /__standin/deny-next                                         → the next authorization answers access_denied
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Provider, {
  type Adapter,
  type AdapterPayload,
  type ClientAuthMethod,
  type Configuration,
  type Grant,
  interactionPolicy,
  type KoaContextWithOIDC,
} from "oidc-provider";

export type OidcAccount = {
  sub: string;
  email: string;
  /** Defaults to true; Apple sends it as the string "true". */
  email_verified?: boolean | "true" | "false";
  name?: string;
  picture?: string;
};

export type OidcClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** How the client authenticates at the token endpoint; client_secret_basic unless told. */
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post";
};

export type OidcIssuerOptions = {
  clients: OidcClient[];
  accounts: OidcAccount[];
  port?: number;
  host?: string;
  /** Which client authentication methods the issuer offers (and advertises); both unless told. */
  clientAuthMethods?: ("client_secret_basic" | "client_secret_post")[];
  /**
   * false (the default) puts the profile and e-mail claims in the ID token, as Google and Apple do;
   * true keeps them for the userinfo endpoint when an access token is issued, as OpenID Connect
   * Core §5.4 says and stricter SSO providers do.
   */
  conformIdTokenClaims?: boolean;
  /** Authorization code lifetime in seconds (default 60). */
  codeTtlSeconds?: number;
};

export type OidcIssuer = {
  url: string;
  provider: Provider;
  /** The account that signs in from now on: by sub or e-mail. */
  setNextAccount(subOrEmail: string): void;
  /** Adds (or replaces) an account; it becomes the next account. */
  addAccount(account: OidcAccount): void;
  /** The next authorization request answers `error=access_denied`, as when the person cancels. */
  denyNext(): void;
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

/** oidc-provider's storage, in memory and per issuer: every artifact expires with its `expiresIn`. */
function memoryAdapterFactory() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      store.set(`${model}:${id}`, {
        payload,
        expiresAt: typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
      });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      for (const key of store.keys()) {
        if (key.startsWith(`${model}:`) && live(key)?.uid === uid) return live(key);
      }
      return undefined;
    },
    async findByUserCode(userCode) {
      for (const key of store.keys()) {
        if (key.startsWith(`${model}:`) && live(key)?.userCode === userCode) return live(key);
      }
      return undefined;
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    },
  });
}

export async function startOidcIssuer(options: OidcIssuerOptions): Promise<OidcIssuer> {
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  let nextSub = options.accounts[0]?.sub;
  let denyNext = false;
  const find = (subOrEmail: string) =>
    accounts.get(subOrEmail) ??
    [...accounts.values()].find((a) => a.email.toLowerCase() === subOrEmail.toLowerCase());

  // The port is known once listening, and the issuer URL contains it: listen first, then attach.
  const server = createServer();
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((done) => server.listen(options.port ?? 0, host, done));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "standin", alg: "RS256", use: "sig" };

  // Login is asked for whenever the browser's session is not the next account's, so a browser
  // that keeps the issuer's cookies still signs in as whoever a test chose.
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check("next_account", "another account signs in next", "login_required", (ctx) =>
        ctx.oidc.session?.accountId !== chooseAccount(ctx.oidc.params?.login_hint)?.sub || denyNext
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );

  const chooseAccount = (loginHint: unknown) =>
    (typeof loginHint === "string" ? find(loginHint) : undefined) ??
    (nextSub ? accounts.get(nextSub) : undefined);

  const configuration: Configuration = {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: c.tokenEndpointAuthMethod ?? "client_secret_basic",
    })),
    clientAuthMethods: (options.clientAuthMethods ?? [
      "client_secret_basic",
      "client_secret_post",
    ]) as ClientAuthMethod[],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "picture"],
    },
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          ...(account.name ? { name: account.name } : {}),
          ...(account.picture ? { picture: account.picture } : {}),
        }),
      };
    },
    // Consent is given for whatever the client asks.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const accountId = oidc.session!.accountId!;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      let grant: Grant | undefined = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== accountId) grant = undefined;
      grant ??= new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes]);
      grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    jwks: { keys: [signingKey] },
    adapter: memoryAdapterFactory(),
    ttl: {
      AuthorizationCode: options.codeTtlSeconds ?? 60,
      AccessToken: 3600,
      IdToken: 3600,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
    clientBasedCORS: () => true,
    async renderError(ctx, out) {
      ctx.type = "json";
      ctx.body = out;
    },
  };
  const provider = new Provider(url, configuration);
  const handleProvider = provider.callback();

  const interaction = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    if (denyNext) {
      denyNext = false;
      return provider.interactionFinished(
        request,
        response,
        { error: "access_denied", error_description: "The person declined to sign in." },
        { mergeWithLastSubmission: false },
      );
    }
    const account = chooseAccount(details.params.login_hint);
    if (!account) {
      return provider.interactionFinished(
        request,
        response,
        { error: "access_denied", error_description: "The stand-in issuer has no account to sign in with." },
        { mergeWithLastSubmission: false },
      );
    }
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub } },
      { mergeWithLastSubmission: false },
    );
  };

  const control = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const body = await readBody(request);
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    if (path === "/__standin/next-account") {
      const wanted = String(input.sub ?? input.email ?? "");
      if (!find(wanted)) return sendJson(response, 404, { error: `no account ${wanted}` });
      issuer.setNextAccount(wanted);
      return sendJson(response, 200, { next: nextSub });
    }
    if (path === "/__standin/accounts") {
      issuer.addAccount(input as OidcAccount);
      return sendJson(response, 200, { next: nextSub });
    }
    if (path === "/__standin/deny-next") {
      issuer.denyNext();
      return sendJson(response, 200, { deny: true });
    }
    return sendJson(response, 404, { error: "not found" });
  };

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", url).pathname;
    let work: Promise<unknown> | undefined;
    if (request.method === "GET" && path.startsWith("/interaction/")) work = interaction(request, response);
    else if (request.method === "POST" && path.startsWith("/__standin/"))
      work = control(request, response, path);
    else handleProvider(request, response);
    work?.catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: (error as Error).message });
    });
  });

  const issuer: OidcIssuer = {
    url,
    provider,
    setNextAccount(subOrEmail) {
      const account = find(subOrEmail);
      if (!account) throw new Error(`The stand-in issuer has no account ${subOrEmail}.`);
      nextSub = account.sub;
    },
    addAccount(account) {
      if (!account?.sub || !account.email) throw new Error("An account needs a sub and an e-mail.");
      accounts.set(account.sub, account);
      nextSub = account.sub;
    },
    denyNext() {
      denyNext = true;
    },
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
  return issuer;
}

/** The defaults of the standalone issuer (see the top of this file). */
export function defaultStandaloneOptions(env: NodeJS.ProcessEnv = process.env): OidcIssuerOptions {
  const publicUrl = (env.BOXYARD_PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");
  const clients: OidcClient[] = env.OIDC_STANDIN_CLIENTS
    ? (JSON.parse(env.OIDC_STANDIN_CLIENTS) as OidcClient[])
    : [
        {
          clientId: "boxyard-e2e",
          clientSecret: "boxyard-e2e-secret",
          redirectUris: ["google", "apple", "sso"].map((p) => `${publicUrl}/auth/${p}/callback`),
        },
      ];
  const accounts: OidcAccount[] = env.OIDC_STANDIN_ACCOUNTS
    ? (JSON.parse(env.OIDC_STANDIN_ACCOUNTS) as OidcAccount[])
    : [
        { sub: "e2e-ada", email: "ada@acme.test", name: "Ada Lovelace" },
        { sub: "e2e-grace", email: "grace@acme.test", name: "Grace Hopper" },
        { sub: "e2e-linus", email: "linus@example.test", name: "Linus Example" },
      ];
  return {
    clients,
    accounts,
    host: env.OIDC_STANDIN_HOST ?? "127.0.0.1",
    port: Number(env.OIDC_STANDIN_PORT ?? 4455),
  };
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const options = defaultStandaloneOptions();
  const portFlag = process.argv.indexOf("--port");
  if (portFlag !== -1) options.port = Number(process.argv[portFlag + 1]);
  const issuer = await startOidcIssuer(options);
  console.log(`OIDC stand-in issuer listening on ${issuer.url}`);
  for (const client of options.clients) {
    console.log(`  client ${client.clientId} / ${client.clientSecret} → ${client.redirectUris.join(", ")}`);
  }
  for (const account of options.accounts) console.log(`  account ${account.sub} <${account.email}>`);
  const stop = () => void issuer.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
