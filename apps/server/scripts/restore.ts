/**
 * `npm run restore -- <file.tar.gz> [--replace]`: puts an archive of `npm run backup` back into
 * BOXYARD_DATA_DIR, with the server stopped. An occupied data directory needs --replace, which
 * moves its data aside rather than deleting it.
 */
import { restoreDataDir } from "../src/ops/backup.ts";
import { argumentPath, cliConfig, runCli } from "./ops-cli.ts";

await runCli(async () => {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Error("Usage: npm run restore -- <file.tar.gz> [--replace]");
  const config = cliConfig();
  if (config.databaseUrl) {
    throw new Error(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore (README, 'Backup and restore').",
    );
  }
  const summary = await restoreDataDir(argumentPath(file), config.dataDir, {
    replace: args.includes("--replace"),
  });
  if (summary.replacedTo) console.log(`The data that was there is now in ${summary.replacedTo}.`);
  const uploads =
    summary.uploads === null ? "no uploads (they were in S3)" : `${summary.uploads} uploaded files`;
  const accounts = `${summary.users} ${summary.users === 1 ? "account" : "accounts"}`;
  console.log(`Restored the database (${accounts}) and ${uploads} into ${config.dataDir}.`);
});
