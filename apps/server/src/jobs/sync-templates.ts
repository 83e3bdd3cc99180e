import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";
import { syncDueTemplates } from "../modules/repositories/synced-templates.service.ts";
import { runRemoteCommand } from "../service/remote-command.ts";
import { runWhileListening, startIntervalJob } from "./interval-job.ts";

/** How often the job looks for synced templates due for a refresh. */
export const TEMPLATE_SYNC_CHECK_MS = 5 * 60 * 1000;

/**
 * Keeps synced templates in sync with their repositories: every TEMPLATE_SYNC_CHECK_MS it refreshes
 * those last synced more than BOXYARD_TEMPLATE_SYNC_MINUTES ago. Safe with several replicas (each
 * claims different templates, see syncDueTemplates).
 */
export function registerTemplateSyncJob(app: FastifyInstance, deps: Deps) {
  runWhileListening(app, () =>
    startIntervalJob(
      "template sync",
      async () => {
        const result = await runRemoteCommand(deps, null, syncDueTemplates, {
          olderThanMinutes: deps.config.codeHost.templateSyncMinutes,
        });
        if (result.synced + result.failed > 0) app.log.info(result, "synced templates refreshed");
      },
      { intervalMs: TEMPLATE_SYNC_CHECK_MS, firstRunMs: TEMPLATE_SYNC_CHECK_MS, log: app.log },
    ),
  );
}
