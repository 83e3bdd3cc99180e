/**
 * The savers of bench/files.ts, in a process of their own (load generated in the server's thread
 * takes its time from the server it measures): autocannon, as many connections as files, each
 * save of a file based on the version its previous save answered. autocannon clears a
 * connection's context after each request, so files are lent: a request takes a file no other
 * request is saving, and gives it back, at its new version, with the answer.
 */
import autocannon from "autocannon";

export type SaveOptions = {
  /** `{shortid}` is replaced by each connection's file. */
  url: string;
  headers: Record<string, string>;
  files: { shortid: string; version: number }[];
  /** The file's text; each save changes its last line. */
  code: string;
  duration: number;
};

export type SaveResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  /** Every save's round trip (ms), and how many were made: rounds of a run are put together from them. */
  times: number[];
  saves: number;
};

type File = { shortid: string; version: number };
type Context = { file?: File };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

process.once("message", (options: SaveOptions) => {
  const times: number[] = [];
  const free: File[] = options.files.map((f) => ({ ...f }));
  let saves = 0;
  const instance = autocannon(
    {
      url: options.url.replace("{shortid}", "x"),
      connections: options.files.length,
      duration: options.duration,
      timeout: 60,
      requests: [
        {
          method: "PUT",
          setupRequest: (request, context: Context) => {
            const file = free.shift();
            if (!file) throw new Error("more requests under way than files");
            context.file = file;
            return {
              ...request,
              path: new URL(options.url.replace("{shortid}", file.shortid)).pathname,
              headers: { ...options.headers, "content-type": "application/json" },
              body: JSON.stringify({
                module: { code: `${options.code}\n// save ${++saves}\n` },
                base_version: file.version,
              }),
            };
          },
          onResponse: (status, body, context: Context) => {
            const file = context.file!;
            if (status === 200)
              file.version = (JSON.parse(body) as { module: { version: number } }).module.version;
            free.push(file);
          },
        },
      ],
    },
    (error, result) => {
      if (error) throw error;
      times.sort((a, b) => a - b);
      const answer: SaveResult = {
        rps: result.requests.average,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        failed: result.non2xx + result.errors,
        times,
        saves: result.requests.total,
      };
      process.send!(answer, () => process.exit(0));
    },
  );
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
});
