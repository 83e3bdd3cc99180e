import type { Db, Tx } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { unauthenticated } from "../http/errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { deliver, storeNotifications } from "../modules/notifications/notifier.ts";
import { Effects } from "./effects.ts";

/** What a read is given besides its input: who asks, the dependencies and the database. */
export type ReadCtx = {
  /** Who asks; null when nobody is signed in (a public read, a webhook, a job). */
  actor: Viewer | null;
  deps: Deps;
  /** The database, or the transaction of the command that reads. */
  db: Db | Tx;
};

/** What a command is given: a read's context in the command's transaction, and the effects to leave. */
export type Ctx = ReadCtx & {
  db: Tx;
  /** Carried out once the transaction has committed. */
  effects: Effects;
};

declare const unparsedInput: unique symbol;
/** A request's input as it came (a body, a query string): the command parses it with its schema. */
export type Unparsed = { readonly [unparsedInput]: true };
/** Hands a request's raw input to a command, which parses it with its one schema. */
export function unparsed(value: unknown): Unparsed {
  return value as Unparsed;
}

/** A command: the one unit both doors (REST and GraphQL) call to change something. */
export type Command<I, O> = (ctx: Ctx, input: I | Unparsed) => Promise<O>;
/** A read: what both doors call to answer. */
export type Query<I, O> = (ctx: ReadCtx, input: I | Unparsed) => Promise<O>;

/** The signed-in user a command acts for; refuses when nobody is signed in. */
export function actorId(ctx: Pick<Ctx, "actor">): string {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor.userId;
}

/**
 * Runs a command in one transaction. Its notifications are stored in that transaction; its live
 * events and mails go out once it has committed (nothing of a command that fails).
 */
export async function runCommand<I, O>(
  deps: Deps,
  actor: Viewer | null,
  command: Command<I, O>,
  input: I | Unparsed,
): Promise<O> {
  const effects = new Effects();
  const { result, stored } = await deps.db.transaction(async (tx) => {
    const result = await command({ actor, deps, db: tx, effects }, input);
    return { result, stored: await storeNotifications(tx, deps.config.publicUrl, effects) };
  });
  await deliver(deps, effects, stored);
  return result;
}

/** Runs a read on the database itself, outside any transaction. */
export function runQuery<I, O>(
  deps: Deps,
  actor: Viewer | null,
  query: Query<I, O>,
  input: I | Unparsed,
): Promise<O> {
  return query({ actor, deps, db: deps.db }, input);
}
