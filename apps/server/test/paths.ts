import { fileURLToPath } from "node:url";

export const MIGRATIONS = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));
export const POSTGRES_TEMPLATE_DB = "boxyard_test_template";

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
}
