import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { IdentityRegistry } from "./integrations/identity/registry.ts";
import type { PaymentsAdapter } from "./integrations/payments/payments.port.ts";
import type { FileStorage } from "./integrations/storage/storage.port.ts";
import type { PlanOf } from "./modules/billing/workspace-plan.ts";

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
  /** A workspace's plan and limits: every limit check asks it. */
  plans: PlanOf;
  /** Stripe, or the local adapter of installs without Stripe. */
  payments: PaymentsAdapter;
};
