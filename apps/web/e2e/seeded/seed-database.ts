/**
 * What every seed script shares: the fresh embedded database named on its command line, users
 * signed up through the server's own services, and the JSON answer the spec reads back.
 * Usage of a seed script: tsx <script> <dataDir> <out.json>
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../../server/src/config.ts";
import { createDeps } from "../../../server/src/create-deps.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { startLocalSignUp } from "../../../server/src/modules/auth/signin.service.ts";
import { finalizeSignUp } from "../../../server/src/modules/users/users.service.ts";
import { runCommand } from "../../../server/src/service/context.ts";
import type { SeededUser } from "./seeded-types.ts";

const PASSWORD = "correct horse battery staple";

export async function openSeedDatabase() {
  const [dataDir, out] = process.argv.slice(2);
  if (!dataDir || !out) throw new Error("Usage: tsx <seed script> <dataDir> <out.json>");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate(fileURLToPath(new URL("../../../server/src/db/migrations/", import.meta.url)));
  const { db } = database;
  const deps = await createDeps({
    config: loadConfig({ BOXYARD_DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
    database,
    log: console,
  });
  const run = randomBytes(3).toString("hex");

  /** A signed-up user with a personal workspace; the name is unique to this run. */
  async function user(name: string): Promise<SeededUser> {
    const username = `${name}-${run}`;
    const email = `${username}@example.test`;
    const token = randomBytes(16).toString("hex");
    const signup = await startLocalSignUp(db, { email, password: PASSWORD }, token);
    if (signup.type !== "signup") throw new Error(`Could not sign up ${email}: ${signup.type}`);
    const { userId, primaryTeamId } = await runCommand(deps, null, finalizeSignUp, {
      id: signup.pendingUserId,
      username,
      name: `E2E ${name}`,
      role: "fullstack",
      usage: "personal",
      browserToken: token,
    });
    return { id: userId, email, password: PASSWORD, username, teamId: primaryTeamId };
  }

  /** Closes the database (the server opens it next) and writes what the spec reads back. */
  async function finish(seeded: unknown) {
    await deps.close();
    await database.close();
    writeFileSync(out!, JSON.stringify(seeded, null, 2));
  }

  return { db, deps, user, finish };
}
