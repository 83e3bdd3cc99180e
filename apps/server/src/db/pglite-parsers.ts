import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

const asText = (value: string) => value;

/**
 * The type parsers drizzle hands PGlite with every query: dates, times and intervals (and their
 * arrays) stay text, which drizzle's columns then read.
 */
export const DRIZZLE_PARSERS: NonNullable<QueryOptions["parsers"]> = {
  1114: asText, // timestamp
  1184: asText, // timestamptz
  1186: asText, // interval
  1082: asText, // date
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type Queryable = Pick<Transaction, "query">;

const withoutParsers =
  (target: Queryable): Transaction["query"] =>
  (text, params, options) =>
    target.query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);

/**
 * The client drizzle is given. Given parsers with a query, PGlite copies its table of some 300
 * parsers for that query, which costs as much as running `select 1`; the client is made with
 * DRIZZLE_PARSERS instead, and each query's are dropped here (the same parsers, set once).
 */
export function sharedParsersClient(client: PGlite): PGlite {
  const wrapped = {
    query: withoutParsers(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        callback(Object.create(tx, { query: { value: withoutParsers(tx) } }) as Transaction),
      ),
  };
  return wrapped as unknown as PGlite;
}
