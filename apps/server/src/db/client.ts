import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { ADVISORY_LOCKS } from "./advisory-locks.ts";
import { DRIZZLE_PARSERS, sharedParsersClient } from "./pglite-parsers.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs plain SQL with positional parameters; the bench's baseline uses it. Timestamps come as
   * the driver gives them: Date on PostgreSQL, text on PGlite (as drizzle reads them there).
   */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(migrationsFolder: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated copy). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir?: string;
      loadDataDir?: Blob;
      /** A migrated empty database (the build makes it): a first boot copies it instead of running initdb. */
      snapshot?: string;
    };

const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    // Each driver is loaded only when it is used.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that PostgreSQL ends (a restart, an administrator) leaves the pool and the
    // next query opens another; unheard, its error would end the process. A query's own errors
    // reach its caller.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async query<T>(text: string, params: unknown[] = []) {
        return (await pool.query(text, params)).rows as T[];
      },
      async migrate(migrationsFolder) {
        // Several replicas may boot at once: one migrates, the others wait and then find nothing to do.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ],
  );
  let dataDir: string | undefined;
  let loadDataDir = options.loadDataDir;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, "pglite");
    const firstBoot = !existsSync(join(dataDir, "PG_VERSION"));
    if (firstBoot && !loadDataDir && options.snapshot && existsSync(options.snapshot)) {
      loadDataDir = new Blob([readFileSync(options.snapshot)]);
    }
  }
  const client = await PGlite.create({
    // Fuzzy search (trigram similarity), the same extension PostgreSQL uses.
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client: sharedParsersClient(client), schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    async migrate(migrationsFolder) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    dump: async () => (await client.dumpDataDir("none")) as Blob,
    close: () => client.close(),
  };
}
