import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { createDeps } from "./create-deps.ts";
import type { Database } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import { registerGraphQL } from "./graphql/graphql.plugin.ts";
import { registerAccountRateLimit } from "./http/account-rate-limit.ts";
import { registerRequestCamelizer } from "./http/case-conversion.ts";
import { registerClientMarkerCheck } from "./http/client-marker.ts";
import { frameworkErrorHandler, registerErrorHandler, UPLOAD_LIMIT_BYTES } from "./http/errors.ts";
import { registerGraphqlSdlRoute } from "./http/graphql-sdl.routes.ts";
import { registerJsonBodyParser } from "./http/json-body.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { rateLimitStore, redisReady } from "./http/rate-limit-store.ts";
import { registerRouteIndex } from "./http/route-index.ts";
import { inlineScriptHashes, registerSecurityHeaders } from "./http/security-headers.ts";
import { registerTextGuard } from "./http/text-guard.ts";
import { registerViewer } from "./http/viewer.ts";
import { registerWebApp } from "./http/web-app.ts";
import type { FileStorage } from "./integrations/storage/storage.port.ts";
import { registerBillingJob } from "./jobs/billing-cycle.ts";
import { registerAccountPurgeJob } from "./jobs/purge-accounts.ts";
import { registerPurgeJob } from "./jobs/purge-deleted.ts";
import { registerTemplateSyncJob } from "./jobs/sync-templates.ts";
import { registerSocketRoute } from "./live/socket.routes.ts";
import { registerAuthRoutes } from "./modules/auth/auth.routes.ts";
import { registerPasswordRoutes } from "./modules/auth/password.routes.ts";
import { registerVerificationRoutes } from "./modules/auth/verification.routes.ts";
import { registerBillingRoutes } from "./modules/billing/billing.routes.ts";
import { registerRuntimeRoutes } from "./modules/billing/runtime.routes.ts";
import { registerWebhookRoutes } from "./modules/billing/webhooks.routes.ts";
import { registerFeedbackRoutes } from "./modules/feedback/feedback.routes.ts";
import { registerLikeRoutes } from "./modules/likes/likes.routes.ts";
import { registerMetaRoutes } from "./modules/meta/meta.routes.ts";
import { registerPackageApiRoutes } from "./modules/packages/packages-api.routes.ts";
import { registerProfileRoutes } from "./modules/profiles/profiles.routes.ts";
import { registerGithubIntegrationRoutes } from "./modules/repositories/github-integration.ts";
import { registerGithubWebhookRoute } from "./modules/repositories/github-webhook.routes.ts";
import { registerRepositoryRoutes } from "./modules/repositories/repositories.routes.ts";
import { registerCreateRoutes } from "./modules/sandboxes/create.routes.ts";
import { registerFileRoutes } from "./modules/sandboxes/files.routes.ts";
import { registerSandboxRoutes } from "./modules/sandboxes/sandboxes.routes.ts";
import { registerZipRoutes } from "./modules/sandboxes/zip.routes.ts";
import { registerSearchRoutes } from "./modules/search/search.routes.ts";
import { registerTemplateRoutes } from "./modules/templates/templates.routes.ts";
import { registerUploadRoutes } from "./modules/uploads/uploads.routes.ts";
import { registerUserRoutes } from "./modules/users/users.routes.ts";
import { registerVmTierRoutes } from "./modules/vm-tiers/vm-tiers.routes.ts";
import { registerWorkspaceAvatarRoutes } from "./modules/workspaces/avatar.routes.ts";
import { registerHealthRoutes } from "./ops/health.routes.ts";
import { registerMetrics } from "./ops/metrics.routes.ts";
import { RequestLineController, registerRequestLog } from "./ops/request-log.ts";

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Where the built web app is; omitted, only the API is served. */
  webDist?: string | undefined;
  logger?: boolean;
  /** Where the log goes instead of stdout as JSON (main.ts: readable lines in a terminal). */
  logStream?: NodeJS.WritableStream | undefined;
  /** Where uploads go; by default from the config (disk or S3). */
  storage?: FileStorage;
};

/** Builds the Fastify app from its modules. main.ts listens with it; tests call it through inject. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance & { deps: Deps }> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request instead of two (ops/request-log.ts).
    logController: new RequestLineController(),
    bodyLimit: UPLOAD_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorHandler,
  });
  const { close, ...deps } = await createDeps({ config, database, log: app.log, storage: options.storage });
  app.decorate("deps", deps);
  app.addHook("onClose", close);
  registerRouteIndex(app);
  // Before any route: the document lists the routes as they are registered.
  await registerOpenApi(app, config);
  registerRequestLog(app);
  registerMetrics(app, deps);

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  registerJsonBodyParser(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config, inlineScriptHashes(options.webDist));
  await app.register(cookie, { secret: Buffer.from(deps.secret).toString("base64") });
  // Commands fail at once while Redis is away (no offline queue) or slow: the store counts in memory then.
  const redis = config.redisUrl
    ? new (await import("./live/redis-client.ts")).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 500,
      })
    : null;
  if (redis) {
    redis.on("error", (error) => app.log.debug({ err: error }, "rate limits: Redis connection failed"));
    app.addHook("onClose", async () => void redis.disconnect());
    await redisReady(redis);
  }
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore({ redis, prefix: config.redisPrefix }),
  });
  registerAccountRateLimit(app, config.signinRateLimit);
  registerViewer(app, database.db, deps.sessions);
  registerClientMarkerCheck(app);
  registerTextGuard(app);
  registerRequestCamelizer(app);

  registerHealthRoutes(app, deps);
  registerMetaRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerVerificationRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerFeedbackRoutes(app, deps);
  registerLikeRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerZipRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerPackageApiRoutes(app, deps);
  registerSandboxRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerWorkspaceAvatarRoutes(app, deps);
  registerCreateRoutes(app, deps);
  registerVmTierRoutes(app);
  registerRepositoryRoutes(app, deps);
  registerGithubIntegrationRoutes(app, deps);
  registerGithubWebhookRoute(app, deps);
  registerBillingRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerRuntimeRoutes(app, deps);
  registerBillingJob(app, deps);
  registerPurgeJob(app, deps);
  registerAccountPurgeJob(app, deps);
  registerTemplateSyncJob(app, deps);
  await registerSocketRoute(app, deps);
  await registerGraphQL(app, deps);
  registerGraphqlSdlRoute(app);
  await registerWebApp(app, options.webDist, config.embedOrigins, {
    serveSourceMaps: config.serveSourceMaps,
  });
  return app as unknown as FastifyInstance & { deps: Deps };
}
