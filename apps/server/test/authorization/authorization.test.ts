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
import { CLIENT } from "../app.ts";
import { openSocket, socketToken } from "../socket.ts";
import type { Setup } from "./fresh.ts";
import { GRAPHQL_MUTATION_ROWS, type MutationRow } from "./graphql-mutations.table.ts";
import { GRAPHQL_QUERY_ROWS, type GraphQLRow } from "./graphql-queries.table.ts";
import { type Cells, type Outcome, PERSONAS, type Persona } from "./outcomes.ts";
import { fill, graphqlBatchOf, graphqlOf, graphqlOutcome, idsIn, leaks, restOutcome } from "./requests.ts";
import { REST_ROWS, type RestRow } from "./rest.table.ts";
import { type Seeded, seed } from "./seed.ts";
import { SOCKET_ROWS, type SocketRow } from "./socket.table.ts";

let seeded: Seeded;

beforeAll(async () => {
  seeded = await seed();
}, 120_000);

type Mismatch = { cell: string; expected: Outcome; actual: string; detail?: string };
type Answer = { outcome: string; detail?: string };

const headersOf = (persona: Persona) =>
  persona === "signedOut" ? { ...CLIENT } : { ...seeded.users[persona].headers };

const REFUSALS = new Set<Outcome>(["unauthenticated", "forbidden", "notFound"]);

/** The persona's seeded names, and those of the objects the row's setup makes for the cell. */
async function cellVars(row: { setup?: Setup; expect: Cells }, persona: Persona) {
  const { setup } = row;
  if (!setup) return seeded.vars(persona);
  const made =
    setup.forRefusal && REFUSALS.has(row.expect[persona])
      ? setup.forRefusal(seeded, persona)
      : await setup(seeded, persona);
  return { ...seeded.vars(persona), ...made };
}

async function graphqlCell(row: GraphQLRow | MutationRow, persona: Persona, operation: "query" | "mutation") {
  const vars = await cellVars(row, persona);
  const { document, keys, scalar } = graphqlOf(schema, fill(row.path, vars), operation);
  const response = await seeded.app.inject({
    method: "POST",
    url: "/api/graphql",
    headers: headersOf(persona),
    payload: { query: document },
  });
  if (response.statusCode >= 500 && response.statusCode !== 504) {
    return { outcome: "error", detail: `${response.statusCode} ${response.body.slice(0, 200)}` };
  }
  const body = response.json();
  const leaked = leaks(body.data, persona, seeded.readers);
  if (leaked.length > 0) return { outcome: `leak: ${leaked.join(", ")}`, detail: document };
  return graphqlOutcome(body, keys, scalar, row.expect[persona]);
}

let addresses = 0;

async function restCell(row: RestRow, persona: Persona) {
  const vars = await cellVars(row, persona);
  const headers: Record<string, string> = { ...headersOf(persona), ...row.headers };
  if (vars.cookie) headers.cookie = String(vars.cookie);
  const payload =
    row.payload === undefined
      ? undefined
      : Buffer.isBuffer(row.payload)
        ? row.payload
        : JSON.parse(fill(row.payload, vars));
  const response = await seeded.app.inject({
    method: row.route.split(" ")[0] as "GET",
    url: fill(row.url, vars, true).replace(/%2F/g, "/"),
    headers,
    payload,
    // Each cell from its own address: the per-address limits of sign-in and sign-up are not what is tested.
    remoteAddress: `10.2.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  });
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("json") && response.body) {
    const leaked = leaks(response.json(), persona, seeded.readers);
    if (leaked.length > 0) return { outcome: `leak: ${leaked.join(", ")}` };
    const listed = new Set(idsIn(response.json()));
    const mayList = row.listedTo?.includes(persona) ?? false;
    const wrongly = mayList ? [] : (row.unlisted ?? []).filter((name) => listed.has(String(vars[name])));
    if (wrongly.length > 0) return { outcome: `listed: ${wrongly.join(", ")}` };
  }
  return restOutcome(response);
}

async function socketCell(row: SocketRow, persona: Persona) {
  const vars = seeded.vars(persona);
  const token = persona === "signedOut" ? "" : await socketToken(seeded.app, seeded.users[persona]);
  const socket = await openSocket(seeded.app, token);
  try {
    const closed = socket.closed.then(({ code }) => ({
      outcome: code === 4401 ? "unauthenticated" : `closed ${code}`,
    }));
    const joined = socket.join(fill(row.topic, vars, true)).then((reply) => {
      if (reply.status === "ok") return { outcome: "data" };
      const reason = (reply.response as { reason?: string }).reason;
      return { outcome: reason === "room not found" ? "notFound" : `refused: ${reason}` };
    });
    return await Promise.race([closed, joined]);
  } finally {
    socket.close();
  }
}

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
      headers: headersOf(persona),
      payload: { query: batch.document },
    });
    const body = response.statusCode === 200 ? response.json() : null;
    if (body && !body.errors && leaks(body.data, persona, seeded.readers).length === 0) {
      return batch.rows.map(({ keys, scalar }, i) =>
        graphqlOutcome(body, keys, scalar, group[i]!.expect[persona]),
      );
    }
  }
  return Promise.all(group.map((row) => graphqlCell(row, persona, "query")));
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
      const answers = await Promise.all(PERSONAS.map((persona) => graphqlCell(row, persona, "mutation")));
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
      const answers: Answer[] = await Promise.all(PERSONAS.map((persona) => restCell(row, persona)));
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
        const { outcome } = await socketCell(row, persona);
        if (outcome !== row.expect[persona])
          mismatches.push({ cell, expected: row.expect[persona], actual: outcome });
      }
    }
    judge(mismatches);
  });
});
