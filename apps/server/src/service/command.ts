import type { z } from "zod";
import { parseOrInvalid } from "../http/parse-input.ts";
import { actorId, type Command, type Ctx, type Query, type ReadCtx } from "./context.ts";

/** A signed-in actor's context: its user id at hand. */
export type SignedIn<C> = C & { userId: string };

/**
 * A signed-in user's command with its one input schema: whichever door calls it (REST, GraphQL) hands
 * it the raw input. Nobody signed in is refused first; the input is parsed next, with the same
 * rules and messages for every door.
 */
export function command<S extends z.ZodType, O>(
  schema: S,
  run: (ctx: SignedIn<Ctx>, input: z.output<S>) => Promise<O>,
): Command<z.input<S>, O> {
  return async (ctx, input) => {
    const userId = actorId(ctx);
    return run({ ...ctx, userId }, parseOrInvalid(schema, input));
  };
}

/** A command anyone may run, signed in or not (signing up, a webhook): its input is parsed all the same. */
export function openCommand<S extends z.ZodType, O>(
  schema: S,
  run: (ctx: Ctx, input: z.output<S>) => Promise<O>,
): Command<z.input<S>, O> {
  return async (ctx, input) => run(ctx, parseOrInvalid(schema, input));
}

/** A signed-in user's read with its one input schema (see `command`). */
export function query<S extends z.ZodType, O>(
  schema: S,
  run: (ctx: SignedIn<ReadCtx>, input: z.output<S>) => Promise<O>,
): Query<z.input<S>, O> {
  return async (ctx, input) => {
    const userId = actorId(ctx);
    return run({ ...ctx, userId }, parseOrInvalid(schema, input));
  };
}

/** A read anyone may run (see `openCommand`). */
export function openQuery<S extends z.ZodType, O>(
  schema: S,
  run: (ctx: ReadCtx, input: z.output<S>) => Promise<O>,
): Query<z.input<S>, O> {
  return async (ctx, input) => run(ctx, parseOrInvalid(schema, input));
}
