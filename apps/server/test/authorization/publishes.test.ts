/**
 * Issue 14: every write publishes what it changes. Each mutation and each REST write runs once as
 * a persona it succeeds for, with the live bus recorded; the topics it published must be those the
 * table below gives (a write that changes nothing another screen shows says why).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { LiveEvent } from "../../src/live/event-bus.ts";
import { cellRunner } from "./cells.ts";
import { GRAPHQL_MUTATION_ROWS } from "./graphql-mutations.table.ts";
import { PERSONAS, type Persona } from "./outcomes.ts";
import { PUBLISHES } from "./publishes.table.ts";
import { REST_ROWS } from "./rest.table.ts";
import { type Seeded, seed } from "./seed.ts";

let seeded: Seeded;
let cells: ReturnType<typeof cellRunner>;
const heard: { channel: string; event: LiveEvent }[] = [];

beforeAll(async () => {
  seeded = await seed();
  cells = cellRunner(seeded);
  const live = seeded.app.deps.live;
  const publish = live.publish.bind(live);
  live.publish = (channel, event) => {
    heard.push({ channel, event });
    return publish(channel, event);
  };
}, 120_000);

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// The GraphQL endpoint is the door of the mutations, judged one by one.
const restWrites = REST_ROWS.filter(
  (r) => WRITES.has(r.route.split(" ")[0]!) && r.route !== "POST /api/graphql",
);
const keyOf = (row: { path: string } | { route: string; url: string }) =>
  "path" in row ? `mutation ${/^\w+/.exec(row.path)![0]}` : row.route;

/** The persona a write succeeds for: the workspace's admin when it may, else the first who may. */
function actorOf(expect: Record<Persona, string>): Persona | null {
  if (expect.admin === "data") return "admin";
  return PERSONAS.find((p) => expect[p] === "data") ?? null;
}

/** What was heard, as the table names it: the kinds of topic. */
function topicsHeard(): string[] {
  return [...new Set(heard.map(({ channel }) => channel.split(":")[0]!))].sort();
}

async function settle() {
  // Effects go out after the answer's commit; the recorded publish happens before the answer returns.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("live events (issue 14)", () => {
  it("every mutation and every REST write says what it publishes", () => {
    const keys = new Set([...GRAPHQL_MUTATION_ROWS.map(keyOf), ...restWrites.map(keyOf)]);
    expect([...keys].filter((k) => !(k in PUBLISHES)).sort()).toEqual([]);
    expect(Object.keys(PUBLISHES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it("each write publishes what it changes, after it committed", async () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    const rows = [
      ...GRAPHQL_MUTATION_ROWS.map((row) => ({
        row,
        run: (p: Persona) => cells.graphqlCell(row, p, "mutation"),
      })),
      ...restWrites.map((row) => ({ row, run: (p: Persona) => cells.restCell(row, p) })),
    ];
    for (const { row, run } of rows) {
      const key = keyOf(row);
      const persona = actorOf(row.expect);
      // A route or mutation is judged by its first row that succeeds for someone.
      if (seen.has(key) || !persona) continue;
      seen.add(key);
      if (typeof PUBLISHES[key] === "string" && !persona) continue;
      heard.length = 0;
      const answer: { outcome: string; detail?: string } = await run(persona);
      const { outcome, detail } = answer;
      await settle();
      if (outcome !== "data") {
        wrong.push(`${key}: as ${persona} answered ${outcome} ${detail ?? ""}`);
        continue;
      }
      const expected = PUBLISHES[key]!;
      const got = topicsHeard();
      const want = typeof expected === "string" ? [] : [...expected].sort();
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        wrong.push(`${key}: published [${got.join(", ")}], expected [${want.join(", ")}]`);
      }
    }
    // A write the table expects to publish is proven by a row that succeeds.
    const unproven = Object.entries(PUBLISHES)
      .filter(([key, topics]) => typeof topics !== "string" && !seen.has(key))
      .map(([key]) => `${key}: no row of the tables succeeds, so nothing proves what it publishes`);
    expect([...wrong, ...unproven]).toEqual([]);
  }, 300_000);
});
