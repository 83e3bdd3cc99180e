/**
 * autocannon in a process of its own (bench/sandboxes.ts): load generated in the server's thread
 * takes its time from the server it measures, and its requests wait behind the embedded database.
 * The parent sends the options; this answers the throughput and the percentiles of every response
 * time (autocannon's own report has p97.5, not p95).
 */
import autocannon from "autocannon";

export type LoadOptions = {
  url: string;
  headers: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  connections: number;
  duration: number;
};

export type LoadResult = { rps: number; p50: number; p95: number; p99: number; failed: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

process.once("message", (options: LoadOptions) => {
  const times: number[] = [];
  const instance = autocannon(
    {
      ...options,
      // 32 requests of 10,000 sandboxes queue behind one another on the embedded database.
      timeout: 120,
    },
    (error, result) => {
      if (error) throw error;
      times.sort((a, b) => a - b);
      const answer: LoadResult = {
        rps: result.requests.average,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        failed: result.non2xx + result.errors,
      };
      process.send!(answer, () => process.exit(0));
    },
  );
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
});
