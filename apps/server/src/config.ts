import { resolve } from "node:path";
import { UPLOAD_STORAGE_BYTES } from "@boxyard/domain";
import { z } from "zod";
import {
  STRIPE_PRICE_KEYS,
  type StripePriceKey,
  stripePriceVariable,
} from "./integrations/payments/price-keys.ts";

/**
 * Every environment variable the server reads, parsed in one place.
 * The README's settings table documents the same list.
 */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === "" ? fallback : ["1", "true", "yes", "on"].includes(v.toLowerCase()),
    );

const ssoConnection = z.object({
  /** E-mail domains this identity provider signs in, e.g. ["acme.com"]. */
  domains: z.array(z.string().min(1)).min(1),
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  name: z.string().optional(),
});
export type SsoConnection = z.infer<typeof ssoConnection>;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BOXYARD_DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  /** Prefix of the Redis channels of live events (replicas of one installation share it). */
  BOXYARD_REDIS_PREFIX: z.string().min(1).default("boxyard:"),
  BOXYARD_PUBLIC_URL: optional,
  BOXYARD_SECRET: optional,
  BOXYARD_ON_PREMISE: flag(false),
  BOXYARD_TRUST_PROXY: flag(false),
  BOXYARD_WEB_DIST: optional,
  BOXYARD_SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Comma-separated origins (besides this server's) whose previews may receive sandbox access tokens. */
  BOXYARD_PREVIEW_ORIGINS: optional,
  /** The preview origin's port (browser sandboxes run there); default PORT+1, 0 = any free port. */
  BOXYARD_PREVIEW_PORT: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /** The preview origin's public URL; default the public URL on the preview port, localhost <-> 127.0.0.1. */
  BOXYARD_PREVIEW_URL: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_WITH_PASSWORD: flag(true),
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  GITHUB_AUTHORIZE_URL: z.string().url().default("https://github.com/login/oauth/authorize"),
  GITHUB_TOKEN_URL: z.string().url().default("https://github.com/login/oauth/access_token"),
  GITHUB_API_URL: z.string().url().default("https://api.github.com"),
  GITHUB_SETTINGS_URL: z.string().url().default("https://github.com/settings/connections/applications"),
  /** How long a GitHub API call may take before it counts as a timeout (504). */
  GITHUB_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How long one git command against a remote (ls-remote, fetch, push) may take. */
  GIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** The GitHub App whose installation a repository page checks (spec 1 §2). */
  GITHUB_APP_ID: optional,
  /** The secret GitHub signs its webhook deliveries with (pull requests and reviews). */
  GITHUB_WEBHOOK_SECRET: optional,
  GITHUB_APP_SLUG: optional,
  /** The App's private key (PEM); `\n` escapes are read as line breaks. */
  GITHUB_APP_PRIVATE_KEY: optional,
  GITHUB_APP_INSTALL_URL: optional,
  /** How often synced templates are refreshed from their repositories, in minutes. */
  BOXYARD_TEMPLATE_SYNC_MINUTES: z.coerce.number().int().min(1).default(60),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  APPLE_ISSUER: z.string().url().default("https://appleid.apple.com"),
  SSO_CONNECTIONS: optional,
  /** Lets openid-client talk to http:// issuers. Only for local identity providers in tests and development. */
  OIDC_ALLOW_INSECURE: flag(false),
  /** Each user's storage for uploads, in megabytes (default: the Build plan's 20 GB). */
  BOXYARD_UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).optional(),
  /** Uploads in an S3 bucket (or an S3-compatible server) instead of BOXYARD_DATA_DIR/uploads. */
  BOXYARD_S3_BUCKET: optional,
  BOXYARD_S3_REGION: z.string().default("us-east-1"),
  BOXYARD_S3_ENDPOINT: optional,
  BOXYARD_S3_ACCESS_KEY_ID: optional,
  BOXYARD_S3_SECRET_ACCESS_KEY: optional,
  BOXYARD_S3_FORCE_PATH_STYLE: flag(true),
  BOXYARD_S3_PREFIX: z.string().default(""),
  /** E-mail through SMTP: a URL, or host, port and credentials. With neither, no mail is sent. */
  SMTP_URL: optional,
  SMTP_HOST: optional,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === "" ? undefined : ["1", "true", "yes", "on"].includes(v.toLowerCase()),
    ),
  SMTP_USER: optional,
  SMTP_PASSWORD: optional,
  SMTP_FROM: optional,
  /** Payments through Stripe; without a key the local adapter (Boxyard's own checkout page) is used. */
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Where the Stripe API is (a local server in tests); default https://api.stripe.com. */
  STRIPE_API_URL: optional,
  // The price ids (STRIPE_PRICE_FLEX_MONTHLY, ...) are read by paymentsConfig below.
  /** The devbox runtime's token for reporting devbox starts and stops; unset, those routes are off. */
  BOXYARD_RUNTIME_TOKEN: optional,
  /** How often the billing job renews local subscriptions and freezes or unfreezes workspaces. */
  BOXYARD_BILLING_JOB_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Prometheus metrics at /metrics for requests with `Authorization: Bearer <this>`. */
  BOXYARD_METRICS_TOKEN: optional,
  /** Prometheus metrics, without a token, on this port of HOST (an internal one). */
  BOXYARD_METRICS_PORT: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /** `true`: the web app's source maps (built with the same setting) are served. */
  BOXYARD_SOURCEMAPS: optional,
  /** The npm registry browser sandboxes' packages come from; unset, the one npm on this server is configured with. */
  BOXYARD_NPM_REGISTRY: optional.pipe(z.string().url().optional()),
  /** `true`: packages are answered from the package cache only, the registry is never asked. */
  BOXYARD_NPM_OFFLINE: flag(false),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  let sso: SsoConnection[] = [];
  if (e.SSO_CONNECTIONS) {
    const list = z.array(ssoConnection).safeParse(JSON.parse(e.SSO_CONNECTIONS));
    if (!list.success) throw new Error(`Invalid SSO_CONNECTIONS: ${list.error.message}`);
    sso = list.data;
  }
  const publicUrl = (e.BOXYARD_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const previewOrigins = (e.BOXYARD_PREVIEW_ORIGINS ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      if (
        !url ||
        (url.protocol !== "https:" && url.protocol !== "http:") ||
        url.origin !== value.replace(/\/$/, "")
      ) {
        throw new Error(
          `Invalid BOXYARD_PREVIEW_ORIGINS entry '${value}': give origins such as https://preview.example.com`,
        );
      }
      return url.origin;
    });
  const previewPort = e.BOXYARD_PREVIEW_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  const preview = previewSettings(publicUrl, previewPort, e.BOXYARD_PREVIEW_URL);
  const githubApp =
    e.GITHUB_APP_ID && e.GITHUB_APP_PRIVATE_KEY
      ? {
          id: e.GITHUB_APP_ID,
          privateKey: e.GITHUB_APP_PRIVATE_KEY.replace(/\\n/g, "\n"),
          installUrl:
            e.GITHUB_APP_INSTALL_URL ??
            (e.GITHUB_APP_SLUG ? `https://github.com/apps/${e.GITHUB_APP_SLUG}/installations/new` : null),
        }
      : undefined;
  if (e.GITHUB_APP_ID && !e.GITHUB_APP_PRIVATE_KEY) {
    throw new Error("Invalid configuration: GITHUB_APP_ID needs GITHUB_APP_PRIVATE_KEY");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.BOXYARD_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.BOXYARD_REDIS_PREFIX,
    publicUrl,
    /** Origins allowed to receive preview tokens: this server's own, then BOXYARD_PREVIEW_ORIGINS. */
    previewOrigins: [
      new URL(publicUrl).origin,
      ...previewOrigins,
      ...(preview.url ? [new URL(preview.url).origin] : []),
    ],
    /**
     * The preview origin (apps/server/src/preview): its port and public URL. With port 0 the URL
     * is known once it listens (`withPreviewUrl`).
     */
    preview,
    secret: e.BOXYARD_SECRET,
    onPremise: e.BOXYARD_ON_PREMISE,
    trustProxy: e.BOXYARD_TRUST_PROXY,
    webDist: e.BOXYARD_WEB_DIST,
    metrics: { token: e.BOXYARD_METRICS_TOKEN, port: e.BOXYARD_METRICS_PORT },
    serveSourceMaps: e.BOXYARD_SOURCEMAPS === "true",
    signinRateLimit: e.BOXYARD_SIGNIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    oidcAllowInsecure: e.OIDC_ALLOW_INSECURE,
    uploadQuotaBytes: e.BOXYARD_UPLOAD_QUOTA_MB
      ? e.BOXYARD_UPLOAD_QUOTA_MB * 1024 * 1024
      : UPLOAD_STORAGE_BYTES,
    s3: e.BOXYARD_S3_BUCKET
      ? {
          bucket: e.BOXYARD_S3_BUCKET,
          region: e.BOXYARD_S3_REGION,
          endpoint: e.BOXYARD_S3_ENDPOINT,
          accessKeyId: e.BOXYARD_S3_ACCESS_KEY_ID,
          secretAccessKey: e.BOXYARD_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.BOXYARD_S3_FORCE_PATH_STYLE,
          prefix: e.BOXYARD_S3_PREFIX,
        }
      : undefined,
    codeHost: {
      apiUrl: e.GITHUB_API_URL.replace(/\/$/, ""),
      apiTimeoutMs: e.GITHUB_API_TIMEOUT_MS,
      gitTimeoutMs: e.GIT_TIMEOUT_MS,
      /** The OAuth app, to revoke a user's token when they remove the integration. */
      oauthApp:
        e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
          ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET }
          : undefined,
      app: githubApp,
      templateSyncMinutes: e.BOXYARD_TEMPLATE_SYNC_MINUTES,
      webhookSecret: e.GITHUB_WEBHOOK_SECRET,
    },
    payments: paymentsConfig(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL, env),
    runtimeToken: e.BOXYARD_RUNTIME_TOKEN,
    npm: {
      /** Undefined: read from npm's own configuration when first needed (packages/registry-url.ts). */
      registry: e.BOXYARD_NPM_REGISTRY?.replace(/\/?$/, "/"),
      offline: e.BOXYARD_NPM_OFFLINE,
    },
    billingJobIntervalMs: e.BOXYARD_BILLING_JOB_SECONDS * 1000,
    providers: {
      password: e.LOGIN_WITH_PASSWORD,
      github:
        e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
          ? {
              clientId: e.GITHUB_CLIENT_ID,
              clientSecret: e.GITHUB_CLIENT_SECRET,
              authorizeUrl: e.GITHUB_AUTHORIZE_URL,
              tokenUrl: e.GITHUB_TOKEN_URL,
              apiUrl: e.GITHUB_API_URL.replace(/\/$/, ""),
              apiTimeoutMs: e.GITHUB_API_TIMEOUT_MS,
              settingsUrl: e.GITHUB_SETTINGS_URL,
            }
          : undefined,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : undefined,
      apple:
        e.APPLE_CLIENT_ID && e.APPLE_CLIENT_SECRET
          ? { issuer: e.APPLE_ISSUER, clientId: e.APPLE_CLIENT_ID, clientSecret: e.APPLE_CLIENT_SECRET }
          : undefined,
      sso,
    },
    smtp:
      e.SMTP_URL || e.SMTP_HOST
        ? {
            url: e.SMTP_URL,
            host: e.SMTP_HOST,
            port: e.SMTP_PORT,
            secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
            user: e.SMTP_USER,
            password: e.SMTP_PASSWORD,
            from: e.SMTP_FROM ?? `Boxyard <boxyard@${new URL(publicUrl).hostname}>`,
          }
        : undefined,
  };
}

/**
 * The preview origin's URL: BOXYARD_PREVIEW_URL, else the public URL on the preview port with
 * `localhost` and `127.0.0.1` swapped. Cookies ignore ports, so only another host name keeps the
 * session cookie from user code, and another site gives the preview its own browser process.
 */
export function previewUrlOf(publicUrl: string, port: number): { url: string; sameHost: boolean } {
  const url = new URL(publicUrl);
  const swapped =
    url.hostname === "localhost" ? "127.0.0.1" : url.hostname === "127.0.0.1" ? "localhost" : null;
  if (swapped) url.hostname = swapped;
  url.port = String(port);
  return { url: url.origin, sameHost: swapped === null };
}

function previewSettings(publicUrl: string, port: number, explicit: string | undefined) {
  if (explicit) {
    if (!URL.canParse(explicit) || !/^https?:$/.test(new URL(explicit).protocol)) {
      throw new Error(
        `Invalid BOXYARD_PREVIEW_URL '${explicit}': give a URL such as https://preview.example.net`,
      );
    }
    return { port, url: new URL(explicit).origin as string | null, sameHost: false };
  }
  if (port === 0) return { port, url: null as string | null, sameHost: false };
  const derived = previewUrlOf(publicUrl, port);
  return { port, url: derived.url as string | null, sameHost: derived.sameHost };
}

/**
 * Settles the preview origin's URL once it listens on `port` (an "any free port" setting), in the
 * one config object the app and its dependencies share.
 */
export function settlePreviewUrl(config: Config, port: number) {
  if (config.preview.url) return;
  const derived = previewUrlOf(config.publicUrl, port);
  config.preview.port = port;
  config.preview.url = derived.url;
  config.preview.sameHost = derived.sameHost;
  config.previewOrigins.push(derived.url);
}

export type StripeConfig = {
  kind: "stripe";
  secretKey: string;
  webhookSecret: string;
  /** The API's host, port and protocol (the SDK's settings), when not Stripe's own. */
  api: { host: string; port: number; protocol: "http" | "https" } | undefined;
  /** Stripe price ids by catalogue key (`flex_monthly`, `credits_500_yearly`, ...); legacy ones are optional. */
  prices: Partial<Record<StripePriceKey, string>>;
};
export type PaymentsConfig = StripeConfig | { kind: "local" };

function paymentsConfig(
  secretKey: string | undefined,
  webhookSecret: string | undefined,
  apiUrl: string | undefined,
  env: Record<string, string | undefined>,
): PaymentsConfig {
  if (!secretKey) return { kind: "local" };
  if (!webhookSecret)
    throw new Error("Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY.");
  const prices: Partial<Record<StripePriceKey, string>> = {};
  const missing: string[] = [];
  for (const key of STRIPE_PRICE_KEYS) {
    const value = env[stripePriceVariable(key)]?.trim();
    if (value) prices[key] = value;
    else if (!key.startsWith("legacy_")) missing.push(stripePriceVariable(key));
  }
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration: with STRIPE_SECRET_KEY, set the Stripe price ids ${missing.join(", ")}.`,
    );
  }
  let api: StripeConfig["api"];
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    api = { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
  }
  return { kind: "stripe", secretKey, webhookSecret, api, prices };
}
