import { openQuery, query } from "./command.ts";
import { runQuery } from "./context.ts";

/**
 * A command that talks to the code host before it writes (importing, forking, syncing). GitHub may
 * take seconds; no transaction is held open meanwhile: the command reads on the database itself and
 * makes its writes as a command of their own (`runCommand`: one transaction, its effects published
 * after commit) once the code host has answered. A signed-in user's, with its one input schema.
 */
export const remoteCommand = query;
/** A remote command anyone may run (the scheduled sync). */
export const openRemoteCommand = openQuery;
/** Runs a remote command: its own writes run in their own transaction. */
export const runRemoteCommand = runQuery;
