import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { purgeDeletedSandboxes } from "../modules/sandboxes/purge.ts";
import { forgetPastViews } from "../modules/sandboxes/views.ts";
import { type IntervalJob, runWhileListening, startIntervalJob } from "./interval-job.ts";

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** The first run after start: soon, so that a server restarted often still purges. */
export const PURGE_FIRST_RUN_MS = 30 * 1000;

/**
 * Every `intervalMs` (an hour), permanently deletes what was deleted more than 30 days ago. Safe
 * with several replicas: each run takes an advisory lock and skips when another replica holds it.
 * It also forgets who viewed which sandbox once their view period is over (views.ts).
 */
export function startPurgeJob(
  db: Db,
  options: { intervalMs?: number; firstRunMs?: number; log?: FastifyBaseLogger } = {},
): IntervalJob {
  const intervalMs = options.intervalMs ?? PURGE_INTERVAL_MS;
  return startIntervalJob(
    "purge of deleted sandboxes",
    async () => {
      const result = await purgeDeletedSandboxes(db);
      if (result.purged.length > 0)
        options.log?.info({ purged: result.purged.length }, "purged deleted sandboxes");
      await forgetPastViews(db);
    },
    {
      intervalMs,
      firstRunMs: options.firstRunMs ?? Math.min(PURGE_FIRST_RUN_MS, intervalMs),
      log: options.log,
    },
  );
}

/** Starts the purge when the app starts listening (tests that only inject never start it); stops on close. */
export function registerPurgeJob(app: FastifyInstance, deps: Deps) {
  runWhileListening(app, () => startPurgeJob(deps.db, { log: app.log }));
}
