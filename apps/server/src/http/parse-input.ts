import type { z } from "zod";
import { invalid } from "./errors.ts";

/** Parses input with its schema; the first problem is a 400 naming the field, as every door answers. */
export function parseOrInvalid<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw invalid(issue.message, issue.path.length ? String(issue.path[0]) : undefined);
}

/**
 * A request body's fields, to hand to a command with the path's parameters: none when there is no
 * body; a body that is not an object is refused.
 */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === "") return {};
  if (typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  throw invalid("The body must be a JSON object.");
}
