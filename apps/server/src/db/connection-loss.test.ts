import { describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/app.ts";

describe.skipIf(process.env.BOXYARD_TEST_DB !== "postgres")("PostgreSQL connections", () => {
  it("an idle connection ended by the server is replaced: the next query works and the process goes on", async () => {
    const database = await freshDatabase();
    try {
      const [backend] = await database.query<{ pid: number }>("select pg_backend_pid() as pid");
      const admin = await freshDatabase();
      try {
        await admin.query("select pg_terminate_backend($1)", [backend!.pid]);
      } finally {
        await admin.close();
      }
      // The pool hears the ended connection (an unheard 'error' would end this process).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await database.query<{ one: number }>("select 1 as one");
      expect(row).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });
});
