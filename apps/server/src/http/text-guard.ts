import type { FastifyInstance } from "fastify";
import { JSON_MAX_DEPTH } from "./json-body.ts";
import { BadRequest } from "./request-errors.ts";

export const NUL_MESSAGE = "Text must not contain the NUL character (\\u0000).";
export const ILL_FORMED_MESSAGE = "Text must be valid Unicode (a lone surrogate was sent).";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored (PostgreSQL refuses NUL in text; lone surrogates are not text), or null. */
export function stringProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return ILL_FORMED_MESSAGE;
  return null;
}

/**
 * The first problem of the strings (keys included) in a parsed value, or null. Walked without
 * recursion, so that depth alone cannot overflow the stack; deeper than JSON_MAX_DEPTH is a problem,
 * and so is a string longer than `maxLength` when given.
 */
export function textProblem(value: unknown, maxLength = Number.POSITIVE_INFINITY): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === "string") {
      const problem = stringProblem(item);
      if (problem) return problem;
      if (item.length > maxLength)
        return `A text of the request is longer than ${maxLength.toLocaleString("en-US")} characters.`;
    } else if (item !== null && typeof item === "object" && !Buffer.isBuffer(item)) {
      if (depth >= JSON_MAX_DEPTH) return `The request is nested more than ${JSON_MAX_DEPTH} levels deep.`;
      if (Array.isArray(item)) {
        for (const entry of item) stack.push([entry, depth + 1]);
      } else {
        for (const [key, entry] of Object.entries(item)) {
          const problem = stringProblem(key);
          if (problem) return problem;
          stack.push([entry, depth + 1]);
        }
      }
    }
  }
  return null;
}

/**
 * Every door's string input (bodies, query strings, path parameters; GraphQL's own values are
 * checked by its validation rule and hook) is refused with a 400 when it holds a NUL character or
 * a lone surrogate, before any handler sees it: one check instead of one per field.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const problem =
      textProblem(request.params) ??
      textProblem(request.query) ??
      (Buffer.isBuffer(request.body) ? null : textProblem(request.body));
    if (problem) throw new BadRequest(problem);
  });
}
