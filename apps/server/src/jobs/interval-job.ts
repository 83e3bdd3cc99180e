import type { FastifyBaseLogger } from "fastify";

export type IntervalJob = { stop(): Promise<void> };

/**
 * Runs `run` every `intervalMs`, the first time after `firstRunMs`. Runs never overlap in one
 * process, a failure is logged and the next run still comes, and timers do not keep the process
 * alive. Jobs are safe with several replicas when `run` takes an advisory lock (see the purges).
 */
export function startIntervalJob(
  name: string,
  run: () => Promise<void>,
  options: { intervalMs: number; firstRunMs: number; log?: FastifyBaseLogger | undefined },
): IntervalJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const guarded = async () => {
    try {
      await run();
    } catch (error) {
      options.log?.error({ err: error }, `${name} failed`);
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = guarded().finally(() => schedule(options.intervalMs));
    }, ms);
    timer.unref();
  };
  schedule(options.firstRunMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
