import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import type { FileStorage } from "../integrations/storage/storage.port.ts";
import { purgeRequestedAccounts } from "../modules/users/account-purge.ts";
import { type IntervalJob, runWhileListening, startIntervalJob } from "./interval-job.ts";
import { PURGE_FIRST_RUN_MS, PURGE_INTERVAL_MS } from "./purge-deleted.ts";

/**
 * Every hour, deletes the accounts whose deletion was requested 3 working days ago or more. Safe
 * with several replicas: each run takes an advisory lock and skips when another replica holds it.
 */
export function startAccountPurgeJob(
  db: Db,
  storage: FileStorage,
  options: {
    intervalMs?: number;
    firstRunMs?: number;
    log?: FastifyBaseLogger;
    /** Told the deleted accounts, whose sessions ended with them. */
    onDeleted?: (userIds: string[]) => Promise<void>;
  } = {},
): IntervalJob {
  const intervalMs = options.intervalMs ?? PURGE_INTERVAL_MS;
  return startIntervalJob(
    "purge of deleted accounts",
    async () => {
      const result = await purgeRequestedAccounts(db, storage, {
        onStorageError: (key, err) =>
          options.log?.warn({ err, key }, "an uploaded file of a deleted account stayed"),
      });
      if (result.deleted.length > 0) {
        options.log?.info({ deleted: result.deleted.length }, "deleted accounts");
        await options.onDeleted?.(result.deleted);
      }
    },
    {
      intervalMs,
      firstRunMs: options.firstRunMs ?? Math.min(PURGE_FIRST_RUN_MS, intervalMs),
      log: options.log,
    },
  );
}

/** Starts with the server's listening (tests that only inject never start it); stops on close. */
export function registerAccountPurgeJob(app: FastifyInstance, deps: Deps) {
  runWhileListening(app, () =>
    startAccountPurgeJob(deps.db, deps.storage, {
      log: app.log,
      onDeleted: async (userIds) => {
        for (const userId of userIds) await deps.sessions.revoke({ userId });
      },
    }),
  );
}
