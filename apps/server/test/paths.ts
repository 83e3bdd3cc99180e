import { fileURLToPath } from "node:url";

export const MIGRATIONS = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));
/** Overridable so that two checkouts can run their PostgreSQL tests at the same time. */
export const POSTGRES_TEMPLATE_DB = process.env.BOXYARD_TEST_TEMPLATE_DB ?? "boxyard_test_template";

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
}
