import { resolve } from "node:path";
import { UPLOAD_STORAGE_BYTES } from "@boxyard/domain";
import { z } from "zod";

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
    previewOrigins: [new URL(publicUrl).origin, ...previewOrigins],
    secret: e.BOXYARD_SECRET,
    onPremise: e.BOXYARD_ON_PREMISE,
    trustProxy: e.BOXYARD_TRUST_PROXY,
    webDist: e.BOXYARD_WEB_DIST,
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
