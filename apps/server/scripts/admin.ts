/**
 * Operator commands, for what an installation without e-mail cannot do otherwise:
 *
 *   npm run admin -- reset-password <email>              prints a one-time reset link (valid 1 hour)
 *   npm run admin -- reset-password <email> --generate   sets a new random password and prints it
 *
 * Both end the account's sessions and API tokens once the password changes. It uses the configured
 * database (DATABASE_URL, or the embedded one in BOXYARD_DATA_DIR: stop the server first, the
 * embedded database has one process at a time).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Config } from "../src/config.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { openDatabase } from "../src/db/client.ts";
import { createEventBus } from "../src/live/create-event-bus.ts";
import { operatorPasswordReset } from "../src/modules/auth/password.service.ts";
import { SESSION_CACHE_MS, SessionCache } from "../src/modules/auth/session-cache.ts";

export const ADMIN_USAGE = `Usage:
  npm run admin -- reset-password <email>              print a one-time password reset link (valid 1 hour)
  npm run admin -- reset-password <email> --generate   set a new random password and print it`;

/** Runs one command; answers what to print and the exit code (tests call it directly). */
export async function runAdmin(
  argv: string[],
  deps: { db: Db; config: Pick<Config, "publicUrl">; sessions?: Pick<SessionCache, "revoke"> | null },
): Promise<{ code: number; output: string }> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return { code: 1, output: `${(error as Error).message}\n${ADMIN_USAGE}` };
  }
  const [command, email, ...rest] = parsed.positionals;
  if (command !== "reset-password" || !email || rest.length > 0) return { code: 1, output: ADMIN_USAGE };
  const result = await operatorPasswordReset(
    { db: deps.db, config: deps.config as Config, sessions: deps.sessions ?? null },
    email,
    parsed.values.generate ? "generate" : "link",
  );
  if (!result) return { code: 2, output: `No account has the address ${email}.` };
  if ("password" in result) {
    return {
      code: 0,
      output: `New password of ${result.email}: ${result.password}\nTheir sessions and API tokens have ended (servers that cannot hear it over Redis drop them within ${SESSION_CACHE_MS / 1000} seconds).`,
    };
  }
  return {
    code: 0,
    output: `One-time password reset link for ${result.email} (valid 1 hour):\n${result.link}`,
  };
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, options: { generate: { type: "boolean" } } });
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  // The same settings as `npm start`, which reads .env beside the root package.json.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate(fileURLToPath(new URL("../src/db/migrations/", import.meta.url)));
    // With Redis, the running replicas hear at once that the sessions ended (as from a server).
    const bus = config.redisUrl ? await createEventBus(config, console) : null;
    try {
      const sessions = bus ? new SessionCache(bus) : null;
      const { code, output } = await runAdmin(process.argv.slice(2), { db: database.db, config, sessions });
      (code === 0 ? console.log : console.error)(output);
      process.exitCode = code;
    } finally {
      await bus?.close();
    }
  } finally {
    await database.close();
  }
}
