import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { loadSecret } from "./db/instance-secret.ts";
import type { Deps, Log } from "./deps.ts";
import { CodeHostRegistry } from "./integrations/codehost/registry.ts";
import { tokenKey } from "./integrations/codehost/token-seal.ts";
import { IdentityRegistry } from "./integrations/identity/registry.ts";
import { SmtpMailer } from "./integrations/mail/mailer.ts";
import { createPayments } from "./integrations/payments/index.ts";
import { createStorage } from "./integrations/storage/index.ts";
import type { FileStorage } from "./integrations/storage/storage.port.ts";
import { createEventBus } from "./live/create-event-bus.ts";
import { SessionCache } from "./modules/auth/session-cache.ts";
import { sealStoredTokens } from "./modules/auth/stored-tokens.ts";
import { planResolver } from "./modules/billing/workspace-plan.ts";
import { PackageCache } from "./modules/packages/package-cache.ts";
import { MemberVersions } from "./modules/search/member-versions.ts";
import { SearchCache } from "./modules/search/search-cache.ts";

/**
 * The dependencies the modules are built from, once per process: the app (app.ts) and the scripts
 * that run services without serving (the demo seed). `close` lets go of what they hold open.
 */
export async function createDeps(options: {
  config: Config;
  database: Database;
  log: Log;
  storage?: FileStorage | undefined;
}): Promise<Deps & { close(): Promise<void> }> {
  const { config, database } = options;
  const secret = await loadSecret(database.db, config.secret);
  const live = await createEventBus(config, options.log);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    secret,
    identity: new IdentityRegistry(config),
    storage: options.storage ?? createStorage(config),
    tokenKey: tokenKey(secret),
    codeHost: new CodeHostRegistry(config.codeHost),
    live,
    sessions: new SessionCache(live),
    mailer: config.smtp ? new SmtpMailer(config.smtp) : null,
    log: options.log,
    plans: planResolver(config),
    payments: createPayments(config),
    searchCache: new SearchCache(),
    searchVersions: new MemberVersions(database.db),
    packages: new PackageCache(config.npm),
  };
  await sealStoredTokens(database.db, deps.tokenKey);
  return {
    ...deps,
    async close() {
      await deps.live.close();
      deps.mailer?.close();
    },
  };
}
