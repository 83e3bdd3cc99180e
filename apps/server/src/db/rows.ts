import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";

/** Rows of a raw statement: node-postgres and PGlite both answer `{rows}`. */
export async function rowsOf<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
