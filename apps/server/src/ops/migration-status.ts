import type { Database } from "../db/client.ts";
import journal from "../db/migrations/meta/_journal.json" with { type: "json" };

/**
 * The migrations this build ships (their journal, bundled with the code) that the database has not
 * applied. drizzle records each applied migration in drizzle.__drizzle_migrations by its journal
 * time (`when`), which is what is compared.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const rows = await database.query<{ created_at: string | number }>(
    "select created_at from drizzle.__drizzle_migrations",
  );
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  return journal.entries.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
}
