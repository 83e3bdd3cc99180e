/**
 * `npm run backup -- <file.tar.gz>`: the embedded database and the uploaded files of
 * BOXYARD_DATA_DIR in one archive, with the server stopped. On PostgreSQL use pg_dump (README).
 */
import { backupDataDir } from "../src/ops/backup.ts";
import { argumentPath, cliConfig, runCli } from "./ops-cli.ts";

await runCli(async () => {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: npm run backup -- <file.tar.gz>");
  const config = cliConfig();
  if (config.databaseUrl) {
    throw new Error(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump (README, 'Backup and restore'), and the uploads with it.",
    );
  }
  const summary = await backupDataDir(config.dataDir, argumentPath(file), { uploads: !config.s3 });
  const uploads =
    summary.uploads === null
      ? "uploads are in S3 (back up the bucket separately)"
      : `${summary.uploads} uploaded files`;
  console.log(
    `Backed up ${config.dataDir} (database, ${uploads}) to ${summary.archive} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB).`,
  );
});
