import { channel } from "node:diagnostics_channel";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export type IntervalJob = { stop(): Promise<void> };

export type JobRun = { name: string; ok: boolean; seconds: number };
/** Every run's outcome, published for whoever listens (the Prometheus metrics). */
export const jobRuns = channel("boxyard:job-run");

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
    const started = performance.now();
    let ok = true;
    try {
      await run();
    } catch (error) {
      ok = false;
      options.log?.error({ err: error }, `${name} failed`);
    }
    jobRuns.publish({ name, ok, seconds: (performance.now() - started) / 1000 } satisfies JobRun);
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

/** Starts the job when the app starts listening (tests that only inject never start it); stops it on close. */
export function runWhileListening(app: FastifyInstance, start: () => IntervalJob) {
  let job: IntervalJob | undefined;
  app.addHook("onListen", async () => {
    job ??= start();
  });
  app.addHook("onClose", async () => {
    await job?.stop();
  });
}
