/**
 * Sends fuzz cases and checks the two properties on each answer: it is not a 500 (nor GraphQL's
 * internal "Something went wrong."), and a refused request changed nothing (the change log is
 * empty after it). Accepted requests may change things; the world is repaired after them.
 */
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import type { GraphQLField } from "graphql";
import type { RouteEntry } from "../../src/http/route-index.ts";
import { changedTables, describeChanges } from "./change-log.ts";
import { type GraphqlCase, mutationCases, mutationText } from "./graphql-cases.ts";
import { type RestCase, routeCases } from "./rest-cases.ts";
import type { PersonaName, World } from "./world.ts";

/** What was sent, as a failure report shows it (long values cut). */
export type Sent = {
  operation: string;
  persona: PersonaName;
  method: string;
  url: string;
  marker: boolean;
  /** The GraphQL variables, or the REST body (parsed JSON, or raw text). */
  input: unknown;
};

type Built = { sent: Sent; request: InjectOptions; graphql: boolean };

export type Failure = { kind: "500" | "changed after refusal"; sent: Sent; answer: Answer; changes?: string };

/** What the server answered, cut short for the report. */
export type Answer = { status: number; body: string };

export type OperationFigures = {
  operation: string;
  cases: number;
  accepted: number;
  refused: number;
  status500: number;
  /** Refused requests after which the database had changed. */
  changedAfterRefusal: number;
  /** 502-504: a service the server calls did not answer (none is configured here). */
  otherServerErrors: number;
  /** Runs of refused requests whose database digest differed at the end (must be 0). */
  digestMismatches: number;
  ms: number;
  failures: Failure[];
  seed: number;
};

export type RunOptions = {
  numRuns: number;
  /** Also take the full digest after every accepted request, so every run of refusals is compared. */
  digestAfterAccepted: boolean;
};

const INTERNAL = "Something went wrong";

/** What the personas stand on: an accepted request that changed these is followed by a repair. */
const WORLD_TABLES = new Set(["sessions", "users", "workspaces", "workspace_members"]);

function shorten(value: unknown): unknown {
  if (typeof value === "string")
    return value.length > 120 ? `${value.slice(0, 120)}… (${value.length} chars)` : value;
  if (Array.isArray(value))
    return value.length > 8
      ? [...value.slice(0, 8).map(shorten), `… (${value.length} items)`]
      : value.map(shorten);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

export class Fuzzer {
  constructor(
    private readonly world: World,
    private readonly options: RunOptions,
  ) {}

  async mutation(field: GraphQLField<unknown, unknown>): Promise<OperationFigures> {
    const query = mutationText(field);
    return this.run(
      `Mutation.${field.name}`,
      mutationCases(field, this.world.pool),
      (c: GraphqlCase): Built => ({
        sent: {
          operation: `Mutation.${field.name}`,
          persona: c.persona,
          method: "POST",
          url: "/api/graphql",
          marker: c.marker,
          input: c.variables,
        },
        request: {
          method: "POST",
          url: "/api/graphql",
          headers: {
            ...this.world.headers(this.world.personas[c.persona], c.marker),
            "content-type": "application/json",
          },
          payload: JSON.stringify({ query, variables: c.variables }),
        },
        graphql: true,
      }),
    );
  }

  async route(route: RouteEntry): Promise<OperationFigures> {
    const operation = `${route.method} ${route.url}`;
    return this.run(operation, routeCases(route, this.world.pool), (c: RestCase): Built => {
      const body = c.body;
      const contentType =
        body.kind === "json"
          ? { "content-type": "application/json" }
          : body.kind === "raw"
            ? { "content-type": body.contentType }
            : {};
      return {
        sent: {
          operation,
          persona: c.persona,
          method: route.method,
          url: c.url,
          marker: c.marker,
          input: body.kind === "json" ? body.value : body.kind === "raw" ? body.text : undefined,
        },
        request: {
          method: route.method as InjectOptions["method"],
          url: c.url,
          headers: { ...this.world.headers(this.world.personas[c.persona], c.marker), ...contentType },
          ...(body.kind === "json"
            ? { payload: JSON.stringify(body.value) ?? "null" }
            : body.kind === "raw"
              ? { payload: body.text }
              : {}),
        },
        graphql: route.url === "/api/graphql",
      };
    });
  }

  private async run<C>(
    operation: string,
    cases: fc.Arbitrary<C>,
    build: (c: C) => Built,
  ): Promise<OperationFigures> {
    const world = this.world;
    await world.repair();
    const seed = Date.now() ^ (Math.random() * 0x7fffffff);
    const figures: OperationFigures = {
      operation,
      cases: 0,
      accepted: 0,
      refused: 0,
      status500: 0,
      changedAfterRefusal: 0,
      otherServerErrors: 0,
      digestMismatches: 0,
      ms: 0,
      failures: [],
      seed,
    };
    const started = performance.now();
    let baseline: Map<string, string> | null = await world.watch.digest();
    const fail = (failure: Failure) => {
      if (failure.kind === "500") figures.status500++;
      else figures.changedAfterRefusal++;
      if (figures.failures.length < 5)
        figures.failures.push({ ...failure, sent: { ...failure.sent, input: shorten(failure.sent.input) } });
    };

    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { sent, request, graphql } = build(c);
        const response = await world.app.inject(request);
        const changes = await world.watch.take();
        const answer: Answer = { status: response.statusCode, body: response.body.slice(0, 600) };
        figures.cases++;
        let errors: { message?: string }[] = [];
        if (graphql) {
          try {
            const parsed = JSON.parse(response.body) as unknown;
            for (const part of Array.isArray(parsed) ? parsed : [parsed])
              errors.push(...((part as { errors?: { message?: string }[] } | null)?.errors ?? []));
          } catch {
            errors = [{ message: "(not JSON)" }];
          }
        }
        const internal = graphql && errors.some((e) => e.message?.startsWith(INTERNAL));
        if (response.statusCode === 500 || internal) fail({ kind: "500", sent, answer });
        else if (response.statusCode > 500) figures.otherServerErrors++;
        const refused = response.statusCode >= 400 || errors.length > 0;
        if (refused) {
          figures.refused++;
          if (changes.length > 0)
            fail({ kind: "changed after refusal", sent, answer, changes: describeChanges(changes) });
        } else {
          figures.accepted++;
          if (changes.some((c) => WORLD_TABLES.has(c.table))) await world.repair();
          baseline = this.options.digestAfterAccepted ? await world.watch.digest() : null;
        }
      }),
      { numRuns: this.options.numRuns, seed, endOnFailure: true },
    );

    // The change log's cross-check: the rows did not change since the last accepted request.
    if (baseline) {
      const changed = changedTables(baseline, await world.watch.digest());
      if (changed.length > 0) {
        figures.digestMismatches++;
        figures.failures.push({
          kind: "changed after refusal",
          sent: { operation, persona: "signedOut", method: "-", url: "-", marker: true, input: null },
          answer: { status: 0, body: "" },
          changes: `digest of ${changed.join(", ")} changed without an accepted request`,
        });
      }
    }
    figures.ms = Math.round(performance.now() - started);
    return figures;
  }
}
