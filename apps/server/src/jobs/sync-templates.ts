import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";
import { syncDueTemplates } from "../modules/repositories/synced-templates.service.ts";
import { runRemoteCommand } from "../service/remote-command.ts";

/** How often the job looks for synced templates due for a refresh. */
export const TEMPLATE_SYNC_CHECK_MS = 5 * 60 * 1000;

export type TemplateSyncJob = { stop(): Promise<void> };

/**
 * Keeps synced templates in sync with their repositories: every `checkMs` it refreshes those last
 * synced more than BOXYARD_TEMPLATE_SYNC_MINUTES ago. Safe with several replicas (each claims
 * different templates, see syncDueTemplates); runs never overlap in one process.
 */
export function startTemplateSyncJob(
  deps: Deps,
  log: FastifyInstance["log"],
  checkMs = TEMPLATE_SYNC_CHECK_MS,
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const result = await runRemoteCommand(deps, null, syncDueTemplates, {
        olderThanMinutes: deps.config.codeHost.templateSyncMinutes,
      });
      if (result.synced + result.failed > 0) log.info(result, "synced templates refreshed");
    } catch (error) {
      log.error({ err: error }, "refreshing synced templates failed");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
    }, checkMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  } satisfies TemplateSyncJob;
}

/** Starts with the server's listening (tests that only inject never start it); stops on close. */
export function registerTemplateSyncJob(app: FastifyInstance, deps: Deps) {
  let job: TemplateSyncJob | undefined;
  app.addHook("onListen", async () => {
    job ??= startTemplateSyncJob(deps, app.log);
  });
  app.addHook("onClose", async () => {
    await job?.stop();
  });
}
