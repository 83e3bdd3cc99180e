/**
 * Issue 13: every GraphQL mutation and every REST route fuzzed with generated inputs as each
 * persona; no answer is a 500, and nothing changes after a refused request. FUZZ_RUNS sets the
 * cases per operation (`npm run fuzz` runs 1,000); FUZZ_REPORT names a file for the figures (JSON lines).
 */
import { appendFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxes } from "../src/db/schema/index.ts";
import { schema } from "../src/graphql/schema.ts";
import { testApp } from "./app.ts";
import { changedTables } from "./fuzz/change-log.ts";
import { Fuzzer, type OperationFigures } from "./fuzz/runner.ts";
import { type Persona, World } from "./fuzz/world.ts";

// 150 cases per operation keep the file near 75 s per database on a quiet two-core machine
// (200: 83 s on PostgreSQL, 95 s on PGlite; 3 to 4 ms of CPU a case).
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

// Sign-in and sign-up are fuzzed too: their per-address limit would answer 429 to nearly all of them.
const app = await testApp({ BOXYARD_SIGNIN_RATE_LIMIT: "1000000" });
await app.ready();

const mutationType = schema.getMutationType();
if (!mutationType || !isObjectType(mutationType)) throw new Error("the schema has no mutations");
const mutations = Object.values(mutationType.getFields());
const routes = [...new Map(app.routeIndex.map((r) => [`${r.method} ${r.url}`, r])).values()];

let fuzzer: Fuzzer;
let world: World;
const figures: OperationFigures[] = [];

let cpuAtStart: NodeJS.CpuUsage;

beforeAll(async () => {
  cpuAtStart = process.cpuUsage();
  world = await World.create(app);
  fuzzer = new Fuzzer(world, { numRuns: RUNS, digestAfterAccepted: process.env.FUZZ_DIGEST_ALL === "1" });
});

afterAll(() => {
  const total = figures.reduce((n, f) => n + f.cases, 0);
  const ms = figures.reduce((n, f) => n + f.ms, 0);
  // CPU time of this process (PGlite runs in it): what the run costs on a machine nobody else uses.
  const cpu = process.cpuUsage(cpuAtStart);
  console.log(
    `fuzz: ${figures.length} operations, ${total} cases in ${(ms / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU), ${world?.seedings ?? 0} seeding(s)`,
  );
  if (process.env.FUZZ_REPORT)
    appendFileSync(process.env.FUZZ_REPORT, `${JSON.stringify({ seedings: world?.seedings })}\n`);
});

function expectClean(f: OperationFigures) {
  figures.push(f);
  // One line per operation as it ends: a run stopped halfway still leaves its figures.
  if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, `${JSON.stringify(f)}\n`);
  const detail = JSON.stringify(f.failures, null, 1);
  expect(f.status500, `500 answers (seed ${f.seed}): ${detail}`).toBe(0);
  expect(
    f.changedAfterRefusal + f.digestMismatches,
    `changes after refusal (seed ${f.seed}): ${detail}`,
  ).toBe(0);
  expect(f.cases).toBe(RUNS);
}

const timeout = Math.max(30_000, RUNS * 400);

describe("fuzz: the change watch", () => {
  const rename = (persona: Persona, id: string, title: string) =>
    app.inject({
      method: "POST",
      url: "/api/graphql",
      headers: world.headers(persona),
      payload: {
        query: "mutation($id: ID!, $t: String!) { renameSandbox(id: $id, title: $t) { id } }",
        variables: { id, t: title },
      },
    });

  it("sees an accepted change in the log and the digest, and a refused one in neither", async () => {
    await world.repair();
    const [sandbox] = await app.deps.db
      .select({ id: sandboxes.id })
      .from(sandboxes)
      .where(and(eq(sandboxes.workspaceId, world.workspaceId), eq(sandboxes.title, "Public")));
    const sandboxId = sandbox?.id;
    const before = await world.watch.digest();
    expect(
      (await rename(world.personas.admin, sandboxId!, "Renamed by the admin")).json().errors,
    ).toBeUndefined();
    expect(await world.watch.take()).toContainEqual({ table: "sandboxes", op: "UPDATE" });
    const afterAccepted = await world.watch.digest();
    expect(changedTables(before, afterAccepted)).toContain("sandboxes");

    expect(
      (await rename(world.personas.outsider, sandboxId!, "Renamed by an outsider")).json().errors,
    ).toHaveLength(1);
    expect(await world.watch.take()).toEqual([]);
    expect(changedTables(afterAccepted, await world.watch.digest())).toEqual([]);
  });
});

describe("fuzz: every GraphQL mutation", () => {
  it.each(mutations.map((m) => [m.name, m] as const))(
    "%s",
    async (_, field) => {
      expectClean(await fuzzer.mutation(field));
    },
    timeout,
  );
});

describe("fuzz: every REST route", () => {
  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    "%s",
    async (_, route) => {
      expectClean(await fuzzer.route(route));
    },
    timeout,
  );
});
