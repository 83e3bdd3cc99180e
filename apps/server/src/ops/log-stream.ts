import pretty from "pino-pretty";

/**
 * Where the server's log goes when a person reads it in a terminal: one readable line per entry
 * (`12:04:05 INFO  GET /dashboard 200 2.4 ms`). Otherwise (a file, a log collector) the log stays
 * JSON, one object per line.
 */
export function terminalLogStream(): NodeJS.WritableStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  return pretty({
    colorize: true,
    translateTime: "SYS:HH:MM:ss",
    // Request lines and the ready line say it all in their message; other entries keep their
    // fields (printed below them).
    ignore: "pid,hostname,reqId,method,url,statusCode,responseTime,database,startupMs",
    sync: true,
  });
}
