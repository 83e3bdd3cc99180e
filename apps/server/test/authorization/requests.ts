/** Turns table rows into real requests and their answers into outcomes. */

import type { LightMyRequestResponse } from "fastify";
import {
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
} from "graphql";
import type { Outcome, Persona } from "./outcomes.ts";

export type Vars = Record<string, string | number | boolean | null | string[]>;

/** Replaces `{name}` with the JSON of `vars[name]` (GraphQL literals) or its raw text (URLs). */
export function fill(template: string, vars: Vars, raw = false): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`no value for {${name}} in ${template}`);
    const value = vars[name]!;
    return raw ? encodeURIComponent(String(value)) : JSON.stringify(value);
  });
}

/** The segments of a path: fields with their arguments, or `... on Type`. */
function segments(path: string) {
  return path.split(" > ").map((s) => s.trim());
}

const fieldName = (segment: string) => segment.replace(/\(.*$/s, "").trim();

/**
 * The GraphQL document of a path (the last field selected whole for a scalar, by `id` or
 * `__typename` for an object), the schema coordinates on its way and the response keys to walk.
 */
export function graphqlOf(schema: GraphQLSchema, path: string, operation: "query" | "mutation") {
  let type: GraphQLNamedType = operation === "query" ? schema.getQueryType()! : schema.getMutationType()!;
  const coordinates: string[] = [];
  const keys: string[] = [];
  const parts = segments(path);
  for (const segment of parts) {
    if (segment.startsWith("... on ")) {
      type = schema.getType(segment.slice(7).trim())!;
      continue;
    }
    if (!isObjectType(type) && !isInterfaceType(type)) throw new Error(`${path}: ${type.name} has no fields`);
    const name = fieldName(segment);
    const field = type.getFields()[name];
    if (!field) throw new Error(`${path}: ${type.name}.${name} does not exist`);
    coordinates.push(`${type.name}.${name}`);
    keys.push(name);
    type = getNamedType(field.type);
  }
  let leaf = "";
  if (isObjectType(type)) leaf = "id" in type.getFields() ? " { __typename id }" : " { __typename }";
  else if (isInterfaceType(type)) leaf = " { __typename }";
  const document = nest(parts.slice(0, -1), `${parts[parts.length - 1]}${leaf}`);
  const scalar = !isObjectType(type) && !isInterfaceType(type);
  return { document: `${operation} { ${document} }`, coordinates, keys, scalar, parts, leaf };
}

/** `a { b { inner } }` from segments [a, b]. */
function nest(parents: string[], inner: string) {
  return parents.reduceRight((body, segment) => `${segment} { ${body} }`, inner);
}

/**
 * One document for paths that differ in their last field only (`a0: field`, `a1: ...`), and the
 * response keys of each: a row's fields read for a persona in one request.
 */
export function graphqlBatchOf(schema: GraphQLSchema, paths: string[]) {
  const each = paths.map((path) => graphqlOf(schema, path, "query"));
  const parents = each[0]!.parts.slice(0, -1);
  const inner = each.map((e, i) => `a${i}: ${e.parts[e.parts.length - 1]}${e.leaf}`).join(" ");
  return {
    document: `query { ${nest(parents, inner)} }`,
    rows: each.map((e, i) => ({ keys: [...e.keys.slice(0, -1), `a${i}`], scalar: e.scalar })),
  };
}

const CODES: Record<string, Outcome> = {
  UNAUTHENTICATED: "unauthenticated",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "notFound",
  INVALID: "invalid",
  CONFLICT: "conflict",
};

type GraphQLBody = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

/**
 * What the value at `keys` is: lists flattened, a null on the way counts as null. A scalar field
 * reached (its object answered) is `data` whatever its value, or `null` when the table expects null.
 */
export function graphqlOutcome(
  body: GraphQLBody,
  keys: string[],
  scalar: boolean,
  expected: Outcome,
): { outcome: Outcome; detail?: string } {
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code;
    return { outcome: (code && CODES[code]) || "error", detail: `${code ?? ""} ${error.message}` };
  }
  const EMPTY = Symbol("empty");
  let values: unknown[] = [body.data];
  let reached = false;
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) reached = values.some((v) => v !== null && v !== undefined && v !== EMPTY);
    values = values.flatMap((v) => {
      if (v === null || v === undefined || v === EMPTY) return [v === EMPTY ? EMPTY : null];
      const next = (v as Record<string, unknown>)[key];
      if (Array.isArray(next)) return next.length === 0 ? [EMPTY] : next;
      return [next];
    });
  }
  const answered = values.some((v) => v !== null && v !== undefined && v !== EMPTY);
  if (scalar && reached) return { outcome: expected === "null" && !answered ? "null" : "data" };
  if (answered) return { outcome: "data" };
  if (values.some((v) => v === EMPTY)) return { outcome: "empty" };
  return { outcome: "null" };
}

export function restOutcome(response: LightMyRequestResponse): { outcome: Outcome; detail?: string } {
  const status = response.statusCode;
  const detail = `${status} ${response.body.slice(0, 160)}`;
  if (status < 300) return { outcome: "data", detail };
  if (status < 400) return { outcome: "redirect", detail };
  const byStatus: Record<number, Outcome> = {
    400: "invalid",
    401: "unauthenticated",
    403: "forbidden",
    404: "notFound",
    409: "conflict",
    413: "invalid",
    415: "invalid",
    422: "invalid",
    429: "tooMany",
    502: "unavailable",
    503: "unavailable",
    504: "unavailable",
  };
  return { outcome: byStatus[status] ?? "error", detail };
}

/** The seeded objects an answer holds that the persona may not read (by their `id`). */
export function leaks(
  value: unknown,
  persona: Persona,
  readers: Map<string, { name: string; personas: Set<Persona> }>,
): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== "object") return;
    for (const [key, inner] of Object.entries(v)) {
      if ((key === "id" || key === "forkedFromId") && typeof inner === "string") {
        const entry = readers.get(inner);
        if (entry && !entry.personas.has(persona)) found.push(entry.name);
      }
      walk(inner);
    }
  };
  walk(value);
  return found;
}

/** Every `id` an answer holds. */
export function idsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "id" && typeof inner === "string" ? [inner] : idsIn(inner),
  );
}
