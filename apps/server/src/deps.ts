import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { CodeHostRegistry } from "./integrations/codehost/registry.ts";
import type { TokenKey } from "./integrations/codehost/token-seal.ts";
import type { IdentityRegistry } from "./integrations/identity/registry.ts";
import type { Mailer } from "./integrations/mail/mailer.ts";
import type { PaymentsAdapter } from "./integrations/payments/payments.port.ts";
import type { FileStorage } from "./integrations/storage/storage.port.ts";
import type { EventBus } from "./live/event-bus.ts";
import type { SessionCache } from "./modules/auth/session-cache.ts";
import type { PlanOf } from "./modules/billing/workspace-plan.ts";
import type { PackageCache } from "./modules/packages/package-cache.ts";
import type { MemberVersions } from "./modules/search/member-versions.ts";
import type { SearchCache } from "./modules/search/search-cache.ts";

/** What the modules are built from; app.ts assembles it once per app. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  /** Signs cookies and socket tokens; shared by every replica. */
  secret: Uint8Array;
  identity: IdentityRegistry;
  /** Uploaded files' bytes (disk or S3). */
  storage: FileStorage;
  /** Encrypts provider access tokens at rest (derived from the secret). */
  tokenKey: TokenKey;
  codeHost: CodeHostRegistry;
  /** Live events: published after commit, delivered to sockets on every replica. */
  live: EventBus;
  /** SMTP, when configured; null sends no mail. */
  mailer: Mailer | null;
  /** A workspace's plan and limits: every limit check asks it. */
  plans: PlanOf;
  /** Stripe, or the local adapter of installs without Stripe. */
  payments: PaymentsAdapter;
  /** Workspace search answers, reused while the workspace's content is unchanged. */
  searchCache: SearchCache<string>;
  /** The search versions that key those answers, read for searches arriving together at once. */
  searchVersions: MemberVersions;
  /** Sessions read lately, answered without a query until one ends. */
  sessions: SessionCache;
  /** npm packages prepared for browser sandboxes: the registry client and the work under way. */
  packages: PackageCache;
  log: Log;
};

/** Where the modules log what goes wrong after a response (mail, live delivery). */
export type Log = {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
};
