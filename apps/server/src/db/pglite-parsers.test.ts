import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { DRIZZLE_PARSERS, sharedParsersClient } from "./pglite-parsers.ts";

describe("PGlite client with drizzle's parsers set once", () => {
  const client = new PGlite({ parsers: DRIZZLE_PARSERS });
  afterAll(() => client.close());

  it("the parsers set on the client are the ones drizzle passes with each query", async () => {
    const seen: NonNullable<QueryOptions["parsers"]>[] = [];
    const recording = {
      query: (text: string, params: unknown[], options?: QueryOptions) => {
        if (options?.parsers) seen.push(options.parsers);
        return client.query(text, params, options);
      },
    };
    await drizzle({ client: recording as unknown as PGlite }).execute(sql`select 1`);
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0]!).sort()).toEqual(Object.keys(DRIZZLE_PARSERS).sort());
    for (const [type, parse] of Object.entries(seen[0]!)) {
      expect(parse("2026-01-02 03:04:05+00")).toBe(DRIZZLE_PARSERS[Number(type)]!("2026-01-02 03:04:05+00"));
    }
  });

  it("queries and transactions reach PGlite without per-query parsers, and read the same rows", async () => {
    const calls: unknown[] = [];
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: unknown) => {
      calls.push(options);
      return query(text, params, options as never);
    }) as typeof client.query;
    const db = drizzle({ client: sharedParsersClient(client) });
    const at = "2026-01-02 03:04:05+00";
    const [row] = (await db.execute(sql`select ${at}::timestamptz as at, 2::int as n`)).rows as {
      at: string;
      n: number;
    }[];
    expect(row).toEqual({ at: "2026-01-02 03:04:05+00", n: 2 });
    expect(calls.every((options) => !(options as { parsers?: unknown } | undefined)?.parsers)).toBe(true);

    await db.execute(sql`create table kept (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (2)`);
    });
    expect((await db.execute(sql`select n from kept`)).rows).toEqual([{ n: 2 }]);
  });
});
