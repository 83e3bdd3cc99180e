/** Generated values: hostile strings and numbers, and ids of real objects chosen by what a name asks for. */
import fc from "fast-check";
import type { Pool } from "./world.ts";

const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Strings a form would never send: NUL bytes, any code point, lone surrogates, control and huge ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.string({ unit: surrogate, minLength: 1, maxLength: 3 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "\t\n\r",
      "/",
      "//",
      "/../..",
      "%00",
      "%",
      "null",
      "undefined",
      "__proto__",
      "constructor",
      "' or 1=1 --",
      "\\",
      "🦊🦊",
      "\u202e\u200b",
      "e\u0301",
      "a".repeat(256),
      "<script>alert(1)</script>",
      "$\u007bjndi:x}",
      "NaN",
      "-1",
      "1e309",
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => "x".repeat(n)) },
);

export const hostileInt: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 12 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(2_147_483_647, -2_147_483_648, 0, 1000, 1001, 100_000) },
);

/** Numbers a GraphQL Int refuses, and JSON no form would send. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  hostileInt,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53, -(2 ** 53), 1.5, -0, 1e308),
);

/** Any JSON value, for the wrong type of an argument or a field. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.jsonValue({ maxDepth: 2 }),
);

function pick(values: readonly string[]): fc.Arbitrary<string> {
  return values.length > 0 ? fc.constantFrom(...values) : fc.uuid();
}

/** The real values a parameter named `name` most likely wants (all ids when the name says nothing). */
function realFor(name: string, pool: Pool): readonly string[] | null {
  const n = name.toLowerCase();
  if (n.includes("template")) return pool.templateIds;
  if (n.includes("shortid")) return pool.shortids;
  if (n.includes("notification")) return pool.notificationIds;
  if (n.includes("sandbox") || n === "id" || n === "ids") return pool.sandboxIds;
  if (n.includes("team") || n.includes("workspace")) return pool.workspaceIds;
  if (n.includes("user") && n.includes("id")) return pool.userIds;
  if (n.includes("usernameoremail")) return [...pool.usernames, ...pool.emails];
  if (n.includes("username") || n === "login") return pool.usernames;
  if (n.includes("email")) return pool.emails;
  if (n.includes("path")) return pool.paths;
  if (n.includes("token")) return pool.inviteTokens;
  if (n.includes("domain")) return ["fuzz.test", "example.test", "bigcorp.example"];
  if (n.includes("url"))
    return ["https://github.com/octo/repo", "https://example.test/icon.png", "javascript:1"];
  if (n.includes("color")) return ["#61dafb", "red", "#zzzzzz"];
  if (n === "owner" || n === "repo" || n === "name" || n === "organization") return ["octo", "repo", "main"];
  if (n === "provider") return ["github", "google", "apple", "workos", "oidc", "local"];
  if (n === "plan") return ["flex", "pro", "builder", "free", "enterprise"];
  if (n === "addons") return ["vm_credits_1", "addon"];
  return null;
}

/**
 * A string for a parameter: mostly a real value of the kind its name asks for (or any real id),
 * else a random UUID or a hostile string.
 */
export function stringFor(name: string, pool: Pool): fc.Arbitrary<string> {
  const real = realFor(name, pool);
  const pathLike = name.toLowerCase().includes("path")
    ? fc
        .array(fc.constantFrom("a", "b", "c", "", "..", "x y"), { maxLength: 4 })
        .map((p) => `/${p.join("/")}`)
    : null;
  return fc.oneof(
    { weight: 6, arbitrary: pick(real ?? [...pool.uuids, ...pool.sandboxIds]) },
    { weight: 1, arbitrary: pick(pool.uuids) },
    { weight: 2, arbitrary: pathLike ?? fc.uuid() },
    { weight: 3, arbitrary: hostileString },
  );
}
