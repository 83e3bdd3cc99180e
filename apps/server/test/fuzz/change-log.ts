/**
 * What a fuzzed request changed in the database, two ways:
 * - a change log kept by triggers on every table that holds workspace state (one row per inserted,
 *   deleted or really changed row), read and emptied after each request: exact per request, and
 *   rolled back with the transaction that wrote it, so a refused request that wrote and rolled
 *   back leaves nothing;
 * - a digest of every row of those tables, compared around runs of refused requests, which checks
 *   the log itself (a table without a trigger would show there).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/rows.ts";

/**
 * Tables left out, each for a reason that is not a change of workspace state:
 * - instance_settings: the instance secret, written once at start;
 * - used_oauth_states, auth_codes: one-time values of the sign-in dance (accepted steps only).
 * Everything else, including search versions, counts and billing, is watched.
 */
const UNWATCHED = new Set([
  "sessions",
  "instance_settings",
  "used_oauth_states",
  "auth_codes",
  "__drizzle_migrations",
]);

export const CHANGE_LOG = "fuzz_change_log";

async function watchedTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name).filter((name) => !UNWATCHED.has(name) && name !== CHANGE_LOG);
}

export type Change = { table: string; op: string };

export class ChangeWatch {
  private constructor(
    private readonly db: Db,
    readonly tables: string[],
  ) {}

  /** Puts the triggers on every watched table (idempotent: a second world on the same database). */
  static async install(db: Db): Promise<ChangeWatch> {
    await db.execute(
      sql.raw(
        `create table if not exists ${CHANGE_LOG} (id bigserial primary key, table_name text not null, op text not null)`,
      ),
    );
    await db.execute(
      sql.raw(`create or replace function fuzz_log_change() returns trigger language plpgsql as $$
        begin
          insert into ${CHANGE_LOG} (table_name, op) values (TG_TABLE_NAME, TG_OP);
          return null;
        end $$`),
    );
    const tables = await watchedTables(db);
    for (const table of tables) {
      await db.execute(sql.raw(`drop trigger if exists fuzz_change_rows on "${table}"`));
      await db.execute(sql.raw(`drop trigger if exists fuzz_change_updates on "${table}"`));
      await db.execute(
        sql.raw(`create trigger fuzz_change_rows after insert or delete on "${table}"
          for each row execute function fuzz_log_change()`),
      );
      // An update that writes the values already there changes nothing.
      await db.execute(
        sql.raw(`create trigger fuzz_change_updates after update on "${table}"
          for each row when (old.* is distinct from new.*) execute function fuzz_log_change()`),
      );
    }
    return new ChangeWatch(db, tables);
  }

  /** The changes since the last call, and forgets them. */
  async take(): Promise<Change[]> {
    const rows = await rowsOf<{ table_name: string; op: string }>(
      this.db,
      sql.raw(`delete from ${CHANGE_LOG} returning table_name, op`),
    );
    return rows.map((r) => ({ table: r.table_name, op: r.op }));
  }

  /** One digest per watched table, of all its rows (in a stable order). */
  async digest(): Promise<Map<string, string>> {
    const parts = this.tables.map(
      (t) =>
        `select '${t}' as name, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as digest from "${t}" r`,
    );
    const rows = await rowsOf<{ name: string; digest: string }>(this.db, sql.raw(parts.join(" union all ")));
    return new Map(rows.map((r) => [r.name, r.digest]));
  }
}

/** The tables whose digests differ. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

/** "sandboxes UPDATE ×2, templates INSERT" */
export function describeChanges(changes: Change[]): string {
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(`${c.table} ${c.op}`, (counts.get(`${c.table} ${c.op}`) ?? 0) + 1);
  return [...counts].map(([what, n]) => (n > 1 ? `${what} ×${n}` : what)).join(", ");
}
