/**
 * Cases for one REST route: its path parameters filled (real ids, random ones, hostile strings),
 * a query string, and for methods with a body a JSON object, any JSON, malformed JSON, deeply
 * nested JSON or another content type. The GraphQL door also gets GraphQL-shaped bodies.
 */
import fc from "fast-check";
import type { RouteEntry } from "../../src/http/route-index.ts";
import { personaArbitrary } from "./graphql-cases.ts";
import { anyJson, hostileNumber, hostileString, stringFor } from "./values.ts";
import type { PersonaName, Pool } from "./world.ts";

export type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; text: string };

export type RestCase = { persona: PersonaName; marker: boolean; url: string; body: Body };

/** The names bodies and query strings of this API use (schemas of the routes), and a few others. */
const KEYS = [
  "id",
  "ids",
  "teamId",
  "workspaceId",
  "sandboxId",
  "title",
  "description",
  "privacy",
  "collectionPath",
  "path",
  "files",
  "code",
  "name",
  "username",
  "email",
  "password",
  "token",
  "owner",
  "repo",
  "ref",
  "limit",
  "page",
  "query",
  "q",
  "sortBy",
  "direction",
  "vmTier",
  "template",
  "sandbox",
  "text",
  "user",
  "plan",
  "interval",
  "addons",
  "startedAt",
  "stoppedAt",
  "returnPath",
  "scope",
  "v",
  "origin",
  "featuredSandboxes",
  "bio",
  "socialLinks",
  "role",
  "usage",
  "avatar",
  "module",
  "modules",
  "directory",
  "directories",
  "shortid",
  "directoryShortid",
  "moduleShortids",
  "directoryShortids",
  "baseVersion",
  "isBinary",
  "__proto__",
];

function keyValue(pool: Pool): fc.Arbitrary<[string, unknown]> {
  return fc
    .oneof({ weight: 6, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: hostileString })
    .chain((key) =>
      fc
        .oneof(
          { weight: 4, arbitrary: stringFor(key, pool) as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: hostileNumber },
          { weight: 2, arbitrary: anyJson },
          { weight: 1, arbitrary: fc.array(stringFor(key, pool), { maxLength: 3 }) },
        )
        .map((value): [string, unknown] => [key, value]),
    );
}

function jsonObject(pool: Pool): fc.Arbitrary<Record<string, unknown>> {
  return fc.array(keyValue(pool), { maxLength: 6 }).map((pairs) => {
    const object: Record<string, unknown> = {};
    // defineProperty: a "__proto__" key is sent as a key, as a raw JSON body would carry it.
    for (const [k, v] of pairs)
      Object.defineProperty(object, k, { value: v, enumerable: true, writable: true });
    return object;
  });
}

function nested(depth: number) {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

const GRAPHQL_TEXTS = fc.oneof(
  fc.constantFrom(
    "{ __typename }",
    "mutation { deleteCurrentUser }",
    "query { me { id } }",
    "{",
    "",
    "subscription { x }",
    "query A { __typename } query B { __typename }",
    "{ __schema { types { name } } }",
  ),
  hostileString,
  fc.integer({ min: 2, max: 4000 }).map((n) => `{ ${"me { ".repeat(n)}id${" }".repeat(n)} }`),
  fc
    .integer({ min: 2, max: 5000 })
    .map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(" ")} }`),
);

function graphqlBody(): fc.Arbitrary<Body> {
  const operation = fc.record(
    {
      query: fc.oneof(
        { weight: 4, arbitrary: GRAPHQL_TEXTS as fc.Arbitrary<unknown> },
        { weight: 1, arbitrary: anyJson },
      ),
      variables: anyJson,
      operationName: fc.oneof(fc.constantFrom("A", "B"), anyJson),
    },
    { requiredKeys: ["query"] },
  );
  return fc.oneof(
    operation.map((value): Body => ({ kind: "json", value })),
    fc.array(operation, { maxLength: 400 }).map((value): Body => ({ kind: "json", value })),
  );
}

function body(route: RouteEntry, pool: Pool): fc.Arbitrary<Body> {
  const raw = (contentType: string, text: fc.Arbitrary<string>) =>
    text.map((t): Body => ({ kind: "raw", contentType, text: t }));
  const common: fc.WeightedArbitrary<Body>[] = [
    { weight: 6, arbitrary: jsonObject(pool).map((value): Body => ({ kind: "json", value })) },
    { weight: 2, arbitrary: anyJson.map((value): Body => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "none" }) },
    {
      weight: 2,
      arbitrary: raw(
        "application/json",
        fc.oneof(
          fc.constantFrom("{", '{"a":', "[1,2", "\u0000", "", "nul", '{"a":1}{', '"\\ud800"', "1e99999"),
          fc.integer({ min: 10, max: 20_000 }).map(nested),
          hostileString,
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        raw("text/plain", hostileString),
        raw("application/x-www-form-urlencoded", fc.constantFrom("a=1&b=2", "%zz", "a[b][c]=1")),
        raw("multipart/form-data; boundary=x", fc.constantFrom("--x\r\n", "garbage")),
        raw("image/png", fc.constantFrom("\u0089PNG", "")),
      ),
    },
  ];
  if (route.url === "/api/graphql") common.push({ weight: 8, arbitrary: graphqlBody() });
  return fc.oneof(...common);
}

/** Percent-encoded; a lone surrogate becomes the bytes of one (%ED%A0%80), which is no UTF-8. */
function encodeSegment(text: string): string {
  return (text.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? [])
    .map((c) => (c.length === 1 && c >= "\ud800" && c <= "\udfff" ? "%ED%A0%80" : encodeURIComponent(c)))
    .join("");
}

/** A path parameter's text: encoded, or now and then one of the raw sequences a router must survive. */
function segment(name: string, pool: Pool): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: stringFor(name, pool).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%00", "..", "%2e%2e%2f", "a%2Fb", ".") },
  );
}

function query(pool: Pool, route: RouteEntry): fc.Arbitrary<string> {
  const pairs = fc.array(keyValue(pool), { maxLength: 4 }).map((entries) => {
    const params = new URLSearchParams();
    for (const [k, v] of entries) params.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
    return params.toString();
  });
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.constant("") },
    { weight: 5, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom("a[b]=1", "limit=1&limit=2", "x=%zz", "%", "&&=&") },
  ];
  if (route.url === "/api/graphql") {
    options.push({
      weight: 6,
      arbitrary: fc
        .tuple(GRAPHQL_TEXTS, fc.option(fc.jsonValue({ maxDepth: 2 })), fc.option(fc.constantFrom("A", "B")))
        .map(([q, variables, operationName]) =>
          new URLSearchParams({
            query: q,
            ...(variables === null ? {} : { variables: JSON.stringify(variables) }),
            ...(operationName === null ? {} : { operationName }),
          }).toString(),
        ),
    });
  }
  return fc.oneof(...options);
}

const HAS_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Cases for `route`, the client marker on nearly every state-changing request. */
export function routeCases(route: RouteEntry, pool: Pool): fc.Arbitrary<RestCase> {
  const parts = route.url.split("/");
  const path = fc
    .tuple(
      ...parts.map((part) => {
        if (part.startsWith(":")) return segment(part.slice(1), pool);
        if (part === "*")
          return fc.oneof(
            fc.constantFrom("octo/repo", "github/octo/repo/tree/main", "a/b/c/d", ""),
            segment("path", pool),
          );
        return fc.constant(part);
      }),
    )
    .map((segments) => segments.join("/"));
  return fc.record({
    persona: personaArbitrary,
    marker: fc.oneof(
      { weight: 19, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    url: fc.tuple(path, query(pool, route)).map(([p, q]) => (q ? `${p}?${q}` : p)),
    body: HAS_BODY.has(route.method) ? body(route, pool) : fc.constant<Body>({ kind: "none" }),
  });
}
