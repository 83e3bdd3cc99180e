/** The personas of the authorization table and the answers a request can get, compactly. */

/**
 * signedOut: nobody signed in. outsider: signed in, member of neither workspace. reader, writer,
 * admin: READ, WRITE and ADMIN members of the main workspace. frozen: the ADMIN of a frozen
 * workspace seeded like the main one (their requests name that workspace's objects).
 */
export const PERSONAS = ["signedOut", "outsider", "reader", "writer", "admin", "frozen"] as const;
export type Persona = (typeof PERSONAS)[number];

/**
 * data: an answer (a scalar, possibly null; an object; a non-empty list; a 2xx). null: null.
 * empty: an empty list. The rest are refusals (GraphQL `extensions.code`, or the REST status).
 * `leak:<object>` is what the runner reports when an answer holds an object the persona may not read.
 */
export type Outcome =
  | "data"
  | "null"
  | "empty"
  | "redirect"
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "notFound"
  | "conflict"
  | "tooMany"
  | "unavailable"
  | "error";

export type Cells = Record<Persona, Outcome>;

/** Per persona, with `others` for the ones not named. */
export function cells(spec: Partial<Cells> & { others?: Outcome }): Cells {
  const { others, ...named } = spec;
  const filled = {} as Cells;
  for (const persona of PERSONAS) {
    const outcome = named[persona] ?? others;
    if (!outcome) throw new Error(`no expected answer for ${persona}`);
    filled[persona] = outcome;
  }
  return filled;
}

export const anyone = (outcome: Outcome) => cells({ others: outcome });

/** Anyone signed in; signed out gets `out`. */
export const signedIn = (outcome: Outcome, out: Outcome = "unauthenticated") =>
  cells({ others: outcome, signedOut: out });

/** Members of the workspace (the frozen one's admin included) get `inside`; others what a missing object gets. */
export const members = (inside: Outcome, outside: Outcome, signedOut: Outcome = outside) =>
  cells({ others: inside, outsider: outside, signedOut });

/** A write needing WRITE in an unfrozen workspace; a non-member is told the object does not exist. */
export const writers = (ok: Outcome = "data", outside: Outcome = "notFound") =>
  cells({
    signedOut: "unauthenticated",
    outsider: outside,
    reader: "forbidden",
    writer: ok,
    admin: ok,
    frozen: "forbidden",
  });

/** An admin-only operation; `frozen` says whether a frozen workspace still allows it. */
export const admins = (frozen: "allowed" | "refused", ok: Outcome = "data", outside: Outcome = "notFound") =>
  cells({
    signedOut: "unauthenticated",
    outsider: outside,
    reader: "forbidden",
    writer: "forbidden",
    admin: ok,
    frozen: frozen === "allowed" ? ok : "forbidden",
  });

/** Admins read it; other members get `others` (null, empty); non-members cannot reach it. */
export const adminsRead = (others: "null" | "empty", outside: Outcome = "null") =>
  cells({
    signedOut: outside,
    outsider: outside,
    reader: others,
    writer: others,
    admin: "data",
    frozen: "data",
  });
