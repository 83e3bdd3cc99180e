/** Runs one cell of the tables (a row as a persona) against the seeded app: a real request each. */
import { schema } from "../../src/graphql/schema.ts";
import { CLIENT } from "../app.ts";
import { openSocket, socketToken } from "../socket.ts";
import type { Setup } from "./fresh.ts";
import type { MutationRow } from "./graphql-mutations.table.ts";
import type { GraphQLRow } from "./graphql-queries.table.ts";
import type { Cells, Outcome, Persona } from "./outcomes.ts";
import { fill, graphqlOf, graphqlOutcome, idsIn, leaks, restOutcome } from "./requests.ts";
import type { RestRow } from "./rest.table.ts";
import type { Seeded } from "./seed.ts";
import type { SocketRow } from "./socket.table.ts";

export type Answer = { outcome: string; detail?: string };

const REFUSALS = new Set<Outcome>(["unauthenticated", "forbidden", "notFound"]);
let addresses = 0;

export function cellRunner(seeded: Seeded) {
  const headersOf = (persona: Persona) =>
    persona === "signedOut" ? { ...CLIENT } : { ...seeded.users[persona].headers };

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

  async function graphqlCell(
    row: GraphQLRow | MutationRow,
    persona: Persona,
    operation: "query" | "mutation",
  ) {
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

  return { headersOf, cellVars, graphqlCell, restCell, socketCell };
}
