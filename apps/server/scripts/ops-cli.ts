import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Config, loadConfig } from "../src/config.ts";

const root = resolve(import.meta.dirname, "../../..");

/** The settings, from the environment and the .env beside package.json, as `npm start` reads them. */
export function cliConfig(): Config {
  const envFile = join(root, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return loadConfig();
}

/** A path given on the command line, from where the command was typed (npm runs scripts elsewhere). */
export function argumentPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** Runs a command's body; its errors end the process with their message alone. */
export async function runCli(body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
