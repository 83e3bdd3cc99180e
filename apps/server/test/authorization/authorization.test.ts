/**
 * S1-7.033 and issue 13: every GraphQL field, REST route and socket topic answers each persona
 * (signed out, outsider, READ, WRITE, ADMIN, a frozen workspace's member) as the rules say: every
 * object authorized on its own, whatever path led to it; a non-member gets what a missing object
 * gets; admins-only fields are null (or empty) for others. The tables list every one of them (a new
 * field, route or topic without a row fails here) and each cell is a real request on seeded data.
 */
import { isObjectType } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../src/graphql/schema.ts";
import { type Answer, cellRunner } from "./cells.ts";
import { GRAPHQL_MUTATION_ROWS } from "./graphql-mutations.table.ts";
import { GRAPHQL_QUERY_ROWS, type GraphQLRow } from "./graphql-queries.table.ts";
import { type Outcome, PERSONAS, type Persona } from "./outcomes.ts";
import { fill, graphqlBatchOf, graphqlOf, graphqlOutcome, leaks } from "./requests.ts";
import { REST_ROWS } from "./rest.table.ts";
import { type Seeded, seed } from "./seed.ts";
import { SOCKET_ROWS } from "./socket.table.ts";

let seeded: Seeded;
let cells: ReturnType<typeof cellRunner>;

beforeAll(async () => {
  seeded = await seed();
  cells = cellRunner(seeded);
}, 120_000);

type Mismatch = { cell: string; expected: Outcome; actual: string; detail?: string };
/** Rows that differ in their last field only, together: they are read in one request per persona. */
function siblingGroups(rows: GraphQLRow[]): GraphQLRow[][] {
  const groups = new Map<string, GraphQLRow[]>();
  for (const row of rows) {
    const parent = row.path.includes(" > ") ? row.path.slice(0, row.path.lastIndexOf(" > ")) : row.path;
    groups.set(parent, [...(groups.get(parent) ?? []), row]);
  }
  return [...groups.values()];
}

/**
 * A group's cells for a persona: one request for all of them; when it answers an error or a leak
 * (which one row alone may cause), each row again on its own.
 */
async function graphqlReads(group: GraphQLRow[], persona: Persona): Promise<Answer[]> {
  if (group.length > 1) {
    const vars = seeded.vars(persona);
    const batch = graphqlBatchOf(
      schema,
      group.map((row) => fill(row.path, vars)),
    );
    const response = await seeded.app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: cells.headersOf(persona),
      payload: { query: batch.document },
    });
    const body = response.statusCode === 200 ? response.json() : null;
    if (body && !body.errors && leaks(body.data, persona, seeded.readers).length === 0) {
      return batch.rows.map(({ keys, scalar }, i) =>
        graphqlOutcome(body, keys, scalar, group[i]!.expect[persona]),
      );
    }
  }
  return Promise.all(group.map((row) => cells.graphqlCell(row, persona, "query")));
}

/** Fails with every cell that answered otherwise than the table. */
function judge(results: Mismatch[]) {
  const unexpected = results.map(
    (m) => `${m.cell}: expected ${m.expected}, got ${m.actual}${m.detail ? ` (${m.detail})` : ""}`,
  );
  if (unexpected.length > 0)
    throw new Error(`Cells answering otherwise than the table:\n${unexpected.join("\n")}`);
}

describe("authorization table (S1-7.033, issue 13)", () => {
  it("S1-7.033 / every field of every GraphQL object type has a row", () => {
    // A read covers the field it ends with; a mutation row the mutation and the field it ends with.
    const covered = new Set([
      ...GRAPHQL_QUERY_ROWS.map((r) => graphqlOf(schema, r.path, "query").coordinates.at(-1)),
      ...GRAPHQL_MUTATION_ROWS.flatMap((r) => {
        const { coordinates } = graphqlOf(schema, r.path, "mutation");
        return [coordinates[0], coordinates.at(-1)];
      }),
    ]);
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.keys(type.getFields())) {
        if (!covered.has(`${type.name}.${field}`)) missing.push(`${type.name}.${field}`);
      }
    }
    if (missing.length > 0)
      throw new Error(`Fields without a row in the authorization table: ${missing.join(", ")}`);
  });

  it("S1-7.033 / GraphQL reads answer each persona as the table says", async () => {
    const mismatches: Mismatch[] = [];
    for (const group of siblingGroups(GRAPHQL_QUERY_ROWS)) {
      const answers = await Promise.all(PERSONAS.map((p) => graphqlReads(group, p)));
      for (const [r, row] of group.entries()) {
        PERSONAS.forEach((persona, i) => {
          const cell = `${row.path} / ${persona}`;
          const { outcome, detail } = answers[i]![r]!;
          if (outcome !== row.expect[persona]) {
            mismatches.push({ cell, expected: row.expect[persona], actual: outcome, detail });
          }
        });
      }
    }
    judge(mismatches);
  }, 120_000);

  it("S1-7.033 / GraphQL mutations answer each persona as the table says", async () => {
    const mismatches: Mismatch[] = [];
    for (const row of GRAPHQL_MUTATION_ROWS) {
      const answers = await Promise.all(
        PERSONAS.map((persona) => cells.graphqlCell(row, persona, "mutation")),
      );
      PERSONAS.forEach((persona, i) => {
        const cell = `${row.path} / ${persona}`;
        const { outcome, detail } = answers[i]!;
        if (outcome !== row.expect[persona]) {
          mismatches.push({ cell, expected: row.expect[persona], actual: outcome, detail });
        }
      });
    }
    judge(mismatches);
  }, 120_000);

  it("S1-7.033 / every REST route has a row, and every row a route", () => {
    const registered = new Set(seeded.app.routeIndex.map((r) => `${r.method} ${r.url}`));
    const covered = new Set(REST_ROWS.map((r) => r.route));
    const missing = [...registered].filter((route) => !covered.has(route));
    const stale = [...covered].filter((route) => !registered.has(route));
    if (missing.length > 0)
      throw new Error(`Routes without a row in the authorization table: ${missing.join(", ")}`);
    expect(stale, "rows naming no route").toEqual([]);
  });

  it("S1-7.033 / REST routes answer each persona as the table says", async () => {
    const mismatches: Mismatch[] = [];
    for (const row of REST_ROWS) {
      const answers: Answer[] = await Promise.all(PERSONAS.map((persona) => cells.restCell(row, persona)));
      PERSONAS.forEach((persona, i) => {
        const cell = `${row.route} ${row.url} / ${persona}`;
        const { outcome, detail } = answers[i]!;
        if (outcome !== row.expect[persona]) {
          mismatches.push({ cell, expected: row.expect[persona], actual: outcome, detail });
        }
      });
    }
    judge(mismatches);
  }, 120_000);

  it("S1-7.033 / socket topics answer each persona as the table says", async () => {
    const mismatches: Mismatch[] = [];
    for (const row of Object.values(SOCKET_ROWS).flat()) {
      for (const persona of PERSONAS) {
        const cell = `${row.topic} / ${persona}`;
        const { outcome } = await cells.socketCell(row, persona);
        if (outcome !== row.expect[persona])
          mismatches.push({ cell, expected: row.expect[persona], actual: outcome });
      }
    }
    judge(mismatches);
  });
});
